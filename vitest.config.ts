import { configDefaults, defineConfig } from "vitest/config";

/**
 * Two projects. unit: pure and fast, nothing started (test/unit/testProjects.test.ts checks).
 * integration: what starts a dev chain (anvil), a fault proxy, a server, Chromium, npm or the
 * CLI. A test of that kind beside its code in src/ or in a workspace package's test/ is named
 * *.integration.test.ts.
 */
const integrationBeside = ["src/**/*.integration.test.ts", "packages/*/test/**/*.integration.test.ts"];

export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
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
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: [...integrationBeside, "test/e2e/**/*.test.ts", "test/bench/**/*.test.ts"],
          // Builds dist/ (the CLI the tests spawn) before the first file runs: never a stale bundle.
          globalSetup: ["test/support/buildDist.ts"],
        },
      },
    ],
  },
});
