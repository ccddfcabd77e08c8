import type { BidLogs, BidReads } from "./createBidReader.js";
import type { RangeRead } from "./SyncStore.js";

/**
 * Before a range is committed (the ranges before it stored): the bids its deletion logs name that
 * an earlier range of the run stored as standing, and that this range did not read again. That
 * happens in a pool of endpoints: the earlier range was read on an endpoint whose head was below
 * the deletion, and read its bids after this range had read its own (its logs came later), so this
 * range neither knew the bid nor saw it being read. A read of the bid this range made itself (it
 * named the bid too, and its endpoint had the deletion's block) is taken as read again, free;
 * the others are read again through `readAgain`. In the usual case there are none: no request.
 */
export async function readDeletionsAgain(
  commit: Pick<RangeRead, "bids" | "refreshed" | "deleted" | "anomalies">,
  known: ReadonlyMap<string, boolean>,
  readAgain: (logs: BidLogs) => Promise<BidReads>,
): Promise<void> {
  const refreshed = new Set(commit.refreshed.map((bid) => bid.bidId));
  const read = new Map(
    commit.bids.filter((bid) => (bid.state?.createdAt ?? 0) > 0).map((bid) => [bid.bidId, bid]),
  );
  const stale = new Map<string, number>();
  for (const { bidId, blockNumber } of commit.deleted) {
    if (known.get(bidId) !== true || refreshed.has(bidId)) continue;
    const own = read.get(bidId);
    if (own) commit.refreshed.push(own);
    else stale.set(bidId, blockNumber);
    refreshed.add(bidId);
  }
  if (stale.size === 0) return;
  const reads = await readAgain({ posted: new Map(), deleted: stale });
  commit.refreshed.push(...reads.refreshed);
  commit.anomalies.push(...reads.anomalies);
}
