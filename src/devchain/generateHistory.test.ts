import { type Hex, size } from "viem";
import { describe, expect, test } from "vitest";
import { generateHistory } from "./generateHistory.js";

const endTime = Date.UTC(2026, 2, 1, 9, 30) / 1000;
const options = { seed: 42, days: 60, sessionsPerDay: 100, endTime };

describe("generateHistory", () => {
  test("default: deterministic", () => {
    expect(generateHistory(options)).toEqual(generateHistory(options));
    expect(generateHistory({ ...options, seed: 43 }).sessions[0]).not.toEqual(
      generateHistory(options).sessions[0],
    );
  });

  test("behavior: times stay inside the history", () => {
    const history = generateHistory(options);
    const start = endTime - options.days * 86_400;
    expect(history.endTime).toBe(endTime);
    expect(new Set(history.sessions.map((s) => s.sessionId)).size).toBe(history.sessions.length);
    for (const s of history.sessions) {
      expect(s.openedAt).toBeGreaterThanOrEqual(start);
      expect(s.openedAt).toBeLessThanOrEqual(endTime);
      expect(s.endsAt - s.openedAt).toBeGreaterThanOrEqual(300);
      if (s.close) {
        expect(s.close.closedAt).toBeGreaterThan(s.openedAt);
        expect(s.close.closedAt).toBeLessThanOrEqual(endTime);
      }
    }
    for (const r of history.renames ?? []) expect(r.at).toBeGreaterThan(start);
    const total = history.sessions.length;
    expect(total).toBeGreaterThan(options.days * options.sessionsPerDay * 0.9);
    expect(total).toBeLessThan(options.days * options.sessionsPerDay * 1.1);
  });

  test("behavior: a mix of receipts, open and stuck sessions, named and unnamed models", () => {
    const history = generateHistory(options);
    const closed = history.sessions.flatMap((s) => (s.close ? [{ ...s.close, sessionId: s.sessionId }] : []));
    const signed = closed.filter((c) => Number(c.closeoutType) === 0);
    const lengths = signed.map((c) => size(c.receipt));
    const count = (length: number) => lengths.filter((l) => l === length).length;
    expect(count(160)).toBeGreaterThan(100);
    expect(count(224)).toBeGreaterThan(100);
    expect(count(0)).toBeGreaterThan(0);
    expect(count(192)).toBeGreaterThan(0);
    expect(count(256)).toBeGreaterThan(0);
    expect(lengths.filter((l) => l > 0 && l < 160).length).toBeGreaterThan(0);
    expect(closed.filter((c) => Number(c.closeoutType) === 1).length).toBeGreaterThan(0);
    const wrongId = signed.filter((c) => size(c.receipt) >= 160 && c.receipt.slice(0, 66) !== c.sessionId);
    expect(wrongId.length).toBeGreaterThan(0);
    // v1 first, v2 later.
    const firstV2 = Math.min(...closed.filter((c) => size(c.receipt) === 224).map((c) => c.closedAt));
    const lastV1 = Math.max(...closed.filter((c) => size(c.receipt) === 160).map((c) => c.closedAt));
    expect(lastV1).toBeLessThan(firstV2);
    // Some ttftMs are 0 (word 4, the last 8 hex digits).
    expect(
      signed.some(
        (c) => size(c.receipt) === 224 && /^0{8}$/.test(c.receipt.slice(2 + 64 * 5 - 8, 2 + 64 * 5)),
      ),
    ).toBe(true);

    const open = history.sessions.filter((s) => !s.close);
    expect(open.some((s) => s.endsAt + 86_400 < endTime)).toBe(true); // stuck
    expect(open.some((s) => s.endsAt > endTime)).toBe(true); // still running

    const named = new Set(history.models.map((m) => m.modelId));
    expect(history.bids.some((b) => !named.has(b.modelId))).toBe(true);
    expect(history.renames).toHaveLength(1);
    expect(named.has(history.renames?.[0]?.modelId as Hex)).toBe(true);
    expect(new Set(history.bids.map((b) => b.provider)).size).toBe(4);
  });

  test("behavior: a living order book: bids posted, re-posted, withdrawn, one never used; sessions on standing bids only", () => {
    const history = generateHistory(options);
    const bids = new Map(history.bids.map((b) => [b.bidId, b]));
    expect(history.bids.every((b) => b.postedAt !== undefined)).toBe(true);
    const pairOf = (b: (typeof history.bids)[number]) => `${b.provider}:${b.modelId}`;
    const reposted = history.bids.filter((b) => history.bids.some((o) => o !== b && pairOf(o) === pairOf(b)));
    expect(reposted.length).toBeGreaterThanOrEqual(4);
    expect(history.bids.filter((b) => b.deletedAt !== undefined)).toHaveLength(2);
    const used = new Set(history.sessions.map((s) => s.bidId));
    const unused = history.bids.filter((b) => !used.has(b.bidId));
    expect(unused.length).toBeGreaterThan(0);
    const servedModels = new Set([...used].map((id) => bids.get(id)?.modelId));
    expect(history.bids.some((b) => !servedModels.has(b.modelId))).toBe(true);
    // A pair's next bid replaces the one before it: a session opens on the bid standing then.
    for (const s of history.sessions) {
      const bid = bids.get(s.bidId);
      if (!bid) throw new Error(`session ${s.sessionId} on an unknown bid`);
      const next = history.bids.find(
        (o) => pairOf(o) === pairOf(bid) && (o.postedAt as number) > (bid.postedAt as number),
      );
      expect(s.openedAt).toBeGreaterThanOrEqual(bid.postedAt as number);
      expect(s.openedAt).toBeLessThan(Math.min(bid.deletedAt ?? Infinity, next?.postedAt ?? Infinity));
    }
  });

  test("behavior: a large history keeps its session ids unique (its speed is the bench's business)", () => {
    const history = generateHistory({ seed: 1, days: 90, sessionsPerDay: 222, endTime });
    expect(history.sessions.length).toBeGreaterThan(18_000);
    expect(new Set(history.sessions.map((s) => s.sessionId)).size).toBe(history.sessions.length);
  });
});
