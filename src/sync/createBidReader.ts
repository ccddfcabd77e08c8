import type { BidRead } from "../chain/readBids.js";
import type { NewBid } from "./SyncStore.js";

export type BidReader = {
  /**
   * The bids among `bidIds` that the store does not hold yet, read (getBid) once per run
   * however many ranges in flight name them.
   */
  newBids(bidIds: Iterable<string>): Promise<NewBid[]>;
  /** Bids now stored (a committed range held them): never asked for again. */
  stored(bids: readonly NewBid[]): void;
};

/** Bid reads for one run of one chain's follower; `stored` holds the bids of earlier runs. */
export function createBidReader(
  readBids: (ids: readonly string[]) => Promise<Map<string, BidRead>>,
  stored: Set<string>,
): BidReader {
  const inFlight = new Map<string, Promise<BidRead>>();
  return {
    async newBids(bidIds) {
      const wanted = [...new Set(bidIds)].filter((id) => !stored.has(id));
      const missing = wanted.filter((id) => !inFlight.has(id));
      if (missing.length > 0) {
        const batch = readBids(missing);
        for (const id of missing) {
          const read = batch.then((reads): BidRead => reads.get(id) ?? { ok: false, error: "no result" });
          inFlight.set(id, read);
          // A read that failed is forgotten: the range that asked is read again (on another
          // endpoint of a pool) and asks again.
          read.catch(() => {
            if (inFlight.get(id) === read) inFlight.delete(id);
          });
        }
      }
      return Promise.all(
        wanted.map(async (bidId): Promise<NewBid> => {
          const read = await (inFlight.get(bidId) as Promise<BidRead>);
          return read.ok ? { bidId, state: read.state } : { bidId };
        }),
      );
    },
    stored(bids) {
      for (const bid of bids) {
        stored.add(bid.bidId);
        inFlight.delete(bid.bidId);
      }
    },
  };
}
