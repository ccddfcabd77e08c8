import { describe, expect, test } from "vitest";
import { type RouterScoreInput, routerScore } from "./routerScore.js";

/*
 * The numbers below are worked out by hand from the proxy-router's formula (SPEC.md 1.3): each
 * product and sum is written as the double it rounds to, in the router's order.
 */
const MOR = 10n ** 18n;
const minimumStake = MOR / 10n;
const flat = { mean: 0n, sqSum: 0n };

const input = (over: Partial<RouterScoreInput> = {}): RouterScoreInput => ({
  pair: { tpsScaled1000: flat, ttftMs: flat, totalDuration: 0, successCount: 0, totalCount: 0 },
  model: { tpsScaled1000: flat, ttftMs: flat, totalDuration: flat, count: 1 },
  stake: 0n,
  minimumStake,
  pricePerSecond: 10n ** 14n,
  ...over,
});

describe("routerScore", () => {
  test("default: a model with count 1 (sd 0: every z is 0, each term 0.5), 3 of 4 signed, a stake of 0.2 MOR", () => {
    const s = routerScore(
      input({
        pair: {
          tpsScaled1000: { mean: 9000n, sqSum: 7n },
          ttftMs: { mean: 50n, sqSum: 0n },
          totalDuration: 600,
          successCount: 3,
          totalCount: 4,
        },
        model: {
          tpsScaled1000: { mean: 2751n, sqSum: 3_123_750n },
          ttftMs: { mean: 175n, sqSum: 11_250n },
          totalDuration: { mean: 175n, sqSum: 21_250n },
          count: 1,
        },
        stake: 2n * minimumStake,
      }),
    );
    // ttft: -0 + 3 = 3, 3 / 6 = 0.5. success (3/4)^2 = 0.5625. stake (2e17 - 1e17) / (1e18 - 1e17) = 1/9.
    // 0.24 * 0.5 = 0.12; + 0.08 * 0.5 = 0.16; + 0.24 * 0.5 = 0.28; + 0.32 * 0.5625 (0.18) = 0.46;
    // + 0.12 * 0.1111111111111111 (0.013333333333333332) = 0.47333333333333333; / (1e14 / 1e18 = 0.0001).
    expect(s).toEqual({
      tps: 0.5,
      ttft: 0.5,
      duration: 0.5,
      success: 0.5625,
      stake: 0.1111111111111111,
      score: 4733.333333333333,
    });
  });

  test("behavior: z-scores against the model's sd, ttft inverted, cut at 3 sd; a stake of 20 MOR scores 1", () => {
    const s = routerScore(
      input({
        pair: {
          tpsScaled1000: { mean: 1750n, sqSum: 0n },
          ttftMs: { mean: 100n, sqSum: 0n },
          totalDuration: 1000,
          successCount: 1,
          totalCount: 1,
        },
        // sd = sqrt(sqSum / (3 - 1)): tps sqrt(250000) = 500, ttft sqrt(2500) = 50, duration 100.
        model: {
          tpsScaled1000: { mean: 1000n, sqSum: 500_000n },
          ttftMs: { mean: 200n, sqSum: 5000n },
          totalDuration: { mean: 100n, sqSum: 20_000n },
          count: 3,
        },
        // 20 MOR = 2e19 wraps to 2e19 - 2^64 = 1553255926290448384, above 10 * 0.1 MOR.
        stake: 20n * MOR,
        pricePerSecond: 2n * 10n ** 15n,
      }),
    );
    // tps z = 750 / 500 = 1.5: 4.5 / 6 = 0.75. ttft z = -100 / 50 = -2, inverted 2: 5 / 6.
    // duration z = 900 / 100 = 9: 12 / 6 = 2, cut to 1.
    // 0.24 * 0.75 = 0.18; + 0.08 * 0.8333333333333334 (0.06666666666666667) = 0.24666666666666665;
    // + 0.24 = 0.48666666666666664; + 0.32 = 0.8066666666666666; + 0.12 = 0.9266666666666666;
    // / (2e15 / 1e18 = 0.002) = 463.3333333333333.
    expect(s).toEqual({
      tps: 0.75,
      ttft: 0.8333333333333334,
      duration: 1,
      success: 1,
      stake: 1,
      score: 463.3333333333333,
    });
  });

  test("behavior: a stake of 10 MOR wraps below the minimum and scores 0; 5 MOR scores 1; 0.55 MOR half", () => {
    // 10 MOR = 1e19 wraps to 1e19 - 2^64 = -8446744073709551616 < 1e17.
    expect(routerScore(input({ stake: 10n * MOR })).stake).toBe(0);
    expect(routerScore(input({ stake: 5n * MOR })).stake).toBe(1);
    // (5.5e17 - 1e17) / (1e18 - 1e17) = 4.5e17 / 9e17, both exact doubles.
    expect(routerScore(input({ stake: (55n * MOR) / 100n })).stake).toBe(0.5);
    expect(routerScore(input({ stake: minimumStake })).stake).toBe(0);
    expect(routerScore(input({ stake: minimumStake - 1n })).stake).toBe(0);
    // A minimum of 0: X == m, the router's normMinMax gives 0 whatever the stake.
    expect(routerScore(input({ stake: MOR, minimumStake: 0n })).stake).toBe(0);
  });

  test("behavior: a minimum stake from 2^63 wei: 0 / a wrapped negative range is a negative zero", () => {
    // m = w(2^63 + 1) = -2^63 + 1; X = w(10 m) = 10; X - m = 2^63 + 9 wraps to -2^63 + 9.
    // A stake equal to the minimum: not below m, not above X: float(0) / float(-2^63 + 9) = -0.
    const s = routerScore(input({ stake: 2n ** 63n + 1n, minimumStake: 2n ** 63n + 1n }));
    expect(Object.is(s.stake, -0)).toBe(true);
  });

  test("behavior: a pair with totalCount 0 scores 0 on success; a negative sqSum is a 0 sd", () => {
    const s = routerScore(
      input({
        pair: {
          tpsScaled1000: { mean: 5000n, sqSum: 0n },
          ttftMs: { mean: 1n, sqSum: 0n },
          totalDuration: 0,
          successCount: 0,
          totalCount: 0,
        },
        model: {
          tpsScaled1000: { mean: 1000n, sqSum: -4n },
          ttftMs: { mean: 1000n, sqSum: -1n },
          totalDuration: { mean: 0n, sqSum: -9n },
          count: 5,
        },
      }),
    );
    // Every v = sqSum / 4 < 0: sd 0, z 0, each term 0.5; stake 0 (below the minimum).
    // 0.12 + 0.04 = 0.16; + 0.12 = 0.28; + 0 = 0.28; + 0 = 0.28; / 0.0001 = 2800.
    expect(s).toEqual({ tps: 0.5, ttft: 0.5, duration: 0.5, success: 0, stake: 0, score: 2800 });
  });

  test("behavior: the pair's mean minus the model's wraps around in int64", () => {
    // x - mean = -2^63 - 1 wraps to 2^63 - 1, whose double is 2^63; sd = sqrt(2^62 / 1) = 2^31;
    // z = 2^32: cut to 1 (without the wrap z would be about -2^32, cut to 0).
    const s = routerScore(
      input({
        pair: {
          tpsScaled1000: { mean: -(2n ** 63n), sqSum: 0n },
          ttftMs: flat,
          totalDuration: 0,
          successCount: 0,
          totalCount: 0,
        },
        model: { tpsScaled1000: { mean: 1n, sqSum: 2n ** 62n }, ttftMs: flat, totalDuration: flat, count: 2 },
      }),
    );
    expect(s.tps).toBe(1);
  });

  test("behavior: a price of 0 makes the score infinite; with every term 0 too, NaN", () => {
    expect(routerScore(input({ pricePerSecond: 0n })).score).toBe(Number.POSITIVE_INFINITY);
    const allZero = routerScore(
      input({
        pair: {
          tpsScaled1000: { mean: -1000n, sqSum: 0n },
          ttftMs: { mean: 1000n, sqSum: 0n },
          totalDuration: 0,
          successCount: 0,
          totalCount: 0,
        },
        // sd 1 for each: tps z -1000 and duration z -100 cut to 0; ttft z 1000 inverted, cut to 0.
        model: {
          tpsScaled1000: { mean: 0n, sqSum: 1n },
          ttftMs: { mean: 0n, sqSum: 1n },
          totalDuration: { mean: 100n, sqSum: 1n },
          count: 2,
        },
        pricePerSecond: 0n,
      }),
    );
    expect(allZero).toMatchObject({ tps: 0, ttft: 0, duration: 0, success: 0, stake: 0 });
    expect(allZero.score).toBeNaN();
  });
});
