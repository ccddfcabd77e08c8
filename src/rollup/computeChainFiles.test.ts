import { describe, expect, test } from "vitest";
import type { TestClose } from "../../tooling/rollup/makeCloseDays.js";
import { rollupOf } from "../../tooling/rollup/rollupOf.js";
import { floorDay, floorHour } from "../api/periods.js";

const hour = 3_600;
const day = 86_400;
const utc = (y: number, m: number, d = 1, h = 0, min = 0, s = 0) => Date.UTC(y, m, d, h, min, s) / 1000;
const close = (closedAt: number, tokens: number, more: Partial<TestClose> = {}): TestClose => ({
  closedAt,
  tokens,
  bidRef: 1,
  providerRef: 1,
  ...more,
});
const zero = (ts: number) => ({
  ts,
  tokens: 0,
  tokenSessions: 0,
  sessions: 0,
  seconds: 0,
  earned: "0",
  disputed: 0,
  providers: 0,
  models: 0,
});
/** [ts, tokens] of the buckets that hold a close. */
const held = (series: Array<{ ts: number; tokens: number | bigint; sessions: number }>) =>
  series.filter((bucket) => bucket.sessions > 0).map((bucket) => [bucket.ts, bucket.tokens]);

describe("computeChainFiles: bucket edges", () => {
  const asOf = utc(2026, 2, 2, 1, 30);
  const closes = [
    close(utc(2026, 1, 28, 23, 59, 59), 1), // the last second of February
    close(utc(2026, 2, 1), 2), // a month, a day and an hour start
    close(utc(2026, 2, 1, 0, 59, 59), 4),
    close(utc(2026, 2, 1, 1), 8),
    close(utc(2026, 2, 1, 23, 59, 59), 16), // the last second of a day
    close(utc(2026, 2, 2), 32),
    close(asOf, 64),
  ];

  test("default: a close on a period's first second is in that period, its last second too", () => {
    const { files } = rollupOf(closes, asOf);
    const hourly = files["rollup/hourly.json"].series;
    expect(held(hourly)).toEqual([
      [utc(2026, 1, 28, 23), 1],
      [utc(2026, 2, 1, 0), 6],
      [utc(2026, 2, 1, 1), 8],
      [utc(2026, 2, 1, 23), 16],
      [utc(2026, 2, 2, 0), 32],
      [utc(2026, 2, 2, 1), 64],
    ]);
    expect(held(files["rollup/daily.json"].series)).toEqual([
      [utc(2026, 1, 28), 1],
      [utc(2026, 2, 1), 30],
      [utc(2026, 2, 2), 96],
    ]);
    expect(held(files["rollup/monthly.json"].series)).toEqual([
      [utc(2026, 1, 1), 1],
      [utc(2026, 2, 1), 126],
    ]);
  });

  test("behavior: series are dense from the earliest close's period to the as-of's; zero buckets carry zeros", () => {
    const { files } = rollupOf(closes, asOf);
    const hourly = files["rollup/hourly.json"].series;
    expect(hourly).toHaveLength(1 + 24 + 2);
    expect(hourly.map((bucket) => bucket.ts)).toEqual(
      Array.from({ length: 27 }, (_, i) => utc(2026, 1, 28, 23) + i * hour),
    );
    expect(hourly[3]).toEqual(zero(utc(2026, 2, 1, 2)));
    expect(files["rollup/daily.json"].series.map((bucket) => bucket.ts)).toEqual([
      utc(2026, 1, 28),
      utc(2026, 2, 1),
      utc(2026, 2, 2),
    ]);
  });

  test("behavior: months across a year end, an empty month as a zero bucket", () => {
    const asOfMarch = utc(2026, 2, 2, 1, 30);
    const { files } = rollupOf([close(utc(2025, 11, 31, 23, 59, 59), 1), close(asOfMarch, 2)], asOfMarch);
    expect(files["rollup/monthly.json"].series).toEqual([
      expect.objectContaining({ ts: utc(2025, 11, 1), tokens: 1, sessions: 1 }),
      zero(utc(2026, 0, 1)),
      zero(utc(2026, 1, 1)),
      expect.objectContaining({ ts: utc(2026, 2, 1), tokens: 2, sessions: 1 }),
    ]);
  });
});

describe("computeChainFiles: retention", () => {
  const asOf = utc(2026, 2, 15, 12, 34, 56);
  const hourFirst = floorHour(asOf) - 335 * hour;
  const dayFirst = floorDay(asOf) - 364 * day;

  test("default: hourly keeps the 336 hours ending with the as-of hour", () => {
    const { files } = rollupOf([close(hourFirst - 1, 1), close(hourFirst, 2), close(asOf, 4)], asOf);
    const hourly = files["rollup/hourly.json"].series;
    expect(hourly).toHaveLength(336);
    expect(hourly[0]).toMatchObject({ ts: hourFirst, tokens: 2, sessions: 1 });
    expect(hourly.at(-1)).toMatchObject({ ts: floorHour(asOf), tokens: 4, sessions: 1 });
    expect(hourly.reduce((sum, bucket) => sum + bucket.sessions, 0)).toBe(2);
    // 13:00 on March 1: the close a second before it is still in its day.
    expect(hourFirst).toBe(utc(2026, 2, 1, 13));
    expect(held(files["rollup/daily.json"].series)).toEqual([
      [utc(2026, 2, 1), 3],
      [utc(2026, 2, 15), 4],
    ]);
  });

  test("behavior: a later earliest close starts the hourly series at its hour", () => {
    const { files } = rollupOf([close(hourFirst + 3 * hour + 10, 1), close(asOf, 2)], asOf);
    const hourly = files["rollup/hourly.json"].series;
    expect(hourly).toHaveLength(333);
    expect(hourly[0]).toMatchObject({ ts: hourFirst + 3 * hour, tokens: 1 });
  });

  test("default: daily keeps the 365 days ending with the as-of day, by model and by provider too", () => {
    expect(dayFirst).toBe(utc(2025, 2, 16));
    const world = { bids: { 1: { model: 1, provider: 1 }, 2: { model: 2, provider: 2 } } };
    const closes = [
      close(dayFirst - 1, 1, { bidRef: 2, providerRef: 2 }),
      close(dayFirst, 2),
      close(asOf, 4),
    ];
    const { files } = rollupOf(closes, asOf, world);
    const daily = files["rollup/daily.json"].series;
    expect(daily).toHaveLength(365);
    expect(daily[0]).toMatchObject({ ts: dayFirst, tokens: 2, sessions: 1 });
    expect(daily.at(-1)).toMatchObject({ ts: floorDay(asOf), tokens: 4, sessions: 1 });
    // Model 2 and provider 2 closed only the day before the range: no by-model / by-provider item.
    const models = files["rollup/by-model-daily.json"].models;
    expect(models.map((m) => m.modelId)).toEqual([`0x${"1".padStart(64, "0")}`]);
    expect(models[0]?.series.map((b) => b.ts)).toEqual(daily.map((b) => b.ts));
    expect(held(models[0]?.series ?? [])).toEqual([
      [dayFirst, 2],
      [floorDay(asOf), 4],
    ]);
    const providers = files["rollup/by-provider-daily.json"].providers;
    expect(providers.map((p) => p.series.length)).toEqual([365]);
    // ...but every close is in its month, in the all window and in the leaderboards.
    expect(held(files["rollup/monthly.json"].series)).toEqual([
      [utc(2025, 2, 1), 3],
      [utc(2026, 2, 1), 4],
    ]);
    expect(files["summary.json"].all).toMatchObject({ tokens: 7, sessions: 3 });
    expect(files["models.json"].models).toHaveLength(2);
  });

  test("behavior: a later earliest close starts the daily series at its day; items span the daily range", () => {
    const world = { bids: { 1: { model: 1, provider: 1 }, 2: { model: 2, provider: 2 } } };
    const { files } = rollupOf(
      [close(dayFirst + 10 * day + 5, 1), close(asOf, 2, { bidRef: 2, providerRef: 2 })],
      asOf,
      world,
    );
    const daily = files["rollup/daily.json"].series;
    expect(daily).toHaveLength(355);
    expect(daily[0]?.ts).toBe(dayFirst + 10 * day);
    for (const item of [
      ...files["rollup/by-model-daily.json"].models,
      ...files["rollup/by-provider-daily.json"].providers,
    ]) {
      expect(item.series.map((b) => b.ts)).toEqual(daily.map((b) => b.ts));
    }
    // SPEC.md 1.1: providers and models are figures of the three rollups and the windows only.
    const { providers: _p, models: _m, ...keyedZero } = zero(dayFirst + 10 * day);
    expect(files["rollup/by-model-daily.json"].models[1]?.series[0]).toEqual(keyedZero);
  });
});

describe("computeChainFiles: several chains", () => {
  test("behavior: the hourly series starts at the earliest close of every chain, not of the first chain's day", () => {
    // The store hands one group per day and chain, by chain id: 8453's first, whose close is later.
    const first = utc(2026, 2, 15);
    const asOf = first + 20 * hour;
    const { files } = rollupOf(
      [close(first + 15 * hour, 1, { chainId: 8453 }), close(first + 3 * hour + 59, 2, { chainId: 42161 })],
      asOf,
    );
    const hourly = files["rollup/hourly.json"].series;
    expect(hourly[0]).toMatchObject({ ts: first + 3 * hour, tokens: 2, sessions: 1 });
    expect(hourly).toHaveLength(18);
    expect(hourly.reduce((sum, bucket) => sum + bucket.sessions, 0)).toBe(2);
  });
});

describe("computeChainFiles: closes after the as-of", () => {
  test("behavior: a day of closes after the as-of day changes no model's or provider's median", () => {
    // Two chains synced to either side of midnight: the top-level as-of is the earlier one, and
    // the other chain's closes after midnight form a day group after the as-of day.
    const asOf = utc(2026, 2, 15, 23, 59, 30);
    const dayFirst = floorDay(asOf) - 364 * day;
    const world = { bids: { 1: { model: 1, provider: 1 }, 2: { model: 2, provider: 2 } } };
    const { files } = rollupOf(
      [
        close(dayFirst + 60, 1, { bidRef: 2, providerRef: 2, ttftMs: 500, tps: 7_000 }),
        close(asOf, 2, { ttftMs: 100, tps: 1_000 }),
        close(floorDay(asOf) + day + 60, 4, { chainId: 42161, ttftMs: 900, tps: 9_000 }),
      ],
      asOf,
      world,
    );
    const [model1, model2] = files["rollup/by-model-daily.json"].models;
    expect(model2?.series[0]).toMatchObject({ ts: dayFirst, tokens: 1, ttft: 0.5, tps: 7 });
    expect(model1?.series.at(-1)).toMatchObject({ ts: floorDay(asOf), tokens: 2, ttft: 0.1, tps: 1 });
    const [provider1, provider2] = files["rollup/by-provider-daily.json"].providers;
    expect(provider2?.series[0]).toMatchObject({ ts: dayFirst, tokens: 1, ttft: 0.5, tps: 7 });
    expect(provider1?.series.at(-1)).toMatchObject({ ts: floorDay(asOf), tokens: 2, ttft: 0.1, tps: 1 });
    expect(files["rollup/daily.json"].series[0]).toMatchObject({ ts: dayFirst, ttft: 0.5, tps: 7 });
  });
});
