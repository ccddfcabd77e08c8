import { execFileSync } from "node:child_process";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { packageRoot } from "../../src/util/packageRoot.js";

/** scripts/build.mjs: the CLI bundle, the package entry and its declarations, the dashboard. */
function build(): void {
  const root = packageRoot();
  execFileSync(process.execPath, [join(root, "scripts", "build.mjs")], { cwd: root, stdio: "inherit" });
}

/**
 * Both integration projects name this setup, and Vitest runs each project's global setup in
 * its one main process (with a module graph per project): the flag on globalThis makes it one
 * build per run.
 */
const builtThisRun = Symbol.for("mor-throughput.test.buildDist");

/**
 * Global setup of the integration projects: builds dist/ once before their first test file runs
 * (and again before each rerun in watch mode), so that the CLI the tests spawn, the bench's
 * commands and the published dashboard are always the code under test, never a stale bundle,
 * however many files run (`npx vitest run test/e2e/pipeline.test.ts` too).
 */
export default function setup(project: TestProject): void {
  const flags = globalThis as { [builtThisRun]?: boolean };
  if (flags[builtThisRun]) return;
  flags[builtThisRun] = true;
  build();
  project.onTestsRerun(() => build());
}
