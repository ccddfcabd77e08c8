import { describe, expect, test } from "vitest";
import type { History } from "../../../src/devchain/history.js";
import { expectExact } from "./expectExact.js";
import { expectedPublication } from "./expectedPublication.js";
import { figures } from "./figures.js";
import { address, closedSession, history, id, utc } from "./historyFixtures.js";
import type { ClosedSession } from "./readChain.js";

const T = utc("2026-03-10T12:30:00Z");
const modelA = id("model a");
const bidA = id("bid a");
const p1 = address("provider 1");
const modelB = id("model b");
const p2 = address("provider 2");

type Window = Record<string, unknown>;
const publish = (h: History) => expectedPublication([{ chainId: 8453, history: h, asOf: T }]);
const summaryOf = (files: Record<string, unknown>) => files["summary.json"] as Record<string, Window>;

describe("figures", () => {
  test("behavior: session time stops at endsAt; earned is over readable bids, disputed and malformed included", () => {
    const bidR = id("bid r");
    const h = history({
      bids: [
        { bidId: bidA, provider: p1, modelId: modelA, pricePerSecond: 5n },
        { bidId: bidR, provider: p2, modelId: modelA, pricePerSecond: 7n, reverts: true },
      ],
      sessions: [
        closedSession("late", bidA, T - 100, {}, { openedAt: T - 1000, endsAt: T - 400 }), // 600 s
        closedSession("early", bidA, T - 200, {}, { openedAt: T - 1000, endsAt: T + 1000 }), // 800 s
        closedSession("disputed", bidA, T - 50, { closeoutType: 1 }), // 600 s
        closedSession("malformed", bidA, T - 40, { raw: "0x" }), // 600 s
        closedSession("no bid", bidR, T - 30), // 600 s, earns nothing
        closedSession("odd", bidA, T - 20, {}, { openedAt: T - 500, endsAt: T - 600 }), // 0 s
      ],
      endTime: T,
    });
    const files = publish(h);
    expectExact(summaryOf(files).all, {
      tokens: 4 * 123,
      tokenSessions: 4,
      sessions: 6,
      ttft: 0.5,
      ttftP90: 0.5,
      tps: 25,
      tpsP10: 25,
      seconds: 600 + 800 + 600 + 600 + 600 + 0,
      earned: String(5 * (600 + 800 + 600 + 600 + 0)),
      disputed: 1,
      providers: 2,
      models: 1,
    });
    // The contract's totalDuration is closedAt − openedAt, not capped: late 900, early 800,
    // malformed 600, odd 480; the disputed close is counted but not as a success.
    expect((files["audit.json"] as { items: unknown[] }).items).toEqual([
      {
        chainId: 8453,
        modelId: modelA,
        provider: p1,
        contract: { totalCount: 5, successCount: 4, totalDuration: 2780 },
        index: { closes: 5, signedCloses: 4, duration: 2780 },
        match: true,
      },
    ]);
  });

  test("behavior: earned is exact past 2^64", () => {
    const price = 123_456_789_012_345_678_901n;
    const h = history({
      bids: [
        { bidId: bidA, provider: p1, modelId: modelA, pricePerSecond: price },
        { bidId: id("bid b"), provider: p1, modelId: modelB, pricePerSecond: 2n ** 64n + 1n },
      ],
      sessions: [
        ...["x", "y", "z"].map((label) => closedSession(label, bidA, T - 60)),
        closedSession("w", id("bid b"), T - 60),
      ],
      endTime: T,
    });
    const files = publish(h);
    // 1800 s · 123456789012345678901 + 600 s · (2^64 + 1)
    expect(summaryOf(files).all?.earned).toBe("233290266666447952992000");
    type Item = { windows: { all: { earned: string } } };
    const models = (files["models.json"] as { models: Item[] }).models.map((m) => m.windows.all.earned);
    expect(models.sort()).toEqual(["11068046444225730970200", "222222220222222222021800"]);
  });

  test("behavior: tokens and seconds past 2^53 are what JSON.parse makes of their exact decimal", () => {
    const session = (tokens: bigint, seconds: bigint): ClosedSession => ({
      chainId: 1,
      sessionId: id(String(tokens)),
      closedAt: T,
      seconds,
      earned: 0n,
      disputed: false,
      tokens,
      tokenCounted: true,
      ttftMs: 0,
      tpsScaled1000: 0,
      modelId: modelA,
      provider: p1,
    });
    // Summed as doubles, 2^53 + 1 + 1 would stay 2^53; exactly, it is 2^53 + 2.
    const sum = figures([
      session(2n ** 53n, 2n ** 52n + 1n),
      session(1n, 2n ** 52n + 1n),
      session(1n, 2n ** 52n + 1n),
    ]);
    expect(sum.tokens).toBe(JSON.parse("9007199254740994"));
    expect(sum.tokens).not.toBe(2 ** 53 + 1 + 1);
    expect(sum.seconds).toBe(JSON.parse("13510798882111491"));
  });
});
