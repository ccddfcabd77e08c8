import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Command } from "commander";
import { describe, expect, test } from "vitest";
import { createProgram } from "../../src/commands/createProgram.js";
import { settleChainOptions } from "../../src/commands/options/settleOptions.js";
import { repoRoot } from "./sourceFiles.js";

/**
 * Every command line of docs/endpoints.md parses with the real CLI's program (its commands and
 * flags, nothing run) and its chain options settle (every URL of a pool, from flags or the
 * environment).
 */

/** The `npx mor-throughput ...` lines of the page's sh blocks, with the variables set before them. */
function commandLines(
  markdown: string,
): Array<{ env: Record<string, string>; argv: string[]; line: string }> {
  const blocks = [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1] as string);
  return blocks
    .flatMap((block) => block.split("\n"))
    .filter((line) => line.includes("npx mor-throughput"))
    .map((line) => {
      const words = shellWords(line);
      const at = words.indexOf("npx");
      const env = Object.fromEntries(
        words
          .slice(0, at)
          .map((word) => [word.slice(0, word.indexOf("=")), word.slice(word.indexOf("=") + 1)]),
      );
      return { env, argv: words.slice(at + 2), line };
    });
}

/** A line split as sh does for these lines: words, double quotes, a comment to the end. */
function shellWords(line: string): string[] {
  const words: string[] = [];
  for (const match of line.replace(/\s#.*$/, "").matchAll(/(?:[^\s"]+|"[^"]*")+/g))
    words.push(match[0].replaceAll('"', ""));
  return words;
}

/** The program with every command's action replaced: what it parsed, nothing run. */
function parse(argv: string[]): { command: string; options: Record<string, unknown> } {
  const program = createProgram();
  let parsed: { command: string; options: Record<string, unknown> } | undefined;
  for (const command of [program, ...program.commands] as Command[]) {
    command.exitOverride();
    command.configureOutput({ writeOut: () => {}, writeErr: () => {} });
    if (command !== program)
      command.action(() => {
        parsed = { command: command.name(), options: command.opts() };
      });
  }
  program.parse(argv, { from: "user" });
  if (!parsed) throw new Error(`no command ran: ${argv.join(" ")}`);
  return parsed;
}

describe("docs/endpoints.md", () => {
  const lines = commandLines(readFileSync(join(repoRoot, "docs", "endpoints.md"), "utf8"));

  test("default: every command line parses with the CLI, and each names several endpoints of a chain", () => {
    expect(lines.length).toBeGreaterThan(0);
    for (const { env, argv, line } of lines) {
      const { command, options } = parse(argv);
      expect(["run", "sync"], line).toContain(command);
      const settled = settleChainOptions(options, env);
      expect(settled.endpoints.length, line).toBeGreaterThan(2);
    }
  });
});
