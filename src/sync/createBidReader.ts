import type { BidRead } from "../chain/readBids.js";
import { type RetryPolicy, retryPolicies } from "../chain/retryPolicies.js";
import type { Logger } from "../log/createLogger.js";
import { withRetry } from "../util/withRetry.js";
import type { AnomalyRow, NewBid } from "./SyncStore.js";

type ReadBids = (ids: readonly string[]) => Promise<Map<string, BidRead>>;

/** The bids a range read: new ones, stored ones read again for their deletion, and what lagged. */
export type BidReads = { bids: NewBid[]; refreshed: NewBid[]; anomalies: AnomalyRow[] };

/** A range's bid logs: each bid with the block of its MarketplaceBidPosted, of its MarketplaceBidDeleted. */
export type BidLogs = { posted: ReadonlyMap<string, number>; deleted: ReadonlyMap<string, number> };

export type BidReader = {
  /**
   * getBid for the bids among `named` that the store does not hold yet (each read once per run
   * and endpoint however many ranges in flight name them) and, when `refresh` is set, for the
   * bids of `logs.deleted` which the store holds as standing or a range of the run is reading
   * (on any endpoint): their deletedAt. A read that lags behind the range's logs (a bid of
   * `logs.posted` or `logs.deleted` read as the empty record, createdAt 0, or a bid of
   * `logs.deleted` read standing) is read again (retryPolicies.laggingSession), then kept as read
   * and counted as an inconsistent bid.
   */
  read(named: Iterable<string>, logs: BidLogs, refresh: boolean): Promise<BidReads>;
  /** Bids now stored (a committed range held them): new ones are never asked for again. */
  stored(reads: Pick<BidReads, "bids" | "refreshed">): void;
  /** Whether a read of the bid started by this reader waits for its range to be stored. */
  reading(bidId: string): boolean;
};

/**
 * Bid reads for one run of one chain's follower (or of the bid scan) on one endpoint; `known`
 * holds the bids of earlier runs, each with whether it stood when last read, and is shared by the
 * readers of a pool's endpoints, as `readingElsewhere` tells what the others are reading.
 */
export function createBidReader(
  readBids: ReadBids,
  known: Map<string, boolean>,
  options: { logger?: Logger; retry?: RetryPolicy; readingElsewhere?: (bidId: string) => boolean } = {},
): BidReader {
  const retry = options.retry ?? retryPolicies.laggingSession;
  const inFlight = new Map<string, Promise<BidRead>>();

  /** One batch for the new bids (shared with later ranges) and the ones read again (not shared). */
  const start = (fresh: readonly string[], again: readonly string[]): Map<string, Promise<BidRead>> => {
    const reads = new Map<string, Promise<BidRead>>();
    if (fresh.length + again.length === 0) return reads;
    const batch = readBids([...fresh, ...again]);
    const one = (id: string) =>
      batch.then((all): BidRead => all.get(id) ?? { ok: false, error: "no result" });
    for (const id of fresh) {
      const read = one(id);
      inFlight.set(id, read);
      // A read that failed is forgotten: the range that asked is read again (on another endpoint
      // of a pool) and asks again.
      read.catch(() => {
        if (inFlight.get(id) === read) inFlight.delete(id);
      });
    }
    for (const id of again) reads.set(id, one(id));
    return reads;
  };

  return {
    async read(named, { posted, deleted }, refresh) {
      const wanted = [...new Set(named)].filter((id) => !known.has(id));
      const wantedSet = new Set(wanted);
      // A read started by another range (of another endpoint too) may be from before the deletion.
      const again = refresh
        ? [...deleted.keys()].filter(
            (id) =>
              !wantedSet.has(id) &&
              (known.get(id) === true || inFlight.has(id) || options.readingElsewhere?.(id) === true),
          )
        : [];
      const reads = start(
        wanted.filter((id) => !inFlight.has(id)),
        again,
      );
      for (const id of wanted) reads.set(id, inFlight.get(id) as Promise<BidRead>);
      const settled = new Map<string, BidRead>();
      await Promise.all(
        [...reads].map(async ([id, read]) => {
          settled.set(id, await read);
        }),
      );
      // A read that shows the empty record of a bid the range's logs name, or a bid standing
      // although the range holds its deletion, lags behind the logs.
      const lags = (id: string) => {
        const read = settled.get(id);
        if (read?.ok !== true) return false;
        const logged = deleted.has(id) || posted.has(id);
        return (logged && read.state.createdAt === 0) || (deleted.has(id) && read.state.deletedAt === 0);
      };
      const anomalies: AnomalyRow[] = [];
      // The first read is the policy's first attempt: the others follow its delays.
      let lagging = [...settled.keys()].filter(lags);
      if (lagging.length > 0) {
        lagging = await withRetry(
          async (attempt) => {
            if (attempt === 1) return lagging;
            const reads = await readBids(lagging);
            for (const id of lagging) {
              const read = reads.get(id);
              if (read) settled.set(id, read);
            }
            return lagging.filter(lags);
          },
          { ...retry, retryAnswer: (still) => still.length > 0 },
        );
      }
      if (lagging.length > 0) {
        for (const id of lagging) {
          options.logger?.warn("a bid's state disagrees with its logs; kept as read", { bid: id });
          const blockNumber = (deleted.get(id) ?? posted.get(id)) as number;
          anomalies.push({ kind: "inconsistent-bid", key: id, blockNumber });
        }
      }
      const bidOf = (id: string): NewBid => {
        const read = settled.get(id) as BidRead;
        return read.ok ? { bidId: id, state: read.state } : { bidId: id };
      };
      // The empty record read again (a backend behind, past the retries) says nothing of a stored
      // bid: what was stored stays, as after a failed read.
      const refreshed = again.map((id) => {
        const bid = bidOf(id);
        return bid.state?.createdAt === 0 ? { bidId: id } : bid;
      });
      return { bids: wanted.map(bidOf), refreshed, anomalies };
    },
    stored({ bids, refreshed }) {
      for (const bid of bids) {
        known.set(bid.bidId, bid.state?.deletedAt === 0);
        inFlight.delete(bid.bidId);
      }
      for (const bid of refreshed) if (bid.state) known.set(bid.bidId, bid.state.deletedAt === 0);
    },
    reading: (bidId) => inFlight.has(bidId),
  };
}
