import { existsSync, mkdtempSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { runProcess } from "../../tooling/process/runProcess.js";
import { countCliRun } from "../support/countCliRuns.js";
import { oneSessionHistory } from "../support/oneSessionHistory.js";
import { cliEnv, cliPath } from "../support/runCli.js";
import { useDevChain } from "../support/useDevChain.js";
import { useTempDir } from "../support/useTempDir.js";

/**
 * The environment as a workflow hands it over (issue 12): a secret that is not set arrives as an
 * empty variable, and an empty variable means "unset", for every variable the CLI reads.
 */
describe("the environment of a scheduled job", () => {
  const endTime = Date.UTC(2026, 6, 1) / 1000;
  const chain = useDevChain(oneSessionHistory(endTime));
  const dir = useTempDir("mor-environment-");

  test("behavior: RPC_URL, RPC_URL_8453, DB_PATH and OUT_DIR empty are unset: the other endpoint and the default paths are used", async () => {
    const cwd = mkdtempSync(join(dir, "job-"));
    countCliRun("spawned");
    const result = await runProcess(
      process.execPath,
      [cliPath, "run", "--contract", chain.contract, "--from-block", "0", "--confirmations", "0", "--json"],
      {
        cwd,
        env: cliEnv({
          RPC_URL: "",
          RPC_URL_8453: "",
          RPC_URL_31337: chain.rpcUrl,
          DB_PATH: "",
          OUT_DIR: "",
          RPC_TIMEOUT_MS: "",
          RPC_RETRIES: "",
        }),
        timeoutMs: 120_000,
      },
    );
    expect(result.code, result.stderr).toBe(0);
    const summary = JSON.parse(result.stdout) as {
      build: { out: string; chains: Array<{ chainId: number }> };
    };
    expect(summary.build.out).toBe("out");
    expect(summary.build.chains.map((c) => c.chainId)).toEqual([31337]);
    expect(existsSync(join(cwd, "data", "throughput.sqlite"))).toBe(true);
    expect(existsSync(join(cwd, "out", "api", "throughput", "meta.json"))).toBe(true);
  });
});
