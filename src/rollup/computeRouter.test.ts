import { describe, expect, test } from "vitest";
import { createValidator } from "../api/createValidator.js";
import type { PairStats } from "../chain/readRouterViews.js";
import { checkRouter } from "../publish/spec/checkMarket13.js";
import type { RouterBidRead } from "../sync/RouterStore.js";
import { computeRouter } from "./computeRouter.js";
import type { RouterRecord } from "./IndexReader.js";

const model = `0x${"1".repeat(64)}`;
const flat = { mean: 0n, sqSum: 0n };
const signed = (successCount: number, totalCount: number): PairStats => ({
  tps: flat,
  ttft: flat,
  totalDuration: 0,
  successCount,
  totalCount,
});
const bid = (n: number, price: bigint, stats: PairStats): RouterBidRead => ({
  bidId: `0x${n.toString(16).padStart(64, "0")}`,
  provider: `0x${n.toString(16).padStart(40, "0")}`,
  pricePerSecond: price,
  stats,
  stake: 0n,
});
const read = (chainId: number, bids: RouterBidRead[], available = true): RouterRecord => ({
  chainId,
  available,
  minimumStake: 10n ** 17n,
  models: new Map([[model, { stats: { tps: flat, ttft: flat, duration: flat, count: 1 }, bids }]]),
});

describe("computeRouter", () => {
  test("default: best score first; ties keep getModelActiveBids' order; a NaN or infinite score is left out", () => {
    const entries = computeRouter(
      model,
      [
        read(8453, [
          bid(1, 10n ** 15n, signed(0, 0)),
          bid(2, 10n ** 14n, signed(1, 1)),
          bid(3, 10n ** 15n, signed(0, 0)),
          bid(4, 0n, signed(1, 1)),
          bid(5, 10n ** 13n, signed(0, 2)),
        ]),
      ],
      new Set(),
    );
    expect(entries).toHaveLength(1);
    const order = entries[0]?.bids.map((b) => [Number(b.bidId), b.score]);
    // Every z-term 0.5 (one provider): 0.28 + 0.32 · success; over the price in MOR a second.
    expect(order).toEqual([
      [5, 0.28 / 1e-5],
      [2, 0.6000000000000001 / 1e-4],
      [1, 0.28 / 1e-3],
      [3, 0.28 / 1e-3],
    ]);
  });

  test("behavior: a chain whose views reverted: unavailable, no bids, where the model has an offer; chains by id", () => {
    const reads = [read(8453, [], false), read(42161, [bid(1, 10n ** 15n, signed(0, 0))])];
    expect(computeRouter(model, reads, new Set([8453]))).toEqual([
      { chainId: 8453, available: false, bids: [] },
      expect.objectContaining({ chainId: 42161, available: true }),
    ]);
    // No offer there: no entry; no active bid of the model on a chain: no entry either.
    expect(computeRouter(model, reads, new Set()).map((e) => e.chainId)).toEqual([42161]);
    expect(computeRouter(model, [read(8453, [])], new Set([8453]))).toEqual([]);
  });

  test("behavior: counters with more successes than closes (not the deployed contract) give success above 1, and publish", () => {
    const [entry] = computeRouter(model, [read(8453, [bid(1, 10n ** 15n, signed(3, 2))])], new Set());
    expect(entry?.bids[0]?.success).toBe(2.25);
    const item = { modelId: model, name: "", providers: [], router: entry ? [entry] : [] };
    const market = { asOf: 1, models: [item] };
    expect(createValidator().validate("market.schema.json", market)).toEqual([]);
    expect(checkRouter("market.json: /models/0", item)).toEqual([]);
  });
});
