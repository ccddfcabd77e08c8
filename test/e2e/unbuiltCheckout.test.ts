import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { runProcess } from "../../tooling/process/runProcess.js";
import { cliEnv, cliPath } from "../support/runCli.js";
import { useTempDir } from "../support/useTempDir.js";

/**
 * A checkout whose dist/ was never built (`npm ci --ignore-scripts`, a clone without `npm ci`):
 * bin/mor-throughput.js has no program to run. A person must build it, and no retry helps: exit
 * 1, and the message says what was missing and what to run (docs/cli.md, "Exit codes").
 */
describe("bin/mor-throughput.js in a checkout that is not built", () => {
  const dir = useTempDir("mor-unbuilt-");

  test("error: dist/cli.js missing exits 1 and says to build", async () => {
    mkdirSync(join(dir, "bin"));
    copyFileSync(cliPath, join(dir, "bin", "mor-throughput.js"));
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "mor-throughput", type: "module" }));
    const result = await runProcess(process.execPath, [join(dir, "bin", "mor-throughput.js"), "run"], {
      cwd: dir,
      env: cliEnv(),
      timeoutMs: 30_000,
    });
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      [
        "error: mor-throughput is not built: dist/cli.js is missing.",
        "Expected a built checkout: run `npm run build` (`npm ci` runs it, unless scripts are ignored).",
        "",
      ].join("\n"),
    );
    expect(result.code).toBe(1);
  });
});
