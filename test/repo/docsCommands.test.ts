import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { suites } from "../../scripts/bench/benchOptions.js";
import { checkCommand } from "./checkCommand.js";
import { commandLinesOf } from "./commandLinesOf.js";
import { anchorsOf, deadLinksOf } from "./deadLinksOf.js";
import { shellCommands } from "./shellCommands.js";
import { filesUnder, repoRoot } from "./sourceFiles.js";

/**
 * The docs cannot drift from the code: every command line shown in README.md and docs/*.md parses
 * with the real CLI (no unknown command or flag, no missing value, no excess argument), names an
 * npm script that exists, or parses with the bench's options; and every relative link leads to a
 * file, and a heading, that exist. Nothing runs: the commands' actions are replaced by no-ops.
 */
const pages = ["README.md", ...filesUnder("docs", (name) => name.endsWith(".md"))];
const read = (path: string) => readFileSync(join(repoRoot, path), "utf8");
const { scripts } = JSON.parse(read("package.json")) as { scripts: Record<string, string> };

/** Every command of a page's command lines, checked: `path:line: command: problem` for each wrong one. */
function problemsOf(path: string, markdown: string, checked: string[] = []): string[] {
  const problems: string[] = [];
  for (const { text, line } of commandLinesOf(markdown)) {
    for (const words of shellCommands(text)) {
      const { kind, problem } = checkCommand(words, scripts);
      if (kind !== "other") checked.push(kind);
      if (problem) problems.push(`${path}:${line}: ${words.join(" ")}: ${problem}`);
    }
  }
  return problems;
}

describe("the command lines of the docs", () => {
  test("default: every command line in README.md and docs/*.md parses with the real CLI, npm and the bench", () => {
    const checked: string[] = [];
    const problems = pages.flatMap((path) => problemsOf(path, read(path), checked));
    expect(problems).toEqual([]);
    // The pages do show commands of every kind: the extraction found them.
    expect(checked.filter((kind) => kind === "cli").length).toBeGreaterThan(20);
    expect(new Set(checked)).toEqual(new Set(["cli", "script", "bench"]));
  });

  test("behavior: fenced and inline commands, continuation lines joined, environment skipped, comments dropped", () => {
    const page = [
      "Run `npx mor-throughput validate out --deep`, or `npm run demo -- --no-serve`.",
      "",
      "```sh",
      "RPC_URL_8453=https://base.example RPC_URL_42161=… \\",
      "  npx mor-throughput run --rpc-url <base endpoint> --contract 0x… --from-block 0   # a comment --bad",
      "cd ../try && node --enable-source-maps bin/mor-throughput.js demo --help",
      "```",
      "",
      "```ts",
      'const line = "npx mor-throughput run --no-such-flag"; // not shell',
      "```",
    ].join("\n");
    const checked: string[] = [];
    expect(problemsOf("page.md", page, checked)).toEqual([]);
    expect(checked).toEqual(["cli", "cli", "cli", "cli"]);
    expect(commandLinesOf(page).map((line) => line.line)).toEqual([1, 1, 4, 6]);
  });

  test("error: an unknown flag", () => {
    expect(problemsOf("page.md", "```sh\nnpx mor-throughput run --rpc-urls https://x\n```")).toEqual([
      "page.md:2: npx mor-throughput run --rpc-urls https://x: unknown option '--rpc-urls'\n(Did you mean --rpc-url?)",
    ]);
  });

  test("error: a missing value", () => {
    expect(problemsOf("page.md", "Then `mor-throughput sync --db`.")).toEqual([
      "page.md:1: mor-throughput sync --db: option '--db <path>' argument missing",
    ]);
  });

  test("error: an excess argument, an unknown command, an inline command broken over two lines", () => {
    expect(
      problemsOf("page.md", "`mor-throughput check a b` and\n`node bin/mor-throughput.js publish\n--out x`"),
    ).toEqual([
      "page.md:1: mor-throughput check a b: too many arguments for 'check'. Expected 1 argument but got 2.",
      "page.md:2: node bin/mor-throughput.js publish --out x: unknown command 'publish'",
    ]);
  });

  test("error: a placeholder for the command must fit every command", () => {
    expect(problemsOf("page.md", "`npx mor-throughput <command> --help`")).toEqual([]);
    const [problem] = problemsOf("page.md", "`npx mor-throughput <command> --deep`");
    expect(problem).toMatch(/^page\.md:1: npx mor-throughput <command> --deep: unknown option '--deep'/);
  });

  test("error: an npm script that does not exist, arguments before `--`, a bench flag the bench does not know", () => {
    const page = [
      "```sh",
      "npm run no-such-script",
      "npm run demo --no-serve",
      "npm run bench -- --suite nope",
      "npm run bench -- --no-such-flag",
      "npm test && npm run test:stress",
      "npm run -s bench -- --suite nope",
      "```",
    ].join("\n");
    expect(problemsOf("page.md", page)).toEqual([
      "page.md:2: npm run no-such-script: package.json has no script no-such-script",
      "page.md:3: npm run demo --no-serve: --no-serve: npm takes what comes before `--`; the script's arguments go after it",
      `page.md:4: npm run bench -- --suite nope: --suite: expected some of ${suites.join(", ")}, got "nope"`,
      expect.stringMatching(/^page\.md:5: npm run bench -- --no-such-flag: Unknown option '--no-such-flag'/),
      // npm's own flags before the script's name are npm's: the script and its arguments are checked.
      `page.md:7: npm run -s bench -- --suite nope: --suite: expected some of ${suites.join(", ")}, got "nope"`,
    ]);
  });
});

describe("shellCommands", () => {
  test("behavior: a redirection is the shell's: dropped with its target, the command's words kept", () => {
    expect(shellCommands("npm run -s bench -- --json > scale.json 2>&1 | tee x")).toEqual([
      ["npm", "run", "-s", "bench", "--", "--json"],
      ["tee", "x"],
    ]);
    expect(shellCommands("npx mor-throughput run --json >> out.json 2> err.log")).toEqual([
      ["npx", "mor-throughput", "run", "--json"],
    ]);
    expect(shellCommands("npx mor-throughput check <site>")).toEqual([
      ["npx", "mor-throughput", "check", "<site>"],
    ]);
  });
});

describe("the links of the docs", () => {
  test("default: every relative link in README.md and docs/*.md leads to a file, and an anchor to a heading, that exist", () => {
    expect(pages.flatMap((path) => deadLinksOf(repoRoot, path, read(path)))).toEqual([]);
  });

  test("behavior: GitHub's anchors: lower case, no punctuation or markup, spaces as hyphens, repeats numbered", () => {
    const page = "# The API: `meta.json`\n\n## Exit codes\n\n## Exit codes\n\nSetext heading\n---\n";
    expect([...anchorsOf(page)]).toEqual([
      "the-api-metajson",
      "exit-codes",
      "exit-codes-1",
      "setext-heading",
    ]);
  });

  test("error: a dead link, a dead anchor, an anchor into a page that has no such heading", () => {
    const page = [
      "See [the spec](SPEC.md), [nothing](no-such-page.md) and [here](#no-such-heading).",
      "![a picture](gone.png) and [the CLI](cli.md#no-such-flag), [fine](#see) [fine too](https://example.com/x.md)",
      "`[in code](missing.md)` is no link.",
      "",
      "## See",
    ].join("\n");
    const root = join(repoRoot, "docs");
    expect(deadLinksOf(root, "page.md", page)).toEqual([
      "page.md:1: no-such-page.md: no such file (no-such-page.md)",
      "page.md:1: #no-such-heading: no heading #no-such-heading in page.md",
      "page.md:2: gone.png: no such file (gone.png)",
      "page.md:2: cli.md#no-such-flag: no heading #no-such-flag in cli.md",
    ]);
  });
});
