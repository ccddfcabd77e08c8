/** What the offer rule needs of a known bid whose getBid succeeded (SPEC.md 1.2). */
export type BidTimes = {
  createdAt: number;
  /** deletedAt as last read (at the latest block then, not at the last synced one). */
  deletedAt: number;
  /** Whether a MarketplaceBidDeleted log of the bid is indexed (up to the last synced block). */
  deletionIndexed: boolean;
};

/**
 * Whether a bid is an offer at `asOf` (SPEC.md 1.2): 0 < createdAt <= asOf, and deletedAt == 0 or
 * deletedAt > asOf, with getBid read at the chain's last synced block. The index reads getBid at
 * the latest block; deletedAt is set only by a deletion, which logs MarketplaceBidDeleted in the
 * same transaction (CHAIN.md), so the deletedAt of the last synced block is the one read when
 * the deletion's log is indexed, or when the deletion came before the index's first block
 * (`fromParentTime`: the time of the block before it; a deletion after the last synced block is
 * later than that). Otherwise it is 0.
 */
export function standsAt(bid: BidTimes, asOf: number, fromParentTime: number | null): boolean {
  if (!(bid.createdAt > 0 && bid.createdAt <= asOf)) return false;
  const deletedAt = deletedAtOf(bid, fromParentTime);
  return deletedAt === 0 || deletedAt > asOf;
}

/** The bid's deletedAt at the chain's last synced block (standsAt says how): 0 while it stood then. */
export function deletedAtOf(bid: BidTimes, fromParentTime: number | null): number {
  const deletedBefore =
    bid.deletedAt > 0 &&
    (bid.deletionIndexed || (fromParentTime !== null && bid.deletedAt <= fromParentTime));
  return deletedBefore ? bid.deletedAt : 0;
}
