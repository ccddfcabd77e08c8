import { describe, expect, test } from "vitest";
import type { TestClose } from "../../tooling/rollup/makeCloseDays.js";
import { rollupOf } from "../../tooling/rollup/rollupOf.js";

const day = 86_400;
/** Not on an hour: windows and buckets must not line up by accident. */
const asOf = Date.UTC(2026, 2, 15, 12, 34, 56) / 1000;
const close = (closedAt: number, tokens: number, more: Partial<TestClose> = {}): TestClose => ({
  closedAt,
  tokens,
  bidRef: 1,
  providerRef: 1,
  ...more,
});

/**
 * One close on each side of every window edge, tokens a power of two each, so that a window's
 * token sum names exactly the closes it holds (SPEC.md: as-of − 86,400·d < closedAt ≤ as-of).
 */
const edges: TestClose[] = [
  close(asOf - 30 * day - 5, 1),
  close(asOf - 30 * day, 2),
  close(asOf - 30 * day + 1, 4),
  close(asOf - 7 * day, 8),
  close(asOf - 7 * day + 1, 16),
  close(asOf - day, 32),
  close(asOf - day + 1, 64),
  close(asOf, 128),
  close(asOf + 1, 256),
];

describe("tallyCloses: summary windows", () => {
  test("default: each window holds as-of − 86,400·d < closedAt ≤ as-of; all holds every close up to the as-of", () => {
    const summary = rollupOf(edges, asOf).files["summary.json"];
    expect(summary["24h"]).toMatchObject({ tokens: 64 + 128, sessions: 2 });
    expect(summary["7d"]).toMatchObject({ tokens: 16 + 32 + 64 + 128, sessions: 4 });
    expect(summary["30d"]).toMatchObject({ tokens: 4 + 8 + 16 + 32 + 64 + 128, sessions: 6 });
    expect(summary.all).toMatchObject({ tokens: 255, sessions: 8 });
  });

  test("behavior: a close after the as-of counts in no window, no series, no leaderboard, but in the audit", () => {
    const late = rollupOf([close(asOf - 100, 1), close(asOf + 1, 2, { bidRef: 2, providerRef: 2 })], asOf, {
      bids: { 1: { model: 1, provider: 1 }, 2: { model: 2, provider: 2 } },
    });
    const { files, tally } = late;
    for (const name of ["24h", "7d", "30d", "all"] as const)
      expect(files["summary.json"][name]).toMatchObject({ tokens: 1, sessions: 1 });
    for (const bucket of files["rollup/hourly.json"].series) expect(bucket.tokens).toBeLessThan(2);
    expect(files["rollup/daily.json"].series.map((b) => b.sessions)).toEqual([1]);
    expect(files["models.json"].models.map((m) => m.name)).toEqual(["model 1"]);
    expect(files["providers.json"].providers).toHaveLength(1);
    expect(files["rollup/by-model-daily.json"].models).toHaveLength(1);
    expect([...tally.audit.closes]).toEqual([0, 1, 1]);
  });

  test("behavior: medians follow the same edges", () => {
    // ttft in ms: the 24h window holds 700 and 900 (median 0.7), 7d adds 100 (rank 2 of
    // [100, 700, 900]: 0.7), 30d adds 50 and 60 (0.1); the close at each window's edge is left out.
    const timed: TestClose[] = [
      close(asOf - 30 * day, 0, { ttftMs: 1 }),
      close(asOf - 30 * day + 1, 0, { ttftMs: 50 }),
      close(asOf - 7 * day, 0, { ttftMs: 60 }),
      close(asOf - day, 0, { ttftMs: 100 }),
      close(asOf - day + 1, 0, { ttftMs: 700 }),
      close(asOf, 0, { ttftMs: 900 }),
      close(asOf + 1, 0, { ttftMs: 5 }),
    ];
    const summary = rollupOf(timed, asOf).files["summary.json"];
    expect(summary["24h"].ttft).toBe(0.7);
    expect(summary["7d"].ttft).toBe(0.7);
    expect(summary["30d"].ttft).toBe(0.1);
    // all: [1, 50, 60, 100, 700, 900], rank 3.
    expect(summary.all.ttft).toBe(0.06);
  });

  test("behavior: a model's and a provider's windows have the same edges as the summary's", () => {
    const { files } = rollupOf(edges, asOf);
    const [model] = files["models.json"].models;
    const [provider] = files["providers.json"].providers;
    const summary = files["summary.json"];
    for (const name of ["24h", "7d", "30d", "all"] as const) {
      expect(model?.windows[name]).toEqual({ ...summary[name], models: 1, providers: 1 });
      expect(provider?.windows[name]).toEqual({ ...summary[name], models: 1, providers: 1 });
    }
  });

  test("behavior: as-of exactly on a day start: the 24h window starts the second after the day before's start", () => {
    const midnight = Date.UTC(2026, 2, 15) / 1000;
    const summary = rollupOf(
      [close(midnight - day, 1), close(midnight - day + 1, 2), close(midnight, 4)],
      midnight,
    ).files["summary.json"];
    expect(summary["24h"]).toMatchObject({ tokens: 6, sessions: 2 });
    expect(summary["7d"]).toMatchObject({ tokens: 7, sessions: 3 });
  });

  test("behavior: no close at all: zero windows without medians, empty series", () => {
    const { files } = rollupOf([], asOf);
    const zero = {
      tokens: 0,
      tokenSessions: 0,
      sessions: 0,
      seconds: 0,
      earned: "0",
      disputed: 0,
      providers: 0,
      models: 0,
    };
    expect(files["summary.json"]).toEqual({ "24h": zero, "7d": zero, "30d": zero, all: zero });
    expect(files["rollup/hourly.json"].series).toEqual([]);
    expect(files["rollup/monthly.json"].series).toEqual([]);
    expect(files["models.json"].models).toEqual([]);
  });
});
