import { configDefaults, defineConfig } from "vitest/config";
import { longestFirst } from "./test/support/longestFirst.js";

/**
 * Where tests live, by kind (docs/development.md):
 *
 * - unit: a module's test beside it (src/, tooling/, scripts/, test/support/), and the
 *   repository's own rules (test/repo/). Pure and fast: nothing is started
 *   (test/repo/testProjects.test.ts checks).
 * - integration: test/integration/ (a module against a real node, server or endpoint stand-in)
 *   and test/e2e/ (the CLI, the published files, the dashboard in Chromium, the installed
 *   package). The CLI runs in the worker (test/support/runCli.ts: runCli), or as a process where
 *   the process is the point (spawnCli, killCli, startServe). Much of the time goes waiting on
 *   anvil, Chromium and npm, so more files run at once than there are cores.
 * - stress: test/stress/: the statistical suites (a hostile endpoint, kills at random moments)
 *   and the bench's smoke run. Their outcome depends on timing, so they run alone, one file at a
 *   time, with a longer timeout: `npm run test:stress` (CI runs it after `npm test`).
 *
 * The integration and stress projects build dist/ first (test/support/buildDist.ts, once per run).
 */
const buildDist = "test/support/buildDist.ts";
/**
 * The integration files that run longest, longest first: they start first, and the short ones
 * fill the workers around them.
 */
export const longest = [
  "test/e2e/installedPackage.test.ts",
  "test/e2e/multichainFaults.test.ts",
  "test/e2e/reorg.test.ts",
  "test/e2e/validateSpec.test.ts",
  "test/e2e/database.test.ts",
  "test/e2e/dashboard.test.ts",
  "test/e2e/targetBlock.test.ts",
  "test/e2e/concurrency.test.ts",
  "test/e2e/dashboardInteractions.test.ts",
  "test/e2e/pipeline.test.ts",
  "test/e2e/installedClient.test.ts",
];

export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    sequence: { sequencer: longestFirst(longest) },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "src/**/*.test.ts",
            "tooling/**/*.test.ts",
            "scripts/**/*.test.ts",
            "test/support/**/*.test.ts",
            "test/repo/**/*.test.ts",
          ],
          exclude: [...configDefaults.exclude],
          setupFiles: ["test/support/forbidStarting.ts"],
          isolate: false,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["test/integration/**/*.test.ts", "test/e2e/**/*.test.ts"],
          // dist/, and a directory for the fixtures its files share (the demo's publication).
          globalSetup: [buildDist, "test/support/runFixtures.ts"],
          // One module graph per worker, not per file: the files share no state (nothing is
          // mocked), and the imports (viem, the dev chain) are paid once per worker.
          isolate: false,
          maxWorkers: 4,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: "stress",
          include: ["test/stress/**/*.test.ts"],
          globalSetup: [buildDist],
          maxWorkers: 1,
          testTimeout: 300_000,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
