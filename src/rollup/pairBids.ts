import { compareLowercase } from "./compareLowercase.js";
import type { DenseIndices } from "./createDenseIndices.js";
import type { BidRecord, BidTimesRecord } from "./IndexReader.js";
import { deletedAtOf } from "./standsAt.js";

/** A configured chain as the market sees it: its id and the time before its first indexed block. */
export type MarketChain = { chainId: number; fromParentTime: number | null };

/** A bid of a pair as market.json's `bids` and changes.json see it (SPEC.md 1.3). */
export type PairBid = {
  chainId: number;
  bidId: string;
  pricePerSecond: bigint;
  nonce: bigint | null;
  createdAt: number;
  /** Its deletedAt when at or before the as-of, else 0: standing at the as-of (an offer). */
  deletedAt: number;
};

/**
 * Every pair's bids (SPEC.md 1.3: its prices over time): the known bids on the configured chains
 * whose getBid succeeded with 0 < createdAt <= asOf, deletedAt as of the chain's last synced
 * block (standsAt.ts) kept when at or before the as-of; by pair index, sorted by createdAt,
 * chainId, bidId. A pair's offers (1.2) are its bids with deletedAt 0.
 */
export function pairBids(
  ix: DenseIndices,
  bids: ReadonlyMap<number, BidRecord>,
  bidTimes: readonly BidTimesRecord[],
  chains: readonly MarketChain[],
  asOf: number,
): Map<number, PairBid[]> {
  const fromParentTime = new Map(chains.map((chain) => [chain.chainId, chain.fromParentTime]));
  const byPair = new Map<number, PairBid[]>();
  for (const bid of bidTimes) {
    if (!fromParentTime.has(bid.chainId) || !(bid.createdAt > 0 && bid.createdAt <= asOf)) continue;
    const pair = ix.bidPair[bid.ref] ?? -1;
    const record = bids.get(bid.ref);
    if (pair < 0 || !record) throw new Error(`bid ${bid.ref} is known, but not among the readable bids`);
    const deletedAt = deletedAtOf(bid, fromParentTime.get(bid.chainId) ?? null);
    const list = byPair.get(pair) ?? [];
    list.push({
      chainId: bid.chainId,
      bidId: bid.bidId,
      pricePerSecond: record.pricePerSecond,
      nonce: bid.nonce,
      createdAt: bid.createdAt,
      deletedAt: deletedAt > 0 && deletedAt <= asOf ? deletedAt : 0,
    });
    byPair.set(pair, list);
  }
  for (const list of byPair.values())
    list.sort(
      (a, b) => a.createdAt - b.createdAt || a.chainId - b.chainId || compareLowercase(a.bidId, b.bidId),
    );
  return byPair;
}
