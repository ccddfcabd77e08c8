import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { filesUnder, repoRoot } from "./sourceFiles.js";

/**
 * A run of the CLI writes, reads its environment and ends only through its io
 * (src/commands/cliIo.ts), which src/cli.ts sets from the process: so a run inside the tests
 * (test/support/runCli.ts) shows everything a process would, and runs at once never mix. Only
 * these modules touch the process's own, each for its reason.
 */
const allowed: Record<string, string> = {
  "src/cli.ts": "the process's streams, environment, signals and exit code make the io of its run",
  "src/devchain/startAnvil.ts": "the nodes it started are killed when the process ends, however it ends",
  "src/devchain/findAnvil.ts": "PATH by default, for the nodes the test tooling starts outside any run",
};

/** What reaches the process's own streams, exit, signals or environment. */
const processGlobal =
  /\bprocess\.(stdout|stderr|stdin|exit|exitCode|argv|env|on|once|off|addListener|chdir)\b|\bconsole\./g;

/** The places `text` reaches the process's own, as "line: code". */
function processGlobalsIn(text: string): string[] {
  return text.split("\n").flatMap((line, k) => {
    const code = line.replace(/\/\/.*$|^\s*\*.*$|^\s*\/\*.*$/, "");
    return [...code.matchAll(processGlobal)].map((m) => `${k + 1}: ${m[0]}`);
  });
}

describe("the CLI's io", () => {
  test("default: no module of src/ but the allowed ones touches the process's streams, exit code, signals or environment", () => {
    // The dashboard runs in a browser: no process there.
    const modules = filesUnder("src", (name) => name.endsWith(".ts") && !name.endsWith(".test.ts")).filter(
      (path) => !path.startsWith("src/dashboard/"),
    );
    expect(modules.length).toBeGreaterThan(50);
    const violations = modules
      .filter((path) => !(path in allowed))
      .flatMap((path) =>
        processGlobalsIn(readFileSync(join(repoRoot, path), "utf8")).map((where) => `${path}:${where}`),
      );
    expect(violations).toEqual([]);
  });

  test("default: each allowed module still needs its exception", () => {
    const unused = Object.keys(allowed).filter(
      (path) => processGlobalsIn(readFileSync(join(repoRoot, path), "utf8")).length === 0,
    );
    expect(unused).toEqual([]);
  });

  test("error: the check sees a write, an exit code, a signal, the environment and the console; not a comment", () => {
    expect(
      processGlobalsIn(
        [
          'process.stderr.write("x");',
          "process.exitCode = 1;",
          'process.once("SIGINT", stop);',
          "const url = process.env.RPC_URL;",
          "console.log(1);",
          "// process.stdout in a comment",
          " * process.exit in a doc comment",
          "const pid = process.pid;",
        ].join("\n"),
      ),
    ).toEqual([
      "1: process.stderr",
      "2: process.exitCode",
      "3: process.once",
      "4: process.env",
      "5: console.",
    ]);
  });
});
