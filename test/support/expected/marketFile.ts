import { getAddress } from "viem";
import type { HistoryBid } from "../../../src/devchain/history.js";
import type { ChainHistory } from "./chainHistory.js";
import { chainLogs } from "./chainLogs.js";
import { compareLowercase, groupSorted } from "./compareLowercase.js";
import type { Figures } from "./figures.js";
import type { ClosedSession } from "./readChain.js";
import { windows } from "./windows.js";

type Offer = { chainId: number; bidId: string; pricePerSecond: string; createdAt: number };
/** A pair's bid as SPEC.md 1.3's `bids` lists it, with the nonce changes.json reads. */
export type MarketBid = Offer & { deletedAt: number; nonce: bigint };
type PairWindow = Figures & { earnedPerMillionTokens?: string };

/**
 * market.json (SPEC.md 1.2) from the chains' histories, read literally:
 *
 * - a chain's known bids: those its index holds a MarketplaceBidPosted log of (posted at or after
 *   `bidsIndexedFrom`, at or before the chain's as-of) and those of its indexed sessions whose
 *   getSession succeeds;
 * - an offer: a known bid whose getBid at the chain's last synced block succeeds with
 *   0 < createdAt <= asOf and deletedAt 0 or after asOf (asOf the publication's). getBid there
 *   shows the deletion when it happened by then: by deleteModelBid, or by the next bid the pair
 *   posts while it stands (the re-post rule of CHAIN.md);
 * - a pair: a closed session's bid's (modelId, provider); the pairs of the closes and of the
 *   offers, grouped by model, each with its offers and its four windows plus
 *   earnedPerMillionTokens over the closes with tokens.
 */
export function marketFile(
  chains: readonly ChainHistory[],
  closed: readonly ClosedSession[],
  asOf: number,
  name: (modelId: string) => string,
): { asOf: number; models: unknown[] } {
  const pairs = new Map<
    string,
    { modelId: string; provider: string; offers: Offer[]; bids: MarketBid[]; closes: ClosedSession[] }
  >();
  const pairOf = (modelId: string, provider: string) => {
    const key = `${modelId}:${provider}`;
    let pair = pairs.get(key);
    if (!pair) {
      pair = { modelId, provider, offers: [], bids: [], closes: [] };
      pairs.set(key, pair);
    }
    return pair;
  };
  for (const c of closed)
    if (c.closedAt <= asOf && c.modelId !== undefined) pairOf(c.modelId, c.provider).closes.push(c);
  for (const chain of chains) {
    for (const bid of knownBids(chain)) {
      if (bid.reverts || !stands(chain, bid, asOf)) continue;
      pairOf(bid.modelId.toLowerCase(), getAddress(bid.provider)).offers.push({
        chainId: chain.chainId,
        bidId: bid.bidId.toLowerCase(),
        pricePerSecond: (bid.pricePerSecond ?? 0n).toString(),
        createdAt: createdAtOf(bid),
      });
    }
  }
  for (const { modelId, provider, bid } of marketBids(chains, asOf)) pairOf(modelId, provider).bids.push(bid);
  const models = groupSorted([...pairs.values()], (pair) => pair.modelId).map(([modelId, items]) => ({
    modelId,
    name: name(modelId),
    providers: items
      .sort((a, b) => compareLowercase(a.provider, b.provider))
      .map((pair) => ({
        provider: pair.provider,
        offers: pair.offers.sort(
          (a, b) => a.chainId - b.chainId || a.createdAt - b.createdAt || compareLowercase(a.bidId, b.bidId),
        ),
        bids: pair.bids
          .sort(
            (a, b) =>
              a.createdAt - b.createdAt || a.chainId - b.chainId || compareLowercase(a.bidId, b.bidId),
          )
          .map(({ chainId, bidId, pricePerSecond, createdAt, deletedAt }) => ({
            chainId,
            bidId,
            pricePerSecond,
            createdAt,
            deletedAt,
          })),
        windows: pairWindows(pair.closes, asOf),
      })),
    // The router's order is read from the chain (withRouter.ts); a history alone gives none.
    router: [],
  }));
  return { asOf, models };
}

/**
 * Every pair's bids (SPEC.md 1.3): the known bids of every chain whose getBid succeeds with
 * 0 < createdAt <= asOf, each with its deletedAt when getBid at the chain's last synced block shows
 * one at or before the as-of (else 0), and its nonce.
 */
export function marketBids(
  chains: readonly ChainHistory[],
  asOf: number,
): Array<{ modelId: string; provider: string; bid: MarketBid }> {
  const found: Array<{ modelId: string; provider: string; bid: MarketBid }> = [];
  for (const chain of chains)
    for (const bid of knownBids(chain)) {
      const createdAt = createdAtOf(bid);
      if (bid.reverts || !(createdAt > 0 && createdAt <= asOf)) continue;
      const deleted = deletionOf(chain, bid);
      found.push({
        modelId: bid.modelId.toLowerCase(),
        provider: getAddress(bid.provider),
        bid: {
          chainId: chain.chainId,
          bidId: bid.bidId.toLowerCase(),
          pricePerSecond: (bid.pricePerSecond ?? 0n).toString(),
          createdAt,
          deletedAt: deleted !== undefined && deleted <= chain.asOf && deleted <= asOf ? deleted : 0,
          nonce: nonceOf(chain, bid),
        },
      });
    }
  return found;
}

/** The known bids of a chain that the history holds (an unknown bidId reads as the empty record). */
function knownBids(chain: ChainHistory): HistoryBid[] {
  const { sessions, opened, closed } = chainLogs(chain);
  const ids = new Set<string>();
  for (const b of chain.history.bids)
    if (b.postedAt !== undefined && b.postedAt >= (chain.bidsIndexedFrom ?? 0) && b.postedAt <= chain.asOf)
      ids.add(b.bidId.toLowerCase());
  for (const id of [...opened, ...closed]) {
    const s = sessions.get(id);
    if (s && !s.reverts) ids.add(s.bidId.toLowerCase());
  }
  return chain.history.bids.filter((b) => ids.has(b.bidId.toLowerCase()));
}

/**
 * getBid's nonce: a posted bid's is the number of the pair's bids posted before it (postModelBid);
 * a bid written without a log (setBid) has 0.
 */
function nonceOf(chain: ChainHistory, bid: HistoryBid): bigint {
  if (bid.postedAt === undefined) return 0n;
  const samePair = (other: HistoryBid) =>
    other.postedAt !== undefined &&
    other.provider.toLowerCase() === bid.provider.toLowerCase() &&
    other.modelId.toLowerCase() === bid.modelId.toLowerCase();
  return BigInt(chain.history.bids.filter(samePair).indexOf(bid));
}

/** getBid's createdAt: the block time of its posting, or what a bid written without a log holds. */
function createdAtOf(bid: HistoryBid): number {
  return bid.postedAt ?? bid.createdAt ?? 0;
}

/** Whether getBid at the chain's last synced block shows the bid standing at `asOf`. */
function stands(chain: ChainHistory, bid: HistoryBid, asOf: number): boolean {
  const createdAt = createdAtOf(bid);
  if (!(createdAt > 0 && createdAt <= asOf)) return false;
  const deleted = deletionOf(chain, bid);
  const deletedAt = deleted !== undefined && deleted <= chain.asOf ? deleted : 0;
  return deletedAt === 0 || deletedAt > asOf;
}

/** When the bid is deleted: deleteModelBid, or the pair's next posting while it still stands. */
function deletionOf(chain: ChainHistory, bid: HistoryBid): number | undefined {
  if (bid.postedAt === undefined) return undefined;
  const posted = bid.postedAt;
  const samePair = (other: HistoryBid) =>
    other.provider.toLowerCase() === bid.provider.toLowerCase() &&
    other.modelId.toLowerCase() === bid.modelId.toLowerCase();
  const next = chain.history.bids
    .filter(
      (other) => other !== bid && samePair(other) && other.postedAt !== undefined && other.postedAt > posted,
    )
    .sort((a, b) => (a.postedAt as number) - (b.postedAt as number))[0];
  const candidates = [bid.deletedAt, next?.postedAt].filter((t): t is number => t !== undefined);
  return candidates.length > 0 ? Math.min(...candidates) : undefined;
}

/** The four windows of a pair's closes, each with earnedPerMillionTokens where it has tokens. */
function pairWindows(closes: readonly ClosedSession[], asOf: number): Record<string, PairWindow> {
  const figures = windows(closes, asOf);
  const day = 86_400;
  const inside: Record<string, (c: ClosedSession) => boolean> = {
    "24h": (c) => asOf - day < c.closedAt,
    "7d": (c) => asOf - 7 * day < c.closedAt,
    "30d": (c) => asOf - 30 * day < c.closedAt,
    all: () => true,
  };
  const result: Record<string, PairWindow> = {};
  for (const [name, window] of Object.entries(figures)) {
    const withTokens = closes.filter((c) => c.closedAt <= asOf && inside[name]?.(c) && c.tokens > 0n);
    const tokens = withTokens.reduce((sum, c) => sum + c.tokens, 0n);
    const earned = withTokens.reduce((sum, c) => sum + (c.earned as bigint), 0n);
    result[name] =
      tokens > 0n
        ? { ...window, earnedPerMillionTokens: ((1_000_000n * earned) / tokens).toString() }
        : window;
  }
  return result;
}
