import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { packageRoot } from "../../src/util/packageRoot.js";

/** scripts/build.mjs: the CLI bundle, the package entry and its declarations, the dashboard. */
function build(): void {
  const root = packageRoot();
  execFileSync(process.execPath, [join(root, "scripts", "build.mjs")], { cwd: root, stdio: "inherit" });
}

/** The stamp scripts/build.mjs leaves in dist/: which build the CLI under test comes from. */
export function buildStamp(): string {
  return readFileSync(join(packageRoot(), "dist", "build.json"), "utf8");
}

/**
 * Both integration projects name this setup, and Vitest runs each project's global setup in
 * its one main process (with a module graph per project): the flag on globalThis makes it one
 * build per run.
 */
const builtThisRun = Symbol.for("mor-throughput.test.buildDist");

/**
 * Global setup of the integration and stress projects: builds dist/ once before their first test
 * file runs (and again before each rerun in watch mode), so that the CLI the tests spawn, the
 * bench's commands and the published dashboard are always the code under test, never a stale
 * bundle, however many files run (`npx vitest run test/e2e/pipeline.test.ts` too).
 *
 * Its teardown fails the run when dist/ was built again while the tests ran (a test running
 * `npm pack` or `npm ci` in the checkout runs `prepare`, which rebuilds it): spawned CLIs would
 * then run whatever build was there at that moment.
 */
export default function setup(project: TestProject): (() => void) | undefined {
  const flags = globalThis as { [builtThisRun]?: boolean };
  if (flags[builtThisRun]) return undefined;
  flags[builtThisRun] = true;
  build();
  let stamp = buildStamp();
  project.onTestsRerun(() => {
    build();
    stamp = buildStamp();
  });
  return () => {
    const now = buildStamp();
    if (now === stamp) return;
    // Vitest reports an error thrown here but still exits 0: the exit code says it instead.
    process.exitCode = 1;
    console.error(
      `error: dist/ was built again while the tests ran (${now.trim()}, after ${stamp.trim()}): something in the suite ran scripts/build.mjs (npm pack or npm ci in the checkout without --ignore-scripts?)`,
    );
  };
}
