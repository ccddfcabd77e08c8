import { describe, expect, test } from "vitest";
import { expectExact } from "./expectExact.js";
import { expectedPublication } from "./expectedPublication.js";
import { address, closedSession, history, id, openSession, utc } from "./historyFixtures.js";

const base = 8453;
const arbitrum = 42161;
const T = utc("2026-03-10T12:30:00Z");
const modelA = id("model a");
const bidA = id("bid a");
const p1 = address("provider 1");
const p2 = address("provider 2");

describe("expectedPublication", () => {
  test("default: two chains, the same sessionId is two sessions", () => {
    const onBase = history({
      models: [{ modelId: modelA, name: "Model A" }],
      bids: [{ bidId: bidA, provider: p1, modelId: modelA, pricePerSecond: 2n }],
      sessions: [
        closedSession("s1", bidA, T - 3600, { ttftMs: 400, tpsScaled1000: 20_000, tokens: [100, 20] }),
      ],
      endTime: T,
    });
    const onArbitrum = history({
      models: [{ modelId: modelA, name: "Model A on Arbitrum" }],
      bids: [{ bidId: bidA, provider: p1, modelId: modelA, pricePerSecond: 3n }],
      sessions: [
        closedSession("s1", bidA, T - 1800, { ttftMs: 600, tpsScaled1000: 30_000, tokens: [10, 3] }),
      ],
      endTime: T,
    });
    const files = expectedPublication([
      { chainId: base, history: onBase, asOf: T },
      { chainId: arbitrum, history: onArbitrum, asOf: T },
    ]);
    const seven = [
      "summary.json",
      "rollup/hourly.json",
      "rollup/daily.json",
      "rollup/monthly.json",
      "rollup/by-model-daily.json",
      "rollup/by-provider-daily.json",
      "stuck-sessions.json",
    ];
    expect(Object.keys(files)).toEqual([
      ...seven,
      "models.json",
      "providers.json",
      "audit.json",
      "market.json",
      "changes.json",
      ...seven.map((path) => `chains/${base}/${path}`),
      ...seven.map((path) => `chains/${arbitrum}/${path}`),
    ]);
    // 600 s each (closed before endsAt): earned 600·2 + 600·3; ttft and tps at rank ceil(2/2) = 1;
    // in a window, ttft's 90th percentile at rank ceil(18/10) = 2, tps's 10th at rank ceil(2/10) = 1.
    const both = {
      tokens: 133,
      tokenSessions: 2,
      sessions: 2,
      ttft: 0.4,
      tps: 20,
      seconds: 1200,
      earned: "3000",
      disputed: 0,
    };
    const window = {
      tokens: 133,
      tokenSessions: 2,
      sessions: 2,
      ttft: 0.4,
      ttftP90: 0.6,
      tps: 20,
      tpsP10: 20,
      seconds: 1200,
      earned: "3000",
      disputed: 0,
      providers: 1,
      models: 1,
    };
    const bucket = { ...both, providers: 1, models: 1 };
    const windows = { "24h": window, "7d": window, "30d": window, all: window };
    expectExact(files["summary.json"], windows);
    const day = utc("2026-03-10T00:00:00Z");
    expectExact(files["rollup/hourly.json"], {
      bucket: "hourly",
      series: [
        {
          ts: utc("2026-03-10T11:00:00Z"),
          tokens: 120,
          tokenSessions: 1,
          sessions: 1,
          ttft: 0.4,
          tps: 20,
          seconds: 600,
        },
        {
          ts: utc("2026-03-10T12:00:00Z"),
          tokens: 13,
          tokenSessions: 1,
          sessions: 1,
          ttft: 0.6,
          tps: 30,
          seconds: 600,
        },
      ].map((b, k) => ({ ...b, earned: ["1200", "1800"][k], disputed: 0, providers: 1, models: 1 })),
    });
    expectExact(files["rollup/daily.json"], { bucket: "daily", series: [{ ts: day, ...bucket }] });
    expectExact(files["rollup/monthly.json"], {
      bucket: "monthly",
      series: [{ ts: utc("2026-03-01T00:00:00Z"), ...bucket }],
    });
    expectExact(files["rollup/by-model-daily.json"], {
      models: [{ modelId: modelA, name: "Model A", series: [{ ts: day, ...both }] }],
    });
    expectExact(files["rollup/by-provider-daily.json"], {
      providers: [{ provider: p1, series: [{ ts: day, ...both }] }],
    });
    expectExact(files["stuck-sessions.json"], { count: 0, sessions: [] });
    expectExact(files["models.json"], { models: [{ modelId: modelA, name: "Model A", windows }] });
    expectExact(files["providers.json"], { providers: [{ provider: p1, windows }] });
    const item = (chainId: number) => ({
      chainId,
      modelId: modelA,
      provider: p1,
      contract: { totalCount: 1, successCount: 1, totalDuration: 600 },
      index: { closes: 1, signedCloses: 1, duration: 600 },
      match: true,
    });
    expectExact(files["audit.json"], {
      asOf: T,
      pairs: 2,
      matching: 2,
      complete: true,
      items: [item(base), item(arbitrum)],
      unavailable: [],
      partial: [],
    });
    expectExact((files[`chains/${base}/summary.json`] as Record<string, unknown>)["24h"], {
      tokens: 120,
      tokenSessions: 1,
      sessions: 1,
      ttft: 0.4,
      ttftP90: 0.4,
      tps: 20,
      tpsP10: 20,
      seconds: 600,
      earned: "1200",
      disputed: 0,
      providers: 1,
      models: 1,
    });
    expectExact(files[`chains/${arbitrum}/rollup/by-model-daily.json`], {
      models: [
        {
          modelId: modelA,
          name: "Model A on Arbitrum",
          series: [
            {
              ts: day,
              tokens: 13,
              tokenSessions: 1,
              sessions: 1,
              ttft: 0.6,
              tps: 30,
              seconds: 600,
              earned: "1800",
              disputed: 0,
            },
          ],
        },
      ],
    });
  });

  test("behavior: one chain: its own files equal the top-level ones", () => {
    const h = history({
      models: [{ modelId: modelA, name: "Model A" }],
      bids: [{ bidId: bidA, provider: p1, modelId: modelA, pricePerSecond: 9n }],
      sessions: [
        closedSession("a", bidA, T - 40 * 86_400),
        closedSession("b", bidA, T - 100, { closeoutType: 1 }),
        openSession("c", bidA, T - 9000, T - 5000),
      ],
      endTime: T,
    });
    const files = expectedPublication([{ chainId: base, history: h, asOf: T }]);
    for (const [path, value] of Object.entries(files)) {
      if (path.startsWith("chains/")) expectExact(value, files[path.slice(`chains/${base}/`.length)]);
    }
    expect((files["stuck-sessions.json"] as { count: number }).count).toBe(1);
  });

  test("behavior: a chain synced hours later: what happens after the publication's as-of is only in its files", () => {
    const later = T + 3 * 3600;
    const onBase = history({
      bids: [{ bidId: bidA, provider: p1, modelId: modelA }],
      sessions: [closedSession("b1", bidA, T - 600)],
      endTime: T,
    });
    const onArbitrum = history({
      bids: [{ bidId: bidA, provider: p2, modelId: modelA }],
      sessions: [
        closedSession("a1", bidA, T - 100),
        closedSession("a2", bidA, T + 3600),
        // Expired long before T but closed after it: neither closed nor stuck at the top level.
        closedSession("a3", bidA, T + 7200, {}, { openedAt: T - 20_000, endsAt: T - 10_000 }),
        openSession("a4", bidA, T - 7200, T), // stuck from T + 3600
        openSession("a5", bidA, T + 3600, T + 5000), // opened after T, stuck from T + 8600
      ],
      endTime: later,
    });
    const files = expectedPublication([
      { chainId: base, history: onBase, asOf: T },
      { chainId: arbitrum, history: onArbitrum, asOf: later },
    ]);
    const summary = files["summary.json"] as Record<string, { sessions: number; seconds: number }>;
    expect(summary.all).toMatchObject({ sessions: 2, seconds: 1200, tokens: 246, providers: 2, models: 1 });
    expect(summary["24h"]).toEqual(summary.all);
    const hourly = (path: string) => (files[path] as { series: Array<{ ts: number }> }).series;
    expect(hourly("rollup/hourly.json").map((b) => b.ts)).toEqual([utc("2026-03-10T12:00:00Z")]);
    expect(files["stuck-sessions.json"]).toEqual({ count: 0, sessions: [] });

    const own = files[`chains/${arbitrum}/summary.json`] as Record<string, { sessions: number }>;
    // a1, a2 and a3: a3 is paid up to its endsAt, 10,000 s.
    expect(own["24h"]).toMatchObject({ sessions: 3, seconds: 11_200, tokens: 369, providers: 1, models: 1 });
    expect(hourly(`chains/${arbitrum}/rollup/hourly.json`).map((b) => b.ts)).toEqual(
      [12, 13, 14, 15].map((h) => utc(`2026-03-10T${h}:00:00Z`)),
    );
    expectExact(files[`chains/${arbitrum}/stuck-sessions.json`], {
      count: 2,
      sessions: [
        { label: "a4", openedAt: T - 7200, endsAt: T },
        { label: "a5", openedAt: T + 3600, endsAt: T + 5000 },
      ].map(({ label, ...times }) => ({
        chainId: arbitrum,
        sessionId: id(label),
        ...times,
        provider: p2,
        modelId: modelA,
        stake: "7",
      })),
    });
    type Item = { provider: string; windows: { all: { sessions: number } } };
    const providers = (files["providers.json"] as { providers: Item[] }).providers;
    const [first, second] = [p1, p2].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
    expect(providers.map((p) => [p.provider, p.windows.all.sessions])).toEqual([
      [first, 1],
      [second, 1],
    ]);
    // The audit reads both chains at their last synced block: a2 and a3 count there.
    const audit = files["audit.json"] as { asOf: number; items: Array<{ chainId: number; index: unknown }> };
    expect(audit.asOf).toBe(T);
    expect(audit.items.find((item) => item.chainId === arbitrum)?.index).toEqual({
      closes: 3,
      signedCloses: 3,
      duration: 600 + 600 + 27_200,
    });
  });

  test("error: sets the index cannot hold", () => {
    const h = history({ sessions: [closedSession("a", bidA, T - 10, { silent: true })], endTime: T });
    expect(() =>
      expectedPublication([
        { chainId: base, history: h, asOf: T, indexed: { opened: [], closed: [id("a")] } },
      ]),
    ).toThrow(/closes silently/);
    expect(() => expectedPublication([{ chainId: base, history: h, asOf: T - 11 }])).toThrow(/after asOf/);
    expect(() =>
      expectedPublication([
        { chainId: base, history: h, asOf: T, indexed: { opened: [id("b")], closed: [] } },
      ]),
    ).toThrow(/not in the history/);
    const twice = { chainId: base, history: h, asOf: T };
    expect(() => expectedPublication([twice, twice])).toThrow(/a chain twice/);
    expect(() => expectedPublication([])).toThrow(/no chain/);
  });
});
