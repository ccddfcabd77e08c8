import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createRollupQueries } from "../store/createRollupQueries.js";
import { createSyncStore } from "../store/createSyncStore.js";
import { openStore, type Store } from "../store/openStore.js";
import type { CloseRow, KnownBid, RangeCommit } from "../sync/SyncStore.js";
import { computeFiles } from "./computeFiles.js";

const utc = (y: number, m: number, d = 1, h = 0, min = 0, s = 0) => Date.UTC(y, m, d, h, min, s) / 1000;
const asOf = utc(2026, 10, 21, 14, 32, 5);
const id = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
const providerA = "0x00000000000000000000000000000000000000a1";
const providerB = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359";
const modelX = id(0x1000);
const modelY = id(0x2000);

let store: Store;
beforeEach(() => {
  store = openStore(":memory:");
});
afterEach(() => store.close());

function close(
  n: number,
  closedAt: number,
  kind: "v1" | "v2" | "disputed" | "malformed",
  tokens: number,
  ttftMs: number,
  bid = id(0xb1),
): CloseRow {
  return {
    sessionId: id(n),
    blockNumber: 10,
    logIndex: n,
    state: {
      bidId: bid,
      closedAt,
      closeoutType: kind === "disputed" ? 1n : 0n,
      receipt: new Uint8Array(),
      kind,
      tokens,
      ttftMs,
    },
  };
}

function commit(partial: Partial<RangeCommit>): void {
  const known = new Map<string, KnownBid>();
  createSyncStore(store).commitRange(
    {
      identity: { chainId: 31337, contract: "0x00000000000000000000000000000000000000c0", fromBlock: 0 },
      end: { number: 10, hash: `0x${"ee".repeat(32)}`, timestamp: asOf },
      headers: [],
      bids: [
        { bidId: id(0xb1), state: { provider: providerB, modelId: modelX, pricePerSecond: 1n } },
        { bidId: id(0xb2), state: { provider: providerA, modelId: modelY, pricePerSecond: 2n } },
      ],
      opens: [],
      closes: [],
      anomalies: [],
      ...partial,
    },
    known,
  );
}

function files() {
  const synced = createSyncStore(store).checkpoint();
  if (!synced) throw new Error("no checkpoint");
  return computeFiles(createRollupQueries(store), synced, { stuckGrace: 3600, generator: "test" });
}

describe("computeFiles", () => {
  test("default: summary windows, edges included exactly as SPEC.md says", () => {
    commit({
      closes: [
        close(1, asOf - 86_400, "v2", 100, 500), // exactly as-of − 24 h: out of 24h
        close(2, asOf - 86_399, "v2", 200, 300), // one second later: in
        close(3, asOf, "v1", 0, 700, id(0xb2)),
        close(4, asOf - 100, "disputed", 0, 0),
        close(5, asOf - 3 * 86_400, "malformed", 0, 0),
        close(6, utc(2024, 1, 29, 12), "v2", 5, 0),
        { sessionId: id(7), blockNumber: 10, logIndex: 7 }, // getSession failed: counts nowhere
      ],
    });
    const summary = files()["summary.json"];
    expect(summary).toEqual({
      "24h": { tokens: 200, sessions: 3, ttft: 0.3 },
      "7d": { tokens: 300, sessions: 5, ttft: 0.5 },
      "30d": { tokens: 300, sessions: 5, ttft: 0.5 },
      all: { tokens: 305, sessions: 6, ttft: 0.5 },
    });
    expect(Object.keys(summary)).toEqual(["24h", "7d", "30d", "all"]);
  });

  test("behavior: dense series within retention; monthly from the earliest close", () => {
    commit({
      closes: [
        close(1, asOf - 86_400, "v2", 100, 500),
        close(2, asOf - 86_399, "v2", 200, 300),
        close(6, utc(2024, 1, 29, 12), "v2", 5, 0),
      ],
    });
    const out = files();
    const hourly = out["rollup/hourly.json"].series;
    expect(hourly).toHaveLength(336);
    expect(hourly[335]).toEqual({ ts: utc(2026, 10, 21, 14), tokens: 0, sessions: 0 });
    expect(hourly.find((b) => b.ts === utc(2026, 10, 20, 14))).toEqual({
      ts: utc(2026, 10, 20, 14),
      tokens: 300,
      sessions: 2,
      ttft: 0.3,
    });
    const daily = out["rollup/daily.json"].series;
    expect(daily).toHaveLength(365);
    expect(daily[0]?.ts).toBe(utc(2026, 10, 21) - 364 * 86_400);
    expect(daily.at(-2)).toEqual({ ts: utc(2026, 10, 20), tokens: 300, sessions: 2, ttft: 0.3 });
    const monthly = out["rollup/monthly.json"].series;
    expect(monthly[0]).toEqual({ ts: utc(2024, 1, 1), tokens: 5, sessions: 1 });
    expect(monthly).toHaveLength(34);
    expect(monthly.at(-1)).toEqual({ ts: utc(2026, 10, 1), tokens: 300, sessions: 2, ttft: 0.3 });
    expect(monthly.every((b, i) => i === 0 || b.ts > (monthly[i - 1]?.ts ?? 0))).toBe(true);
  });

  test("behavior: by model and by provider, sorted, spanning the daily range", () => {
    commit({
      closes: [
        close(1, asOf - 10, "v2", 100, 500, id(0xb1)),
        close(2, asOf - 20, "v2", 50, 900, id(0xb2)),
        close(3, asOf - 30, "v2", 25, 100, id(0xb2)),
        close(6, utc(2024, 1, 29, 12), "v2", 5, 0, id(0xb1)),
      ],
    });
    const out = files();
    const models = out["rollup/by-model-daily.json"].models;
    expect(models.map((m) => m.modelId)).toEqual([modelX, modelY]);
    expect(models.map((m) => m.name)).toEqual(["", ""]);
    for (const model of models)
      expect(model.series.map((b) => b.ts)).toEqual(out["rollup/daily.json"].series.map((b) => b.ts));
    expect(models[1]?.series.at(-1)).toEqual({ ts: utc(2026, 10, 21), tokens: 75, sessions: 2, ttft: 0.1 });
    const providers = out["rollup/by-provider-daily.json"].providers;
    expect(providers.map((p) => p.provider)).toEqual([providerA, providerB]);
  });

  test("behavior: keys sort as lowercase strings, not by code unit of the checksummed form", () => {
    // "0xB…" sorts before "0xa…" by code unit; as lowercase strings "0xa…" comes first.
    const upper = "0xB000000000000000000000000000000000000001";
    const lower = "0xa000000000000000000000000000000000000002";
    commit({
      bids: [
        { bidId: id(0xc1), state: { provider: upper, modelId: modelX, pricePerSecond: 1n } },
        { bidId: id(0xc2), state: { provider: lower, modelId: modelY, pricePerSecond: 1n } },
      ],
      closes: [close(1, asOf - 10, "v2", 1, 1, id(0xc1)), close(2, asOf - 10, "v2", 1, 1, id(0xc2))],
    });
    expect(files()["rollup/by-provider-daily.json"].providers.map((p) => p.provider)).toEqual([lower, upper]);
  });

  test("behavior: a close whose bid cannot be read counts under its log's provider, in no model", () => {
    const providerC = "0x00000000000000000000000000000000000000C3";
    commit({
      bids: [{ bidId: id(0xb3) }], // getBid failed
      closes: [
        { ...close(1, asOf - 10, "v2", 40, 800, id(0xb3)), provider: providerC },
        { ...close(2, asOf - 10, "v2", 2, 0, id(0xb3)) }, // topic3 was not an address
        { sessionId: id(3), blockNumber: 10, logIndex: 3, provider: providerC }, // getSession failed
      ],
    });
    const out = files();
    expect(out["summary.json"].all).toEqual({ tokens: 42, sessions: 2, ttft: 0.8 });
    expect(out["rollup/by-model-daily.json"].models).toEqual([]);
    const providers = out["rollup/by-provider-daily.json"].providers;
    expect(providers.map((p) => p.provider)).toEqual([providerC]);
    expect(providers[0]?.series.at(-1)).toEqual({
      ts: utc(2026, 10, 21),
      tokens: 40,
      sessions: 1,
      ttft: 0.8,
    });
  });

  test("behavior: stuck sessions at the grace edge", () => {
    commit({
      opens: [
        {
          sessionId: id(1),
          blockNumber: 5,
          logIndex: 0,
          state: { bidId: id(0xb1), stake: 10n, openedAt: asOf - 9000, endsAt: asOf - 3600 },
        },
        {
          sessionId: id(2),
          blockNumber: 5,
          logIndex: 1,
          state: { bidId: id(0xb1), stake: 10n, openedAt: asOf - 9000, endsAt: asOf - 3599 },
        },
        {
          sessionId: id(3),
          blockNumber: 5,
          logIndex: 2,
          state: { bidId: id(0xb2), stake: 10n, openedAt: asOf - 9999, endsAt: asOf - 5000 },
        },
        { sessionId: id(4), blockNumber: 5, logIndex: 3 },
        {
          sessionId: id(5),
          blockNumber: 5,
          logIndex: 4,
          state: { bidId: id(0xb2), stake: 7n, openedAt: asOf - 9999, endsAt: asOf - 7200 },
        },
      ],
      closes: [close(3, asOf - 10, "v2", 1, 1, id(0xb2))],
    });
    expect(files()["stuck-sessions.json"]).toEqual({
      count: 2,
      sessions: [
        {
          sessionId: id(5),
          openedAt: asOf - 9999,
          endsAt: asOf - 7200,
          provider: providerA,
          modelId: modelY,
          stake: "7",
        },
        {
          sessionId: id(1),
          openedAt: asOf - 9000,
          endsAt: asOf - 3600,
          provider: providerB,
          modelId: modelX,
          stake: "10",
        },
      ],
    });
  });

  test("behavior: no closed session at all gives empty series", () => {
    commit({});
    const out = files();
    expect(out["rollup/hourly.json"]).toEqual({ bucket: "hourly", series: [] });
    expect(out["rollup/monthly.json"]).toEqual({ bucket: "monthly", series: [] });
    expect(out["summary.json"].all).toEqual({ tokens: 0, sessions: 0 });
    expect(out["rollup/by-model-daily.json"]).toEqual({ models: [] });
  });

  test("behavior: token sums past 2^53 stay exact", () => {
    // 1,100 sessions of 2^43 tokens: more than 2^53 in all (real receipts cap a session at 2^33).
    const closes = Array.from({ length: 1100 }, (_, i) => close(100 + i, asOf - 1000, "v2", 1, 1));
    commit({ closes });
    store.sqlite.exec(`UPDATE closes SET tokens = ${2 ** 43}`);
    const all = files()["summary.json"].all;
    expect(all.tokens).toBe(1100n * 2n ** 43n);
    expect(typeof all.tokens).toBe("bigint");
  });
});
