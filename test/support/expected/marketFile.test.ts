import { describe, expect, test } from "vitest";
import { postedBidId } from "../../../src/devchain/postedBidId.js";
import { expectExact } from "./expectExact.js";
import { expectedPublication } from "./expectedPublication.js";
import { address, closedSession, history, id, openSession, utc } from "./historyFixtures.js";

const base = 8453;
const arbitrum = 42161;
const T = utc("2026-05-10T12:00:00Z");
const modelA = id("market model a");
const modelB = id("market model b");
const p1 = address("market provider 1");
const p2 = address("market provider 2");
const a0 = postedBidId(p1, modelA, 0);
const a1 = postedBidId(p1, modelA, 1);
const b0 = postedBidId(p2, modelB, 0);

type Market = {
  asOf: number;
  models: Array<{
    modelId: string;
    name: string;
    providers: Array<{
      provider: string;
      offers: Array<{ chainId: number; bidId: string; pricePerSecond: string; createdAt: number }>;
      windows: Record<string, Record<string, unknown>>;
    }>;
  }>;
};
const marketOf = (files: Record<string, unknown>) => files["market.json"] as Market;

describe("expected market.json", () => {
  test("default: offers at the as-of: created at it stands, deleted at it does not, re-posted, on two chains", () => {
    const onBase = history({
      models: [{ modelId: modelA, name: "A" }],
      bids: [
        // Posted at the as-of itself: an offer (createdAt <= asOf).
        { bidId: b0, provider: p2, modelId: modelB, pricePerSecond: 9n, postedAt: T },
        // Re-posted: a0 is deleted by a1's posting; a1 deleted at the as-of: neither stands.
        { bidId: a0, provider: p1, modelId: modelA, pricePerSecond: 5n, postedAt: T - 9000 },
        { bidId: a1, provider: p1, modelId: modelA, pricePerSecond: 6n, postedAt: T - 5000, deletedAt: T },
      ],
      sessions: [closedSession("m1", a0, T - 8000, { tokens: [1000, 500] })],
      endTime: T,
    });
    const onArbitrum = history({
      models: [{ modelId: modelA, name: "A on Arbitrum" }],
      // The same bidId on the other chain, deleted one second after the publication's as-of.
      bids: [
        { bidId: a0, provider: p1, modelId: modelA, pricePerSecond: 7n, postedAt: T - 100, deletedAt: T + 1 },
      ],
      endTime: T + 10,
    });
    const files = expectedPublication([
      { chainId: base, history: onBase, asOf: T },
      { chainId: arbitrum, history: onArbitrum, asOf: T + 10 },
    ]);
    const market = marketOf(files);
    expect(market.asOf).toBe(T);
    const [first, second] = [modelA, modelB].sort();
    expect(market.models.map((m) => m.modelId)).toEqual([first, second]);
    const a = market.models.find((m) => m.modelId === modelA);
    expect(a?.name).toBe("A");
    expect(a?.providers.map((p) => [p.provider, p.offers])).toEqual([
      [p1, [{ chainId: arbitrum, bidId: a0, pricePerSecond: "7", createdAt: T - 100 }]],
    ]);
    // Its prices over time (1.3): a0 on Base deleted by a1's posting, a1 deleted at the as-of, a0
    // on Arbitrum deleted after it (0: standing then).
    expect((a?.providers[0] as { bids?: unknown })?.bids).toEqual([
      { chainId: base, bidId: a0, pricePerSecond: "5", createdAt: T - 9000, deletedAt: T - 5000 },
      { chainId: base, bidId: a1, pricePerSecond: "6", createdAt: T - 5000, deletedAt: T },
      { chainId: arbitrum, bidId: a0, pricePerSecond: "7", createdAt: T - 100, deletedAt: 0 },
    ]);
    // The close of a0 (v2, 1,500 tokens, 600 s at 5 wei/s): earned 3000, per million tokens 2,000,000.
    expect(a?.providers[0]?.windows.all).toMatchObject({
      sessions: 1,
      tokens: 1500,
      earned: "3000",
      providers: 1,
      models: 1,
      earnedPerMillionTokens: "2000000",
    });
    // The changes (1.3): a1 repriced a0 (a0's deletion is a1's creation), a1 withdrawn at the as-of.
    type Change = { time: number; chainId: number; bidId: string; kind: string; previousBidId?: string };
    const changes = (files["changes.json"] as { changes: Change[] }).changes;
    const atAsOf = [
      [b0, "posted"],
      [a1, "withdrawn"],
    ].sort(([x], [y]) => ((x as string) < (y as string) ? -1 : 1));
    expect(changes.map((c) => [c.time - T, c.chainId, c.bidId, c.kind, c.previousBidId])).toEqual([
      ...atAsOf.map(([bidId, kind]) => [0, base, bidId, kind, undefined]),
      [-100, arbitrum, a0, "posted", undefined],
      [-5000, base, a1, "repriced", a0],
      [-9000, base, a0, "posted", undefined],
    ]);
    const b = market.models.find((m) => m.modelId === modelB);
    expect(b?.name).toBe("");
    expectExact(b?.providers, [
      {
        provider: p2,
        offers: [{ chainId: base, bidId: b0, pricePerSecond: "9", createdAt: T }],
        bids: [{ chainId: base, bidId: b0, pricePerSecond: "9", createdAt: T, deletedAt: 0 }],
        windows: Object.fromEntries(
          ["24h", "7d", "30d", "all"].map((w) => [
            w,
            {
              tokens: 0,
              tokenSessions: 0,
              sessions: 0,
              seconds: 0,
              earned: "0",
              disputed: 0,
              providers: 0,
              models: 0,
            },
          ]),
        ),
      },
    ]);
  });

  test("behavior: known bids are those of indexed bid logs and of sessions; a session whose bid reverts is in no pair", () => {
    const unknown = postedBidId(p2, modelA, 0);
    const late = postedBidId(p1, modelB, 0);
    const h = history({
      bids: [
        // Posted before the index starts: known only through its session.
        { bidId: a0, provider: p1, modelId: modelA, pricePerSecond: 2n, postedAt: T - 9000 },
        // Posted before the index starts, no session: not known, not offered.
        { bidId: unknown, provider: p2, modelId: modelA, pricePerSecond: 2n, postedAt: T - 8000 },
        // After the chain's last synced block: not known.
        { bidId: late, provider: p1, modelId: modelB, pricePerSecond: 2n, postedAt: T + 5 },
        // Written without a log and unreadable: its session belongs to no pair.
        { bidId: b0, provider: p2, modelId: modelB, createdAt: T - 50, reverts: true },
      ],
      sessions: [openSession("o1", a0, T - 700, T + 600), closedSession("c1", b0, T - 10)],
      endTime: T + 5,
    });
    const market = marketOf(
      expectedPublication([{ chainId: base, history: h, asOf: T, bidsIndexedFrom: T - 7000 }]),
    );
    expect(
      market.models.map((m) => [m.modelId, m.providers.map((p) => [p.provider, p.offers.length])]),
    ).toEqual([[modelA, [[p1, 1]]]]);
  });

  test("behavior: earnedPerMillionTokens: signed v2 receipts with tokens only, floored", () => {
    const h = history({
      bids: [{ bidId: a0, provider: p1, modelId: modelA, pricePerSecond: 1n, postedAt: T - 90_000 }],
      sessions: [
        // 600 s each at 1 wei/s.
        closedSession("v2", a0, T - 100, { tokens: [2, 1] }),
        closedSession("v1", a0, T - 200, { tokens: null }),
        closedSession("disputed", a0, T - 300, { tokens: [1000, 1000], closeoutType: 1 }),
        closedSession("zero", a0, T - 400, { tokens: [0, 0] }),
      ],
      endTime: T,
    });
    const pair = marketOf(expectedPublication([{ chainId: base, history: h, asOf: T }])).models[0]
      ?.providers[0];
    // T = 3 tokens, E = 600 wei: floor(600,000,000 / 3) = 200,000,000; the others earn but do not count.
    expect(pair?.windows["24h"]).toMatchObject({ sessions: 4, tokens: 3, earned: "2400" });
    expect(pair?.windows["24h"]?.earnedPerMillionTokens).toBe("200000000");
    const odd = history({
      ...h,
      sessions: [closedSession("v2", a0, T - 100, { tokens: [6, 1] })],
    });
    // floor(600,000,000 / 7) = 85,714,285 (.714…).
    const pair7 = marketOf(expectedPublication([{ chainId: base, history: odd, asOf: T }])).models[0]
      ?.providers[0];
    expect(pair7?.windows.all?.earnedPerMillionTokens).toBe("85714285");
  });
});
