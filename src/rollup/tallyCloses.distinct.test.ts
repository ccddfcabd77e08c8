import { describe, expect, test } from "vitest";
import type { TestClose } from "../../tooling/rollup/makeCloseDays.js";
import { rollupOf } from "../../tooling/rollup/rollupOf.js";
import { floorHour } from "../api/periods.js";
import { DistinctCounter } from "./DistinctCounter.js";

const hour = 3_600;
const day = 86_400;
const utc = (y: number, m: number, d = 1, h = 0, min = 0, s = 0) => Date.UTC(y, m, d, h, min, s) / 1000;
const asOf = utc(2026, 2, 15, 12, 34, 56);

/** Bids 1 (model 1, provider 1), 2 (model 2, provider 1), 3 (model 1, provider 2); providers 3 and 4 only in logs. */
const world = {
  bids: { 1: { model: 1, provider: 1 }, 2: { model: 2, provider: 1 }, 3: { model: 1, provider: 2 } },
};
const bid = (closedAt: number, bidRef: 1 | 2 | 3): TestClose => ({
  closedAt,
  bidRef,
  providerRef: bidRef === 3 ? 2 : 1,
});
/** A close whose bid could not be read: filed under its log's provider, and no model. */
const unreadable = (closedAt: number, providerRef: number): TestClose => ({
  closedAt,
  bidRef: 0,
  providerRef,
});

const block = asOf - 2 * day;
const closes: TestClose[] = [
  bid(asOf - 40 * day, 2),
  unreadable(asOf - 20 * day, 4),
  bid(asOf - 10 * day, 3),
  // One hour two days back: provider 1 three times (once unreadable), models 1 and 2.
  bid(block, 1),
  bid(block + 1, 1),
  bid(block + 2, 2),
  bid(block + 3, 3),
  unreadable(block + 4, 3),
  unreadable(block + 5, 1),
  unreadable(floorHour(asOf) - 1, 3),
  bid(asOf, 1),
];
/** [sessions, providers, models] of a bucket or window. */
const counts = (figures: { sessions: number; providers?: number; models?: number } | undefined) => [
  figures?.sessions,
  figures?.providers,
  figures?.models,
];
const windows = (w: Record<"24h" | "7d" | "30d" | "all", { sessions: number }> | undefined) =>
  (["24h", "7d", "30d", "all"] as const).map((name) => counts(w?.[name]));

describe("tallyCloses: distinct providers and models", () => {
  const { files } = rollupOf(closes, asOf, world);

  test("default: a provider or model seen twice counts once; an unreadable bid counts for its provider only", () => {
    const held = files["rollup/hourly.json"].series.filter((bucket) => bucket.sessions > 0);
    expect(held.map((bucket) => [bucket.ts, ...counts(bucket)])).toEqual([
      [floorHour(asOf - 10 * day), 1, 1, 1],
      [floorHour(block), 6, 3, 2],
      [floorHour(asOf) - hour, 1, 1, 0],
      [floorHour(asOf), 1, 1, 1],
    ]);
    const daily = files["rollup/daily.json"].series.filter((bucket) => bucket.sessions > 0);
    expect(daily.map(counts)).toEqual([
      [1, 1, 1],
      [1, 1, 0],
      [1, 1, 1],
      [6, 3, 2],
      [2, 2, 1],
    ]);
    expect(files["rollup/monthly.json"].series.map(counts)).toEqual([
      [2, 2, 1],
      [9, 3, 2],
    ]);
  });

  test("behavior: windows count over their own closes", () => {
    expect(windows(files["summary.json"])).toEqual([
      [2, 2, 1],
      [8, 3, 2],
      [10, 4, 2],
      [11, 4, 2],
    ]);
  });

  test("behavior: a model's providers are its distinct providers, its models 1 (0 in a window without a close)", () => {
    const models = files["models.json"].models;
    expect(models.map((m) => m.name)).toEqual(["model 1", "model 2"]);
    expect(windows(models[0]?.windows)).toEqual([
      [1, 1, 1],
      [4, 2, 1],
      [5, 2, 1],
      [5, 2, 1],
    ]);
    expect(windows(models[1]?.windows)).toEqual([
      [0, 0, 0],
      [1, 1, 1],
      [1, 1, 1],
      [2, 1, 1],
    ]);
  });

  test("behavior: a provider's models are its distinct models, 0 when none of its bids could be read", () => {
    const providers = files["providers.json"].providers;
    expect(providers).toHaveLength(4);
    expect(providers.map((p) => windows(p.windows))).toEqual([
      [
        [1, 1, 1],
        [5, 1, 2],
        [5, 1, 2],
        [6, 1, 2],
      ],
      [
        [0, 0, 0],
        [1, 1, 1],
        [2, 1, 1],
        [2, 1, 1],
      ],
      [
        [1, 1, 0],
        [2, 1, 0],
        [2, 1, 0],
        [2, 1, 0],
      ],
      [
        [0, 0, 0],
        [0, 0, 0],
        [1, 1, 0],
        [1, 1, 0],
      ],
    ]);
  });

  test("behavior: by-model and by-provider items carry no distinct counts", () => {
    const [model] = files["rollup/by-model-daily.json"].models;
    const [provider] = files["rollup/by-provider-daily.json"].providers;
    expect(model?.series.at(-1)).not.toHaveProperty("providers");
    expect(provider?.series.at(-1)).not.toHaveProperty("models");
  });
});

describe("DistinctCounter", () => {
  test("default: counts each key once per bucket, buckets apart", () => {
    const counter = new DistinctCounter(3, 4);
    for (const [bucket, key] of [
      [0, 3],
      [0, 3],
      [0, 0],
      [2, 3],
      [1, 1],
      [1, 1],
    ] as const)
      counter.add(bucket, key);
    expect([...counter.counts]).toEqual([2, 1, 1]);
    expect([counter.has(0, 3), counter.has(1, 3), counter.has(2, 3), counter.has(2, 0)]).toEqual([
      true,
      false,
      true,
      false,
    ]);
  });
});
