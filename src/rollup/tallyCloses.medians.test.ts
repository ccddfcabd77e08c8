import { describe, expect, test } from "vitest";
import type { TestClose } from "../../tooling/rollup/makeCloseDays.js";
import { rollupOf } from "../../tooling/rollup/rollupOf.js";
import { floorHour } from "../api/periods.js";

const hour = 3_600;
const day = 86_400;
const asOf = Date.UTC(2026, 2, 15, 12, 34, 56) / 1000;
const firstHour = floorHour(asOf) - 7 * hour;

/** Closes in the hour `h` after firstHour, one per [ttftMs, tpsScaled1000] pair. */
const inHour = (h: number, values: Array<[number, number]>, more: Partial<TestClose> = {}): TestClose[] =>
  values.map(([ttftMs, tps], i) => ({
    closedAt: firstHour + h * hour + 60 * i,
    ttftMs,
    tps,
    bidRef: 1,
    providerRef: 1,
    ...more,
  }));

/** The median fields a bucket carries, absent ones left out (SPEC.md: absent where there is none). */
const mediansOf = (figures: object) =>
  Object.fromEntries(Object.entries(figures).filter(([key]) => key === "ttft" || key === "tps"));

describe("tallyCloses: nearest-rank medians of ttft and tps", () => {
  const closes = [
    ...inHour(0, [[734, 41_237]]),
    ...inHour(1, [
      [900, 50_000],
      [300, 41_237],
    ]),
    ...inHour(2, [
      [500, 3_000],
      [100, 1_000],
      [300, 2_000],
    ]),
    ...inHour(3, [
      [400, 4],
      [100, 1],
      [300, 3],
      [200, 2],
    ]),
    ...inHour(4, [
      [700, 0],
      [700, 0],
      [700, 0],
    ]),
    ...inHour(5, [
      [0, 0],
      [0, 5_000],
      [800, 0],
    ]),
    ...inHour(6, [
      [0, 0],
      [0, 0],
    ]),
  ];

  test("default: rank ceil(n / 2) for n = 1, 2, 3, 4, exact decimals; 0 means not measured; absent without a value", () => {
    const { series } = rollupOf(closes, asOf).files["rollup/hourly.json"];
    expect(series.map((bucket) => bucket.ts)).toEqual(
      [0, 1, 2, 3, 4, 5, 6, 7].map((h) => firstHour + h * hour),
    );
    expect(series.map(mediansOf)).toEqual([
      { ttft: 0.734, tps: 41.237 }, // n = 1
      { ttft: 0.3, tps: 41.237 }, // n = 2: the lower one
      { ttft: 0.3, tps: 2 }, // n = 3: the middle one
      { ttft: 0.2, tps: 0.002 }, // n = 4: the second
      { ttft: 0.7 }, // equal values; tps all 0: absent
      { ttft: 0.8, tps: 5 }, // the zeros are left out, not counted as values
      {}, // only zeros: neither field
      {}, // the as-of hour, no close: a zero bucket
    ]);
    expect(JSON.stringify(series[0])).toContain('"ttft":0.734,"tps":41.237');
  });

  test("behavior: a day, its month, the windows and the leaderboards take every value of the day", () => {
    const { files } = rollupOf(closes, asOf);
    // ttft: 14 values > 0; sorted 100 100 200 300 300 300 400 …: rank 7 is 400.
    // tps: 11 values > 0; sorted 1 2 3 4 1000 2000 …: rank 6 is 2000.
    const expected = { ttft: 0.4, tps: 2 };
    expect(mediansOf(files["rollup/daily.json"].series.at(-1) ?? {})).toEqual(expected);
    expect(mediansOf(files["rollup/monthly.json"].series.at(-1) ?? {})).toEqual(expected);
    expect(mediansOf(files["summary.json"]["24h"])).toEqual(expected);
    expect(mediansOf(files["summary.json"].all)).toEqual(expected);
    expect(mediansOf(files["models.json"].models[0]?.windows["7d"] ?? {})).toEqual(expected);
    expect(mediansOf(files["providers.json"].providers[0]?.windows.all ?? {})).toEqual(expected);
    const byModel = files["rollup/by-model-daily.json"].models[0]?.series ?? [];
    expect(mediansOf(byModel.at(-1) ?? {})).toEqual(expected);
  });

  test("behavior: each model and provider has its own median, the day's is over all of them", () => {
    const world = { bids: { 1: { model: 1, provider: 1 }, 2: { model: 2, provider: 2 } } };
    const { files } = rollupOf(
      [
        ...inHour(0, [
          [100, 10],
          [300, 30],
        ]),
        ...inHour(1, [[900, 90]], { bidRef: 2, providerRef: 2 }),
      ],
      asOf,
      world,
    );
    const last = <T>(series: T[] | undefined) => mediansOf(series?.at(-1) ?? {});
    expect(last(files["rollup/daily.json"].series)).toEqual({ ttft: 0.3, tps: 0.03 });
    const models = files["rollup/by-model-daily.json"].models;
    expect(models.map((m) => last(m.series))).toEqual([
      { ttft: 0.1, tps: 0.01 },
      { ttft: 0.9, tps: 0.09 },
    ]);
    const providers = files["rollup/by-provider-daily.json"].providers;
    expect(providers.map((p) => last(p.series))).toEqual([
      { ttft: 0.1, tps: 0.01 },
      { ttft: 0.9, tps: 0.09 },
    ]);
    expect(files["models.json"].models.map((m) => mediansOf(m.windows.all))).toEqual([
      { ttft: 0.1, tps: 0.01 },
      { ttft: 0.9, tps: 0.09 },
    ]);
    expect(files["providers.json"].providers.map((p) => mediansOf(p.windows["24h"]))).toEqual([
      { ttft: 0.1, tps: 0.01 },
      { ttft: 0.9, tps: 0.09 },
    ]);
  });

  test("behavior: a day's values stay in their day, a month's in their month", () => {
    const feb28 = Date.UTC(2026, 1, 28, 10) / 1000;
    const { files } = rollupOf(
      [
        { closedAt: feb28, ttftMs: 100, bidRef: 1, providerRef: 1 },
        { closedAt: feb28 + day, ttftMs: 900, bidRef: 1, providerRef: 1 },
        { closedAt: feb28 + 2 * day, ttftMs: 0, bidRef: 1, providerRef: 1 },
      ],
      feb28 + 2 * day,
    );
    expect(files["rollup/daily.json"].series.map(mediansOf)).toEqual([{ ttft: 0.1 }, { ttft: 0.9 }, {}]);
    expect(files["rollup/monthly.json"].series.map(mediansOf)).toEqual([{ ttft: 0.1 }, { ttft: 0.9 }]);
    const byModel = files["rollup/by-model-daily.json"].models[0]?.series ?? [];
    expect(byModel.map(mediansOf)).toEqual([{ ttft: 0.1 }, { ttft: 0.9 }, {}]);
  });
});
