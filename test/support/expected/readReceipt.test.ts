import { describe, expect, test } from "vitest";
import type { History } from "../../../src/devchain/history.js";
import { expectedPublication } from "./expectedPublication.js";
import { address, closedSession, history, id, setWord, utc } from "./historyFixtures.js";

const T = utc("2026-03-10T12:30:00Z");
const modelA = id("model a");
const bidA = id("bid a");
const p1 = address("provider 1");

type Window = Record<string, unknown>;
const publish = (h: History) => expectedPublication([{ chainId: 8453, history: h, asOf: T }]);
const summaryOf = (files: Record<string, unknown>) => files["summary.json"] as Record<string, Window>;
const oneBid = (sessions: History["sessions"]) =>
  history({ bids: [{ bidId: bidA, provider: p1, modelId: modelA }], sessions, endTime: T });

describe("readReceipt", () => {
  test("behavior: a receipt with ttftMs 0 counts for tps, one with tpsScaled1000 0 for ttft", () => {
    const files = publish(
      oneBid([
        closedSession("no ttft", bidA, T - 10, { ttftMs: 0, tpsScaled1000: 40_000 }),
        closedSession("no tps", bidA, T - 20, { ttftMs: 700, tpsScaled1000: 0 }),
      ]),
    );
    expect(summaryOf(files).all).toMatchObject({ tokens: 246, sessions: 2, ttft: 0.7, tps: 40 });
    const neither = publish(
      oneBid([closedSession("neither", bidA, T - 10, { ttftMs: 0, tpsScaled1000: 0 })]),
    );
    expect(Object.keys(summaryOf(neither).all ?? {})).toEqual([
      ...["tokens", "tokenSessions", "sessions", "seconds", "earned", "disputed", "providers", "models"],
    ]);
    expect(summaryOf(neither).all).toMatchObject({ tokens: 123, sessions: 1 });
  });

  test("behavior: receipt kinds; a v2 receipt with an oversize token word is signed with 0 tokens", () => {
    const max = 2 ** 32 - 1;
    const at = T - 60;
    const files = publish(
      oneBid([
        closedSession("input", bidA, at, {
          ttftMs: 1000,
          tpsScaled1000: 10_000,
          raw: (r) => setWord(r, 5, 2n ** 32n),
        }),
        closedSession("output", bidA, at, {
          ttftMs: 2000,
          tpsScaled1000: 20_000,
          raw: (r) => setWord(r, 6, 2n ** 256n - 1n),
        }),
        closedSession("max", bidA, at, { ttftMs: 3000, tpsScaled1000: 30_000, tokens: [max, max] }),
        closedSession("v1", bidA, at, { ttftMs: 4000, tpsScaled1000: 40_000, tokens: null }),
        closedSession("chain id", bidA, at, {
          ttftMs: 5000,
          tpsScaled1000: 50_000,
          raw: (r) => setWord(r, 1, 2n ** 256n - 1n),
        }),
        closedSession("long", bidA, at, {
          ttftMs: 6000,
          tpsScaled1000: 60_000,
          raw: (r) => `${r}${"ff".repeat(32)}`,
        }),
        // Malformed: sessions and nothing else.
        closedSession("tps", bidA, at, { ttftMs: 9000, raw: (r) => setWord(r, 3, 2n ** 32n) }),
        closedSession("ttft", bidA, at, { raw: (r) => setWord(r, 4, 2n ** 32n) }),
        closedSession("timestamp", bidA, at, { ttftMs: 9000, raw: (r) => setWord(r, 2, 2n ** 128n) }),
        closedSession("elsewhere", bidA, at, { ttftMs: 9000, raw: (r) => setWord(r, 0, BigInt(id("x"))) }),
        closedSession("short", bidA, at, {
          ttftMs: 9000,
          raw: (r) => r.slice(0, 2 + 2 * 159) as `0x${string}`,
        }),
        closedSession("empty", bidA, at, { raw: "0x" }),
        closedSession("disputed", bidA, at, { ttftMs: 9000, closeoutType: 1 }),
      ]),
    );
    // tokens: max + max, then 123 (chain id) and 123 (long); ttft over 1 to 6 s: rank 3 of 6.
    expect(summaryOf(files).all).toMatchObject({
      tokens: 2 * max + 246,
      sessions: 13,
      ttft: 3,
      tps: 30,
      disputed: 1,
      seconds: 13 * 600,
    });
  });
});
