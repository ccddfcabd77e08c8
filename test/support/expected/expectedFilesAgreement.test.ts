import { describe, expect, test } from "vitest";
import type { HistorySession } from "../../../src/devchain/history.js";
import { expectedFiles } from "../expectedFiles.js";
import { expectExact } from "./expectExact.js";
import { expectedPublication } from "./expectedPublication.js";
import { address, closedSession, history, id, openSession, setWord, utc } from "./historyFixtures.js";

const T = utc("2026-03-10T12:30:00Z");

/** The 1.0 fields of a bucket or window, in their order. */
function version1(figures: Record<string, unknown>): Record<string, unknown> {
  const { ts, tokens, sessions, ttft } = figures;
  return { ...(ts === undefined ? {} : { ts }), tokens, sessions, ...(ttft === undefined ? {} : { ttft }) };
}

type Series = { series: Array<Record<string, unknown>> };

/** A 1.1 file reduced to what the 1.0 calculator computes. */
function toVersion1(path: string, file: unknown): unknown {
  if (path === "summary.json") {
    return Object.fromEntries(
      Object.entries(file as Record<string, never>).map(([k, w]) => [k, version1(w)]),
    );
  }
  if (path === "stuck-sessions.json") {
    const { count, sessions } = file as { count: number; sessions: Array<Record<string, unknown>> };
    return { count, sessions: sessions.map(({ chainId: _chainId, ...rest }) => rest) };
  }
  if (path === "rollup/by-model-daily.json" || path === "rollup/by-provider-daily.json") {
    const [key, items] =
      Object.entries(file as Record<string, Array<Series & Record<string, unknown>>>)[0] ?? [];
    return { [key ?? ""]: items?.map((item) => ({ ...item, series: item.series.map(version1) })) };
  }
  const { bucket, series } = file as Series & { bucket: string };
  return { bucket, series: series.map(version1) };
}

describe("expectedPublication against expectedFiles", () => {
  test("default: one chain without 1.1-only receipts: the 1.0 fields agree", () => {
    const modelA = id("model a");
    const modelB = id("model b");
    const modelC = id("model c");
    const p1 = address("provider 1");
    const p2 = address("provider 2");
    const bids = [
      { bidId: id("bid a"), provider: p1, modelId: modelA, pricePerSecond: 3n },
      { bidId: id("bid b"), provider: p2, modelId: modelB },
      { bidId: id("bid c"), provider: p2, modelId: modelC, reverts: true },
    ];
    const sessions: HistorySession[] = [];
    for (let k = 0; k < 60; k++) {
      const at = T - k * 17_000 - (k % 7) * 13;
      const bidId = bids[k % 3]?.bidId ?? id("bid a");
      const kind = k % 8;
      sessions.push(
        closedSession(`s${k}`, bidId, at, {
          ttftMs: kind === 1 ? 0 : 100 + ((k * 37) % 900),
          tpsScaled1000: 1000 * k,
          tokens: kind === 2 ? null : [k * 11, k * 3],
          ...(kind === 3 ? { closeoutType: 1 } : {}),
          ...(kind === 4 ? { raw: (r: `0x${string}`) => setWord(r, 0, BigInt(id("other"))) } : {}),
          ...(kind === 5 ? { raw: (r: `0x${string}`) => r.slice(0, 100) as `0x${string}` } : {}),
        }),
      );
    }
    sessions.push(closedSession("gone", id("bid a"), T - 50, {}, { reverts: true }));
    sessions.push(openSession("stuck", id("bid b"), T - 20_000, T - 10_000));
    sessions.push(openSession("stuck too", id("bid c"), T - 30_000, T - 10_000));
    sessions.push(openSession("running", id("bid a"), T - 1000, T + 1000));
    const h = history({
      models: [
        { modelId: modelA, name: "A" },
        { modelId: modelB, name: { rawHex: "0x41ff" } },
      ],
      bids,
      sessions,
      renames: [{ modelId: modelA, name: "A renamed", at: T - 100 }],
      endTime: T,
    });
    const old = expectedFiles(h, { asOf: T });
    const files = expectedPublication([{ chainId: 8453, history: h, asOf: T }]);
    for (const [path, file] of Object.entries(old)) expectExact(toVersion1(path, files[path]), file);
    // Not vacuous: two stuck sessions, two models (bid c reverts), both providers, every kind of receipt.
    expect(old["stuck-sessions.json"]).toMatchObject({ count: 2 });
    expect((old["rollup/by-model-daily.json"] as { models: [] }).models).toHaveLength(2);
    expect((old["rollup/by-provider-daily.json"] as { providers: [] }).providers).toHaveLength(2);
    expect(old["summary.json"]).toMatchObject({ all: { sessions: 60 } });
  });
});
