import { describe, expect, test } from "vitest";
import type { ModelStats, PairStats } from "../chain/readRouterViews.js";
import { routerScore } from "./routerScore.js";

/*
 * Scores worked out by hand from the proxy-router's default scorer (SPEC.md 1.3): each product and
 * sum written as the double it rounds to, in the router's order. The published doubles must be
 * these, bit for bit (toEqual compares with Object.is).
 */
const MOR = 10n ** 18n;
const minimumStake = MOR / 10n;
const flat = { mean: 0n, sqSum: 0n };
const noPair: PairStats = { tps: flat, ttft: flat, totalDuration: 0, successCount: 0, totalCount: 0 };
const oneProvider: ModelStats = { tps: flat, ttft: flat, duration: flat, count: 1 };

const score = (over: Partial<Parameters<typeof routerScore>[0]> = {}) =>
  routerScore({
    pair: noPair,
    model: oneProvider,
    stake: 0n,
    minimumStake,
    pricePerSecond: 10n ** 14n,
    ...over,
  });

describe("routerScore", () => {
  test("default: a model with one provider (sd 0: each z-term 0.5), 3 of 4 signed, a stake of 0.2 MOR", () => {
    const s = score({
      pair: {
        tps: { mean: 9000n, sqSum: 7n },
        ttft: { mean: 50n, sqSum: 0n },
        totalDuration: 600,
        successCount: 3,
        totalCount: 4,
      },
      model: {
        tps: { mean: 2751n, sqSum: 3_123_750n },
        ttft: { mean: 175n, sqSum: 11_250n },
        duration: { mean: 175n, sqSum: 21_250n },
        count: 1,
      },
      stake: 2n * minimumStake,
    });
    // 0.24·0.5 = 0.12; + 0.08·0.5 = 0.16; + 0.24·0.5 = 0.28; + 0.32·0.5625 = 0.46;
    // + 0.12·(1/9 = 0.1111111111111111) = 0.47333333333333333; / 0.0001.
    expect(s).toEqual({
      score: 4733.333333333333,
      tps: 0.5,
      ttft: 0.5,
      duration: 0.5,
      success: 0.5625,
      stake: 0.1111111111111111,
    });
  });

  test("behavior: z against the model's sd, ttft inverted, cut at 3 sd; a stake of 20 MOR wraps above 1 MOR: 1", () => {
    const s = score({
      pair: {
        tps: { mean: 1750n, sqSum: 0n },
        ttft: { mean: 100n, sqSum: 0n },
        totalDuration: 1000,
        successCount: 1,
        totalCount: 1,
      },
      // sd = sqrt(sqSum / 2): tps 500, ttft 50, duration 100.
      model: {
        tps: { mean: 1000n, sqSum: 500_000n },
        ttft: { mean: 200n, sqSum: 5000n },
        duration: { mean: 100n, sqSum: 20_000n },
        count: 3,
      },
      stake: 20n * MOR,
      pricePerSecond: 2n * 10n ** 15n,
    });
    // tps z 1.5: 0.75; ttft z -2 inverted: 5/6; duration z 9: cut to 1.
    // 0.18 + 0.06666666666666667 = 0.24666666666666665; + 0.24; + 0.32; + 0.12 = 0.9266666666666666; / 0.002.
    expect(s).toEqual({
      score: 463.3333333333333,
      tps: 0.75,
      ttft: 0.8333333333333334,
      duration: 1,
      success: 1,
      stake: 1,
    });
  });

  test("behavior: stakes reduced to 64 bits: 10 MOR scores 0, 5 MOR 1, 0.55 MOR one half; the minimum itself 0", () => {
    expect(score({ stake: 10n * MOR }).stake).toBe(0);
    expect(score({ stake: 5n * MOR }).stake).toBe(1);
    expect(score({ stake: (55n * MOR) / 100n }).stake).toBe(0.5);
    expect(score({ stake: minimumStake }).stake).toBe(0);
    expect(score({ stake: MOR, minimumStake: 0n }).stake).toBe(0);
  });

  test("behavior: a negative sqSum is a 0 sd; no close: 0 on success", () => {
    const s = score({
      pair: {
        tps: { mean: 5000n, sqSum: 0n },
        ttft: { mean: 1n, sqSum: 0n },
        totalDuration: 0,
        successCount: 0,
        totalCount: 0,
      },
      model: {
        tps: { mean: 1000n, sqSum: -4n },
        ttft: { mean: 1000n, sqSum: -1n },
        duration: { mean: 0n, sqSum: -9n },
        count: 5,
      },
    });
    expect(s).toEqual({ score: 2800, tps: 0.5, ttft: 0.5, duration: 0.5, success: 0, stake: 0 });
  });

  test("behavior: the pair's mean minus the model's wraps around in int64", () => {
    // -2^63 - 1 wraps to 2^63 - 1 (as a double 2^63); sd 2^31; z 2^32: cut to 1 (without the wrap, 0).
    const s = score({
      pair: { ...noPair, tps: { mean: -(2n ** 63n), sqSum: 0n } },
      model: { ...oneProvider, tps: { mean: 1n, sqSum: 2n ** 62n }, count: 2 },
    });
    expect(s.tps).toBe(1);
  });

  test("behavior: a price of 0: an infinite score; every term 0 as well: NaN", () => {
    expect(score({ pricePerSecond: 0n }).score).toBe(Number.POSITIVE_INFINITY);
    const s = score({
      pair: { ...noPair, tps: { mean: -1000n, sqSum: 0n }, ttft: { mean: 1000n, sqSum: 0n } },
      model: {
        tps: { mean: 0n, sqSum: 1n },
        ttft: { mean: 0n, sqSum: 1n },
        duration: { mean: 100n, sqSum: 1n },
        count: 2,
      },
      pricePerSecond: 0n,
    });
    expect(s.score).toBeNaN();
  });
});
