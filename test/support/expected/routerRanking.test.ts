import { describe, expect, test } from "vitest";
import { routerRanking } from "./routerRanking.js";
import type { RouterScoreInput } from "./routerScore.js";

const flat = { mean: 0n, sqSum: 0n };
/** A model of count 1 (every z 0), no closes, no stake: 0.24 * 0.5 + 0.08 * 0.5 + 0.24 * 0.5 = 0.28. */
const input = (pricePerSecond: bigint, over: Partial<RouterScoreInput> = {}): RouterScoreInput => ({
  pair: { tpsScaled1000: flat, ttftMs: flat, totalDuration: 0, successCount: 0, totalCount: 0 },
  model: { tpsScaled1000: flat, ttftMs: flat, totalDuration: flat, count: 1 },
  stake: 0n,
  minimumStake: 10n ** 17n,
  pricePerSecond,
  ...over,
});
const terms = { tps: 0.5, ttft: 0.5, duration: 0.5, success: 0, stake: 0 };

describe("routerRanking", () => {
  test("default: by score descending; ties keep the input order; NaN and infinite scores are left out", () => {
    const ranked = routerRanking([
      { bidId: "0xa", provider: "A", input: input(10n ** 14n) }, // 0.28 / 0.0001 = 2800
      { bidId: "0xb", provider: "B", input: input(0n) }, // 0.28 / 0 = Infinity: skipped
      { bidId: "0xc", provider: "C", input: input(10n ** 13n) }, // 0.28 / (1e13 / 1e18 = 0.00001) = 28000
      { bidId: "0xd", provider: "D", input: input(10n ** 14n) }, // 2800, after A
      {
        bidId: "0xe",
        provider: "E",
        // Every term 0 (sd 1, z far out) and a price of 0: 0 / 0 = NaN, skipped.
        input: input(0n, {
          pair: {
            tpsScaled1000: { mean: -1000n, sqSum: 0n },
            ttftMs: { mean: 1000n, sqSum: 0n },
            totalDuration: 0,
            successCount: 0,
            totalCount: 0,
          },
          model: {
            tpsScaled1000: { mean: 0n, sqSum: 1n },
            ttftMs: { mean: 0n, sqSum: 1n },
            totalDuration: { mean: 100n, sqSum: 1n },
            count: 2,
          },
        }),
      },
    ]);
    expect(ranked).toEqual([
      { bidId: "0xc", provider: "C", score: 28000, ...terms },
      { bidId: "0xa", provider: "A", score: 2800, ...terms },
      { bidId: "0xd", provider: "D", score: 2800, ...terms },
    ]);
  });

  test("behavior: a negative zero is written 0", () => {
    // A minimum stake of 2^63 + 1 and a stake equal to it: the stake term is -0 (routerScore.test.ts).
    const [bid] = routerRanking([
      {
        bidId: "0xa",
        provider: "A",
        input: input(10n ** 14n, { stake: 2n ** 63n + 1n, minimumStake: 2n ** 63n + 1n }),
      },
    ]);
    expect(Object.is(bid?.stake, 0)).toBe(true);
    expect(bid?.score).toBe(2800);
  });
});
