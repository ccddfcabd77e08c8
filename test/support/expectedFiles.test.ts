import { type Address, getAddress, type Hex, keccak256, stringToHex } from "viem";
import { describe, expect, test } from "vitest";
import { encodeReceipt } from "../../src/devchain/encodeReceipt.js";
import type { History, HistorySession } from "../../src/devchain/history.js";
import { expectedFiles } from "./expectedFiles.js";
import { userAddresses } from "./userAddresses.js";

const id = (label: string): Hex => keccak256(stringToHex(label));
const address = (label: string): Address => getAddress(`0x${id(label).slice(-40)}`);
const utc = (iso: string): number => Date.parse(iso) / 1000;

const modelA = id("model a");
const modelB = id("model b");
const providerA = address("provider a");
const providerB = address("provider b");
const bidA = id("bid a");
const bidB = id("bid b");

let counter = 0;
/** A session closed at `closedAt` with a signed v2 receipt (unless overridden). */
function closedSession(
  closedAt: number,
  receipt: { ttftMs?: number; tokens?: [number, number] | null; raw?: Hex; closeoutType?: number } = {},
  extra: Partial<HistorySession> = {},
): HistorySession {
  const sessionId = extra.sessionId ?? id(`session ${counter++}`);
  const tokens = receipt.tokens === undefined ? [100, 23] : receipt.tokens;
  const encoded =
    receipt.raw ??
    encodeReceipt({
      sessionId,
      chainId: 8453,
      timestamp: closedAt,
      tpsScaled1000: 25_000,
      ttftMs: receipt.ttftMs ?? 500,
      ...(tokens ? { inputTokens: tokens[0], outputTokens: tokens[1] } : {}),
    });
  return {
    sessionId,
    user: address(`user ${counter}`),
    bidId: bidA,
    stake: 10n ** 18n,
    openedAt: closedAt - 600,
    endsAt: closedAt + 600,
    close: { closedAt, closeoutType: receipt.closeoutType ?? 0, receipt: encoded },
    ...extra,
  };
}

function withReceipt(s: HistorySession, edit: (receipt: Hex) => string): HistorySession {
  const close = s.close as NonNullable<HistorySession["close"]>;
  return { ...s, close: { ...close, receipt: edit(close.receipt) as Hex } };
}

function history(sessions: HistorySession[], endTime: number, more: Partial<History> = {}): History {
  return {
    models: [
      { modelId: modelA, name: "Model A" },
      { modelId: modelB, name: "Model B" },
    ],
    bids: [
      { bidId: bidA, provider: providerA, modelId: modelA },
      { bidId: bidB, provider: providerB, modelId: modelB },
    ],
    sessions,
    endTime,
    ...more,
  };
}

type Bucket = { ts: number; tokens: number; sessions: number; ttft?: number };
type Window = { tokens: number; sessions: number; ttft?: number };
const summaryOf = (files: Record<string, unknown>) => files["summary.json"] as Record<string, Window>;
const seriesOf = (files: Record<string, unknown>, bucket: string) =>
  (files[`rollup/${bucket}.json`] as { series: Bucket[] }).series;

describe("expectedFiles", () => {
  test("default", () => {
    const asOf = utc("2026-03-10T12:30:00Z");
    const s = closedSession(utc("2026-03-10T11:15:00Z"), { ttftMs: 734, tokens: [1000, 234] });
    const files = expectedFiles(history([s], asOf), { asOf });
    const bucket = (ts: number) => ({ ts, tokens: 1234, sessions: 1, ttft: 0.734 });
    expect(Object.keys(files)).toEqual([
      "summary.json",
      "rollup/hourly.json",
      "rollup/daily.json",
      "rollup/monthly.json",
      "rollup/by-model-daily.json",
      "rollup/by-provider-daily.json",
      "stuck-sessions.json",
    ]);
    const window = { tokens: 1234, sessions: 1, ttft: 0.734 };
    expect(JSON.stringify(files["summary.json"])).toBe(
      JSON.stringify({ "24h": window, "7d": window, "30d": window, all: window }),
    );
    expect(files["rollup/hourly.json"]).toEqual({
      bucket: "hourly",
      series: [
        bucket(utc("2026-03-10T11:00:00Z")),
        { ts: utc("2026-03-10T12:00:00Z"), tokens: 0, sessions: 0 },
      ],
    });
    expect(files["rollup/daily.json"]).toEqual({
      bucket: "daily",
      series: [bucket(utc("2026-03-10T00:00:00Z"))],
    });
    expect(files["rollup/monthly.json"]).toEqual({
      bucket: "monthly",
      series: [bucket(utc("2026-03-01T00:00:00Z"))],
    });
    expect(JSON.stringify(files["rollup/by-model-daily.json"])).toBe(
      JSON.stringify({
        models: [{ modelId: modelA, name: "Model A", series: [bucket(utc("2026-03-10T00:00:00Z"))] }],
      }),
    );
    expect(files["rollup/by-provider-daily.json"]).toEqual({
      providers: [{ provider: providerA, series: [bucket(utc("2026-03-10T00:00:00Z"))] }],
    });
    expect(files["stuck-sessions.json"]).toEqual({ count: 0, sessions: [] });
  });

  test("behavior: key order of buckets and windows", () => {
    const asOf = utc("2026-03-10T12:30:00Z");
    const files = expectedFiles(history([closedSession(asOf - 10)], asOf), { asOf });
    expect(Object.keys(seriesOf(files, "hourly")[0] as object)).toEqual(["ts", "tokens", "sessions", "ttft"]);
    expect(Object.keys(summaryOf(files))).toEqual(["24h", "7d", "30d", "all"]);
    expect(Object.keys(summaryOf(files)["24h"] as object)).toEqual(["tokens", "sessions", "ttft"]);
  });

  test("behavior: no closed session", () => {
    const asOf = utc("2026-03-10T12:30:00Z");
    const open = { ...closedSession(asOf - 100), endsAt: asOf + 100 };
    delete open.close;
    const files = expectedFiles(history([open], asOf), { asOf });
    const zero = { tokens: 0, sessions: 0 };
    expect(files["summary.json"]).toEqual({ "24h": zero, "7d": zero, "30d": zero, all: zero });
    expect(seriesOf(files, "hourly")).toEqual([]);
    expect(seriesOf(files, "daily")).toEqual([]);
    expect(seriesOf(files, "monthly")).toEqual([]);
    expect(files["rollup/by-model-daily.json"]).toEqual({ models: [] });
    expect(files["rollup/by-provider-daily.json"]).toEqual({ providers: [] });
  });

  test("behavior: window edge, a close exactly at as-of − d days is out, one second later is in", () => {
    const asOf = utc("2026-03-10T12:30:00Z");
    const sessions = [
      closedSession(asOf - 86_400),
      closedSession(asOf - 86_400 + 1),
      closedSession(asOf),
      closedSession(asOf - 7 * 86_400),
      closedSession(asOf - 7 * 86_400 + 1),
      closedSession(asOf - 30 * 86_400),
      closedSession(asOf - 30 * 86_400 + 1),
    ];
    const summary = summaryOf(expectedFiles(history(sessions, asOf), { asOf }));
    expect(summary["24h"]?.sessions).toBe(2);
    expect(summary["7d"]?.sessions).toBe(4);
    expect(summary["30d"]?.sessions).toBe(6);
    expect(summary.all?.sessions).toBe(7);
  });

  test("behavior: hour and day boundaries", () => {
    const asOf = utc("2026-03-11T01:00:00Z");
    const sessions = [
      closedSession(utc("2026-03-10T22:59:59Z")),
      closedSession(utc("2026-03-10T23:00:00Z")),
      closedSession(utc("2026-03-10T23:59:59Z")),
      closedSession(utc("2026-03-11T00:00:00Z")),
      closedSession(asOf), // as-of exactly on an hour: that hour is the last bucket
    ];
    const files = expectedFiles(history(sessions, asOf), { asOf });
    expect(seriesOf(files, "hourly").map((b) => [new Date(b.ts * 1000).toISOString(), b.sessions])).toEqual([
      ["2026-03-10T22:00:00.000Z", 1],
      ["2026-03-10T23:00:00.000Z", 2],
      ["2026-03-11T00:00:00.000Z", 1],
      ["2026-03-11T01:00:00.000Z", 1],
    ]);
    expect(seriesOf(files, "daily").map((b) => [b.ts, b.sessions])).toEqual([
      [utc("2026-03-10T00:00:00Z"), 3],
      [utc("2026-03-11T00:00:00Z"), 2],
    ]);
  });

  test("behavior: month lengths and the leap day", () => {
    const asOf = utc("2024-04-15T00:00:00Z");
    const sessions = [
      closedSession(utc("2023-12-31T23:59:59Z")),
      closedSession(utc("2024-01-31T23:59:59Z")),
      closedSession(utc("2024-02-29T12:00:00Z")),
      closedSession(utc("2024-03-01T00:00:00Z")),
    ];
    const files = expectedFiles(history(sessions, asOf), { asOf });
    const monthly = seriesOf(files, "monthly");
    expect(monthly.map((b) => [new Date(b.ts * 1000).toISOString().slice(0, 10), b.sessions])).toEqual([
      ["2023-12-01", 1],
      ["2024-01-01", 1],
      ["2024-02-01", 1],
      ["2024-03-01", 1],
      ["2024-04-01", 0],
    ]);
    // February 2024 has 29 days; 2023's had 28.
    expect((monthly[3]?.ts ?? 0) - (monthly[2]?.ts ?? 0)).toBe(29 * 86_400);
    const nonLeap = seriesOf(
      expectedFiles(history([closedSession(utc("2023-02-10T00:00:00Z"))], utc("2023-03-02T00:00:00Z")), {
        asOf: utc("2023-03-02T00:00:00Z"),
      }),
      "monthly",
    );
    expect((nonLeap[1]?.ts ?? 0) - (nonLeap[0]?.ts ?? 0)).toBe(28 * 86_400);
    const daily = seriesOf(files, "daily");
    expect(daily.find((b) => b.ts === utc("2024-02-29T00:00:00Z"))?.sessions).toBe(1);
    expect(daily.find((b) => b.ts === utc("2024-03-01T00:00:00Z"))?.sessions).toBe(1);
    // Dense: one bucket per day from 2023-12-31 to 2024-04-15 (2024 is a leap year).
    expect(daily).toHaveLength(1 + 31 + 29 + 31 + 15);
  });

  test("behavior: retention keeps 336 hours and 365 days ending with the as-of period; monthly keeps all", () => {
    const asOf = utc("2026-03-10T12:30:00Z");
    const sessions = [closedSession(utc("2024-07-04T08:00:00Z")), closedSession(asOf - 1)];
    const files = expectedFiles(history(sessions, asOf), { asOf });
    const hourly = seriesOf(files, "hourly");
    expect(hourly).toHaveLength(336);
    expect(hourly[0]?.ts).toBe(utc("2026-03-10T12:00:00Z") - 335 * 3600);
    expect(hourly[335]?.ts).toBe(utc("2026-03-10T12:00:00Z"));
    const daily = seriesOf(files, "daily");
    expect(daily).toHaveLength(365);
    expect(daily[364]?.ts).toBe(utc("2026-03-10T00:00:00Z"));
    expect(daily.reduce((n, b) => n + b.sessions, 0)).toBe(1);
    const monthly = seriesOf(files, "monthly");
    expect(monthly[0]).toEqual({ ts: utc("2024-07-01T00:00:00Z"), tokens: 123, sessions: 1, ttft: 0.5 });
    expect(monthly).toHaveLength(21);
    expect(summaryOf(files).all?.sessions).toBe(2);
  });

  test("behavior: ttft is the nearest-rank median of signed receipts with ttftMs > 0", () => {
    const asOf = utc("2026-03-10T12:30:00Z");
    const at = asOf - 60;
    const even = [400, 100, 300, 200].map((ttftMs) => closedSession(at, { ttftMs }));
    const files = expectedFiles(history([...even, closedSession(at, { ttftMs: 0 })], asOf), { asOf });
    expect(summaryOf(files).all).toEqual({ tokens: 5 * 123, sessions: 5, ttft: 0.2 });
    const odd = [900, 100, 300].map((ttftMs) => closedSession(at, { ttftMs }));
    expect(summaryOf(expectedFiles(history(odd, asOf), { asOf })).all?.ttft).toBe(0.3);
    const none = expectedFiles(history([closedSession(at, { ttftMs: 0 })], asOf), { asOf });
    expect(summaryOf(none).all).toEqual({ tokens: 123, sessions: 1 });
    expect(seriesOf(none, "hourly").at(-1)).toEqual({
      ts: utc("2026-03-10T12:00:00Z"),
      tokens: 123,
      sessions: 1,
    });
  });

  test("behavior: receipts that count as sessions only", () => {
    const asOf = utc("2026-03-10T12:30:00Z");
    const at = asOf - 60;
    const signed = closedSession(at, { ttftMs: 1000, tokens: [7, 3] });
    const v2 = signed.close?.receipt as Hex;
    const sessions = [
      signed, // 10 tokens, ttft 1
      closedSession(at, { ttftMs: 2000, tokens: null }), // v1: ttft only
      closedSession(at, { closeoutType: 1 }), // disputed
      closedSession(at, { raw: "0x" }), // empty
      closedSession(at, { raw: v2.slice(0, 2 + 2 * 159) as Hex }), // one byte short
      closedSession(at, { raw: v2 }), // names another session
    ];
    for (const word of [2, 3, 4, 5, 6]) {
      // One bit too wide for the field: 2^128 for the timestamp (word 2), 2^32 for the uint32 ones.
      const at1 = 2 + 64 * word + (word === 2 ? 31 : 55);
      sessions.push(withReceipt(closedSession(at), (r) => `${r.slice(0, at1)}1${r.slice(at1 + 1)}`));
    }
    // A huge chainId fits uint256: still signed.
    sessions.push(
      withReceipt(
        closedSession(at, { ttftMs: 3000, tokens: [1, 1] }),
        (r) => `${r.slice(0, 66)}${"f".repeat(64)}${r.slice(130)}`,
      ),
    );
    // 192 bytes: v1 plus a word (no tokens); 256 bytes: v2 plus a word.
    sessions.push(
      withReceipt(closedSession(at, { ttftMs: 4000, tokens: [50, 50] }), (r) => r.slice(0, 2 + 384)),
    );
    sessions.push(
      withReceipt(closedSession(at, { ttftMs: 5000, tokens: [20, 22] }), (r) => `${r}${"ff".repeat(32)}`),
    );
    const all = summaryOf(expectedFiles(history(sessions, asOf), { asOf })).all;
    // tokens: 10 + 2 (big chain id) + 42 (v2 long); ttft over [1000, 2000, 3000, 4000, 5000] → rank 3
    expect(all).toEqual({ tokens: 54, sessions: sessions.length, ttft: 3 });
  });

  test("behavior: reverting views", () => {
    const asOf = utc("2026-03-10T12:30:00Z");
    const at = asOf - 60;
    const sessions = [
      closedSession(at, {}, { bidId: bidA }),
      closedSession(at, {}, { bidId: bidB }),
      closedSession(at, {}, { reverts: true }), // getSession reverts: excluded from everything
      { ...closedSession(at, {}, { reverts: true, endsAt: at - 86_400 }), close: undefined } as never,
    ];
    const h = history(sessions, asOf, {
      bids: [
        { bidId: bidA, provider: providerA, modelId: modelA },
        { bidId: bidB, provider: providerB, modelId: modelB, reverts: true },
      ],
      models: [{ modelId: modelA, name: "Model A", reverts: true }],
    });
    const files = expectedFiles(h, { asOf });
    expect(summaryOf(files).all?.sessions).toBe(2);
    expect(seriesOf(files, "daily")[0]?.sessions).toBe(2);
    const models = (
      files["rollup/by-model-daily.json"] as { models: Array<{ modelId: string; name: string }> }
    ).models;
    expect(models.map((m) => [m.modelId, m.name])).toEqual([[modelA, ""]]);
    const providers = (files["rollup/by-provider-daily.json"] as { providers: Array<{ provider: string }> })
      .providers;
    // Bid B reverts: its session counts under the provider its log names (the bid's, on chain).
    const sorted = [providerA, providerB].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
    expect(providers.map((p) => p.provider)).toEqual(sorted);
    expect(files["stuck-sessions.json"]).toEqual({ count: 0, sessions: [] });
  });

  test("behavior: names after renames, never set, invalid UTF-8", () => {
    const asOf = utc("2026-03-10T12:30:00Z");
    const at = asOf - 60;
    const modelC = id("model c");
    const modelD = id("model d");
    const bidC = id("bid c");
    const bidD = id("bid d");
    const h: History = {
      models: [
        { modelId: modelA, name: "first" },
        { modelId: modelB, name: { rawHex: "0x4142ff43" } },
      ],
      bids: [
        { bidId: bidA, provider: providerA, modelId: modelA },
        { bidId: bidB, provider: providerA, modelId: modelB },
        { bidId: bidC, provider: providerB, modelId: modelC },
        { bidId: bidD, provider: providerB, modelId: modelD },
      ],
      sessions: [bidA, bidB, bidC, bidD].map((bidId) => closedSession(at, {}, { bidId })),
      renames: [
        { modelId: modelA, name: "third", at: at + 2 },
        { modelId: modelA, name: "second", at: at + 1 },
        { modelId: modelD, name: "named late", at: at },
      ],
      endTime: asOf,
    };
    const files = expectedFiles(h, { asOf });
    const names = Object.fromEntries(
      (
        files["rollup/by-model-daily.json"] as { models: Array<{ modelId: string; name: string }> }
      ).models.map((m) => [m.modelId, m.name]),
    );
    expect(names).toEqual({ [modelA]: "third", [modelB]: "AB\uFFFDC", [modelC]: "", [modelD]: "named late" });
    const ids = Object.keys(names);
    expect(ids).toEqual([...ids].sort());
  });

  test("behavior: stuck sessions", () => {
    const asOf = utc("2026-03-10T12:30:00Z");
    const open = (label: string, openedAt: number, endsAt: number): HistorySession => ({
      sessionId: id(label),
      user: address(label),
      bidId: bidA,
      stake: 1n,
      openedAt,
      endsAt,
    });
    const a = open("a", asOf - 10_000, asOf - 3600); // exactly at the grace edge: stuck
    const b = open("b", asOf - 10_000, asOf - 3599); // one second short
    const c = open("c", asOf - 20_000, asOf - 5000);
    const d = open("d", asOf - 10_000, asOf - 9000); // same openedAt as a: by sessionId
    const files = expectedFiles(history([a, b, c, d], asOf), { asOf });
    const [first, second] = [a, d].sort((x, y) => (x.sessionId < y.sessionId ? -1 : 1));
    expect(files["stuck-sessions.json"]).toEqual({
      count: 3,
      sessions: [c, first, second].map((s) => ({
        sessionId: s?.sessionId,
        openedAt: s?.openedAt,
        endsAt: s?.endsAt,
        provider: providerA,
        modelId: modelA,
        stake: "1",
      })),
    });
    const withGrace = expectedFiles(history([a, b, c, d], asOf), { asOf, grace: 0 });
    expect((withGrace["stuck-sessions.json"] as { count: number }).count).toBe(4);
  });

  test("behavior: only indexed logs count", () => {
    const asOf = utc("2026-03-10T12:30:00Z");
    const early = closedSession(asOf - 5000);
    const late = closedSession(asOf - 100, {}, { endsAt: asOf - 4000 });
    const files = expectedFiles(history([early, late], asOf), {
      asOf,
      indexed: { opened: [late.sessionId.toUpperCase()], closed: [early.sessionId] },
    });
    expect(summaryOf(files).all?.sessions).toBe(1);
    expect(files["stuck-sessions.json"]).toEqual({
      count: 1,
      sessions: [
        {
          sessionId: late.sessionId,
          openedAt: late.openedAt,
          endsAt: asOf - 4000,
          provider: providerA,
          modelId: modelA,
          stake: late.stake.toString(),
        },
      ],
    });
  });

  test("error: a close after as-of", () => {
    const asOf = utc("2026-03-10T12:30:00Z");
    expect(() => expectedFiles(history([closedSession(asOf + 1)], asOf), { asOf })).toThrow(/after asOf/);
  });
});

describe("userAddresses", () => {
  test("default", () => {
    const a = closedSession(1000);
    const b = closedSession(2000, {}, { user: a.user });
    const c = closedSession(3000);
    expect(userAddresses(history([a, b, c], 4000))).toEqual(
      [a.user.toLowerCase(), c.user.toLowerCase()].sort(),
    );
  });
});
