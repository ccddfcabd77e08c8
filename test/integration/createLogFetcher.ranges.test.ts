import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createLogFetcher } from "../../src/chain/createLogFetcher.js";
import { createRpcClient } from "../../src/chain/rpc/createRpcClient.js";
import { startVirtualChain, type VirtualChain } from "../../tooling/virtualChain/startVirtualChain.js";
import { scenarioSpec } from "../../tooling/virtualChain/virtualScenarios.js";

// Base at a thousandth of its size: 34,000 blocks, the contract created 19,000 blocks in.
const spec = scenarioSpec("base", { shrink: 1000 });
let chain: VirtualChain;

beforeAll(async () => {
  chain = await startVirtualChain(spec);
});
afterAll(async () => {
  await chain?.close();
});

/** Fetches [from, to] range after range, as the follower does (one range at a time here). */
async function backfill(from: number, to: number, initialRangeSize: number) {
  const fetcher = createLogFetcher({
    client: createRpcClient({ url: chain.url, backoffMs: 1 }),
    contract: spec.contract,
    initialRangeSize,
    lagRetry: { attempts: 5, delay: { baseMs: 1, growth: "linear" } },
  });
  let logs = 0;
  let ranges = 0;
  for (let next = from; next <= to; ranges++) {
    const end = Math.min(to, next + fetcher.rangeSize - 1);
    logs += (await fetcher.fetch(next, end)).logs.length;
    next = end + 1;
  }
  return { logs, ranges, rangeSize: fetcher.rangeSize };
}

describe("createLogFetcher: range sizes against a provider's caps", () => {
  test.for([
    { wording: "quicknode" as const, refusals: 1 },
    { wording: "geth" as const, refusals: 1 },
  ])(
    "behavior: a block cap the endpoint names ($wording) is kept: one refusal in all",
    async ({ wording, refusals }) => {
      chain.setLimits({ rangeCap: 500, wording });
      chain.resetStats();
      const { logs, ranges, rangeSize } = await backfill(spec.creationBlock, spec.head, 1);
      expect(logs).toBe(chain.state.history.events.count);
      expect(chain.stats.rangeRefusals).toBe(refusals);
      expect(rangeSize).toBe(500);
      expect(ranges).toBeLessThan(15_000 / 500 + 10);
    },
  );

  test("behavior: a cap the endpoint does not name is found by bisection, then kept", async () => {
    chain.setLimits({ rangeCap: 700, wording: "ankr" });
    chain.resetStats();
    const { logs, rangeSize } = await backfill(spec.creationBlock, spec.head, 1);
    expect(logs).toBe(chain.state.history.events.count);
    expect(chain.stats.rangeRefusals).toBeLessThanOrEqual(8);
    expect(rangeSize).toBeGreaterThan(600);
    expect(rangeSize).toBeLessThanOrEqual(700);
  });

  test("behavior: empty stretches are crossed fast: a quiet chain in a few requests", async () => {
    chain.setLimits({});
    chain.resetStats();
    // Before the contract existed: nothing at all in 19,000 blocks.
    const { logs, ranges } = await backfill(spec.head - 34_000, spec.creationBlock - 1, 1);
    expect(logs).toBe(0);
    expect(ranges).toBeLessThanOrEqual(5);
  });
});
