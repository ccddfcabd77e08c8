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
 * Global setup of the integration project: builds dist/ once before its first test file runs
 * (and again before each rerun in watch mode), so that the CLI the tests spawn, the bench's
 * commands and the published dashboard are always the code under test, never a stale bundle,
 * however many files run (`npx vitest run test/e2e/pipeline.test.ts` too).
 */
export default function setup(project: TestProject): void {
  build();
  project.onTestsRerun(() => build());
}
