import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { generateHistory } from "../../src/devchain/generateHistory.js";
import { nodeCall } from "../../tooling/devchain/nodeCall.js";
import { readPublishedJson } from "../support/readPublished.js";
import { runArgs } from "../support/runArgs.js";
import { parseJson, runCli } from "../support/runCli.js";
import { useDevChain } from "../support/useDevChain.js";
import { useTempDir } from "../support/useTempDir.js";

/**
 * An hourly run on a real node whose contract has the router's views (SPEC.md 1.3): the order is
 * read again at the new last synced block, and costs at most one request more than the run did
 * before (5): at most 6. A run with no new block reads nothing again.
 */
const endTime = Date.UTC(2026, 3, 1, 0, 0, 0) / 1000;
const history = generateHistory({ seed: 5, days: 20, sessionsPerDay: 10, endTime });

type Summary = {
  sync: { chains: Array<{ router: string; blocksSynced: number; rpc: { httpRequests: number } }> };
};
type Market = { models: Array<{ router: Array<{ available: boolean; bids: unknown[] }> }> };

describe("the router's order, run after run", () => {
  const chain = useDevChain(history);
  const dir = useTempDir("mor-hourly-router-");
  const run = async () => {
    const result = await runCli(
      runArgs(chain, { db: join(dir, "a.sqlite"), out: join(dir, "out") }, "--json"),
    );
    expect(result.code, result.stderr).toBe(0);
    return parseJson<Summary>(result).sync.chains[0] as Summary["sync"]["chains"][number];
  };

  test("behavior: an hour of new blocks with nothing in them: the order read again, at most 6 requests", async () => {
    expect((await run()).router).toBe("read");
    const market = readPublishedJson(join(dir, "out"))["market.json"] as Market;
    const entries = market.models.flatMap((model) => model.router);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((entry) => entry.available && entry.bids.length > 0)).toBe(true);

    // New blocks with nothing in them (120: anvil mines a few dozen a second; the virtual chain's
    // hourly runs in requestCounts.test.ts cover an hour of Base and of Arbitrum One).
    await nodeCall(chain.rpcUrl, "anvil_mine", ["0x78", "0x1e"]);
    const hourly = await run();
    expect(hourly.blocksSynced).toBe(120);
    expect(hourly.router).toBe("read");
    expect(hourly.rpc.httpRequests).toBeLessThanOrEqual(6);

    const again = await run();
    expect(again.blocksSynced).toBe(0);
    expect(again.router).toBe("unchanged");
  });
});
