import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { generateHistory } from "../../src/devchain/generateHistory.js";
import { readPublished } from "../support/readPublished.js";
import { runArgs } from "../support/runArgs.js";
import { parseJson, runCli } from "../support/runCli.js";
import { useDevChain } from "../support/useDevChain.js";
import { useFaultProxy } from "../support/useFaultProxy.js";
import { useTempDir } from "../support/useTempDir.js";

/**
 * --time-limit: a backfill longer than the cron job's time goes on run after run. A run past
 * its limit starts no new block range, commits what is in flight, publishes as of the last
 * synced block and exits 0; the next run continues, and in the end the files equal a clean run's.
 */
describe("--time-limit", () => {
  const endTime = Date.UTC(2026, 5, 1) / 1000;
  const history = generateHistory({ seed: 11, days: 3, sessionsPerDay: 60, endTime });
  // One block per hour of history: a long chain of small ranges.
  const chain = useDevChain(history, { write: { blockSpanSeconds: 3600, maxBlocks: 80 } });
  // Every answer comes late, and one request at a time: each range takes a while.
  const slow = useFaultProxy(chain, { seed: 5, slow: 1, slowMs: 800 });
  const dir = useTempDir("mor-time-limit-");

  const run = (rpcUrl: string, db: string, out: string, ...more: string[]) =>
    runCli(
      runArgs(
        { rpcUrl, contract: chain.contract },
        { db: join(dir, db), out: join(dir, out) },
        ...["--to-block", String(chain.lastBlock), "--json", ...more],
      ),
    );

  type Summary = {
    sync: { complete: boolean; chains: Array<{ toBlock: number; target: number; complete: boolean }> };
    build: { chains: Array<{ toBlock: number }> };
  };

  test("default: a run stops early, publishes what it has, and the next run finishes the job", async () => {
    const first = await run(slow.url, "db.sqlite", "out", "--time-limit", "1", "--rpc-concurrency", "1");
    const stopped = parseJson<Summary>(first);
    expect(stopped.sync.complete).toBe(false);
    expect(stopped.sync.chains[0]?.toBlock).toBeLessThan(chain.lastBlock);
    expect(stopped.sync.chains[0]?.target).toBe(chain.lastBlock);
    expect(first.stderr).toContain("time limit reached: the next run continues from the last synced block");
    const meta = JSON.parse(readFileSync(join(dir, "out/api/throughput/meta.json"), "utf8"));
    expect(meta.toBlock).toBe(stopped.sync.chains[0]?.toBlock);
    // A partial history says so: readers and the page tell it from a complete one.
    expect(meta.backfillComplete).toBe(false);
    expect(meta.chains[0]).toMatchObject({ caughtUp: false, targetBlock: chain.lastBlock });
    const partial = await runCli(["validate", join(dir, "out"), "--deep", "--json"]);
    expect(JSON.parse(partial.stdout)).toMatchObject({ valid: true, problems: [] });

    const rest = parseJson<Summary>(await run(chain.rpcUrl, "db.sqlite", "out"));
    expect(rest.sync.complete).toBe(true);
    expect(rest.sync.chains[0]?.toBlock).toBe(chain.lastBlock);
    const done = JSON.parse(readFileSync(join(dir, "out/api/throughput/meta.json"), "utf8"));
    expect(done.backfillComplete).toBe(true);
    expect(done.chains[0].caughtUp).toBe(true);
    expect(done.chains[0]).not.toHaveProperty("targetBlock");
    parseJson(await run(chain.rpcUrl, "clean.sqlite", "clean"));
    expect(readPublished(join(dir, "out"))).toEqual(readPublished(join(dir, "clean")));
  });

  test("error: the limit must be a whole number of seconds", async () => {
    const result = await run(chain.rpcUrl, "bad.sqlite", "bad", "--time-limit", "0");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Invalid --time-limit: "0"');
  });
});
