import { configDefaults, defineConfig } from "vitest/config";
import { longestFirst } from "./test/support/longestFirst.js";

/**
 * The suite in three projects, run one after another (sequence.groupOrder):
 *
 * - unit: pure and fast, nothing started (test/unit/testProjects.test.ts checks). Two workers
 *   (the solc and large-history files take seconds each), without a fresh module graph per file.
 * - integration: what starts a dev chain (anvil), a fault proxy, a server, Chromium, npm or
 *   the CLI. Files of this kind beside their code (in src/, or in a workspace package's test/)
 *   are named *.integration.test.ts. They mostly wait on child processes, so more of them run
 *   at once than there are cores.
 * - integration-timing: the suites whose outcome depends on timing (SIGKILLs at moments
 *   measured on a clean run; a rate limiter the CLI must outrun, timeouts). Starved of CPU by
 *   other files, even by each other, they fail now and then: they run one at a time, after the
 *   rest, with a longer timeout (the crash suite's one test is 21 kills and reruns). The RPC
 *   client's suite, rate limiter and all, never failed among the other files: it runs there.
 *
 * Both integration projects build dist/ first (test/support/buildDist.ts, once per run).
 */
const integrationBeside = ["src/**/*.integration.test.ts", "packages/*/test/**/*.integration.test.ts"];
const timingSensitive = ["test/e2e/crash.test.ts", "test/e2e/hostileEndpoint.test.ts"];
const buildDist = "test/support/buildDist.ts";
/**
 * The integration files that run longest, longest first (about 20 to 55 s each in a fresh-clone
 * `npm test` on 2026-11-26, read from its output): they start first, and the short ones fill the
 * workers around them.
 */
export const longest = [
  "test/bench/bench.test.ts",
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
  "packages/client/test/installedClient.integration.test.ts",
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
            "packages/*/test/**/*.test.ts",
            "test/unit/**/*.test.ts",
            "test/support/**/*.test.ts",
          ],
          exclude: [...configDefaults.exclude, ...integrationBeside],
          isolate: false,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: [...integrationBeside, "test/e2e/**/*.test.ts", "test/bench/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...timingSensitive],
          globalSetup: [buildDist],
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
          name: "integration-timing",
          include: timingSensitive,
          globalSetup: [buildDist],
          maxWorkers: 1,
          testTimeout: 300_000,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
