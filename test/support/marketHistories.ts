import { type Hex, keccak256, stringToHex } from "viem";
import type { History, HistorySession } from "../../src/devchain/history.js";
import { postedBidId } from "../../src/devchain/postedBidId.js";
import {
  address,
  closedSession,
  openSession,
  type ReceiptSpec,
  setWord,
} from "./expected/historyFixtures.js";

/** Base's history ends here (the publication's as-of); Arbitrum's last block comes five hours later. */
export const marketEnd = Date.UTC(2026, 8, 14, 16, 0, 0) / 1000;
export const arbitrumMarketEnd = marketEnd + 5 * 3600;
const hour = 3600;
const day = 86_400;
const T = marketEnd;
const MOR = 10n ** 18n;

const id = (label: string): Hex => keccak256(stringToHex(`market ${label}`));
export const marketModels = {
  served: id("model served"),
  offered: id("model offered"),
  gone: id("model gone"),
};
export const marketProviders = {
  p1: address("market p1"),
  p2: address("market p2"),
  p3: address("market p3"),
  p4: address("market p4"),
};
const { served, offered, gone } = marketModels;
const { p1, p2, p3, p4 } = marketProviders;

/** The bids, by what they show: their ids are the contract's (provider, model, nonce). */
export const marketBids = {
  /** p1's first bid for the served model: on both chains (the same bidId); re-posted on Base. */
  a: postedBidId(p1, served, 0),
  a2: postedBidId(p1, served, 1),
  /** p2's bid for the served model, deleted before the as-of, then posted again. */
  b: postedBidId(p2, served, 0),
  b2: postedBidId(p2, served, 1),
  /** p3 served the "gone" model and withdrew its bid before the as-of: a pair without an offer. */
  c: postedBidId(p3, gone, 0),
  /** Offered, never served: posted on Base at the as-of itself. */
  d: postedBidId(p2, offered, 0),
  /** On Arbitrum: posted after the publication's as-of (not an offer yet). */
  e: postedBidId(p1, offered, 0),
  /** On Arbitrum: the offered model's other provider. */
  f: postedBidId(p3, offered, 0),
  /** Written without a log and unreadable: its sessions belong to no pair. */
  u: id("bid unreadable"),
};
const { a, a2, b, b2, c, d, e, f, u } = marketBids;

/** A v2 receipt whose inputTokens word does not fit uint32: signed, 0 tokens (SPEC.md 1.1). */
const v2big = (encoded: Hex) => setWord(encoded, 5, 2n ** 32n + 5n);

/**
 * Two chains' histories with every case of market.json (SPEC.md 1.2): bids posted, re-posted and
 * deleted before and after the as-of, a bidId on both chains, a bid posted at the as-of itself,
 * an offered model never served, a served pair whose bid is withdrawn, v1, v2, oversize v2 and
 * disputed receipts in one pair's windows, a session whose bid cannot be read.
 */
export function marketHistories(): { base: History; arbitrum: History } {
  const session = (label: string, bidId: Hex, closedAt: number, receipt: ReceiptSpec = {}): HistorySession =>
    closedSession(`market ${label}`, bidId, closedAt, receipt);
  const base: History = {
    models: [
      { modelId: served, name: "alpha-70b" },
      { modelId: gone, name: "gamma-8b" },
    ],
    bids: [
      { bidId: a, provider: p1, modelId: served, pricePerSecond: 10n ** 15n, postedAt: T - 10 * day },
      {
        bidId: a2,
        provider: p1,
        modelId: served,
        pricePerSecond: 3n * 10n ** 14n + 7n,
        postedAt: T - 5 * day,
      },
      {
        bidId: b,
        provider: p2,
        modelId: served,
        pricePerSecond: 2n * 10n ** 15n,
        postedAt: T - 9 * day,
        deletedAt: T - 2 * day,
      },
      { bidId: b2, provider: p2, modelId: served, pricePerSecond: 10n ** 16n, postedAt: T - day },
      {
        bidId: c,
        provider: p3,
        modelId: gone,
        pricePerSecond: 5n * 10n ** 13n,
        postedAt: T - 8 * day,
        deletedAt: T - 3 * day,
      },
      { bidId: d, provider: p2, modelId: offered, pricePerSecond: 4n * 10n ** 14n, postedAt: T },
      { bidId: u, provider: p4, modelId: served, pricePerSecond: 9n, createdAt: T - 12 * day, reverts: true },
    ],
    sessions: [
      // Pair (served, p1): a v1, a v2, an oversize v2 and a disputed v2 receipt.
      session("a v1", a, T - 6 * day, { tokens: null }),
      session("a v2", a, T - 6 * day + hour, { tokens: [1200, 345] }),
      // Opened on a, closed after its re-post deleted it (a session outlives its bid).
      { ...session("a late", a, T - 4 * day, { tokens: [10, 20] }), openedAt: T - 5 * day - hour },
      session("a2 big", a2, T - 2 * hour, { raw: v2big }),
      session("a2 disputed", a2, T - 3 * hour, { tokens: [9000, 9000], closeoutType: 1 }),
      session("a2 v2", a2, T - 20 * hour, { tokens: [7, 3] }),
      // Pair (served, p2).
      session("b v2", b, T - 3 * day, { tokens: [500, 500] }),
      session("b2 v2", b2, T - 10 * hour, { tokens: [64, 36] }),
      // Pair (gone, p3): served, then withdrawn.
      session("c v2", c, T - 4 * day, { tokens: [100, 1] }),
      // Its bid cannot be read: in no pair.
      session("u", u, T - hour, { tokens: [1, 1] }),
      // Still open.
      openSession("market a2 open", a2, T - hour, T + hour),
    ],
    endTime: T,
  };
  const arbitrum: History = {
    models: [
      { modelId: served, name: "alpha-70b on arbitrum" },
      { modelId: offered, name: "beta-235b" },
    ],
    bids: [
      // The same bidId as Base's a, deleted after the publication's as-of: an offer then.
      {
        bidId: a,
        provider: p1,
        modelId: served,
        pricePerSecond: 6n * 10n ** 14n,
        postedAt: T - 20 * day,
        deletedAt: T + 2 * hour,
      },
      { bidId: e, provider: p1, modelId: offered, pricePerSecond: 10n ** 14n, postedAt: T + hour },
      { bidId: f, provider: p3, modelId: offered, pricePerSecond: 2n * 10n ** 14n, postedAt: T - day },
    ],
    sessions: [
      session("arb a", a, T - day, { tokens: [300, 30] }),
      // After the publication's as-of: counts nowhere at the top level.
      session("arb a late", a, T + hour, { tokens: [1, 2] }),
    ],
    endTime: arbitrumMarketEnd,
    // The router's stake term on Arbitrum (int64, as the router reduces stakes): 2^63 - 1 wei is
    // above ten times the minimum (1); 2^63 + 1 wraps below the minimum (0).
    providerStakes: [
      { provider: p1, stake: 2n ** 63n - 1n },
      { provider: p3, stake: 2n ** 63n + 1n },
    ],
  };
  // On Base, 2^63 wei and 10 MOR (both wrap below the minimum). Base's router order is not
  // available: the unreadable bid u stands among the served model's active bids (its getBid reverts).
  base.providerStakes = [
    { provider: p2, stake: 2n ** 63n },
    { provider: p1, stake: 10n * MOR },
  ];
  return { base, arbitrum };
}
