import { bidTopics } from "../chain/abi.js";
import type { ChainView } from "../chain/ChainView.js";
import type { RetryPolicy } from "../chain/retryPolicies.js";
import type { Logger } from "../log/createLogger.js";
import { bidLogRows } from "./bidLogRows.js";
import { collectSessionLogs } from "./collectSessionLogs.js";
import { createBidReader } from "./createBidReader.js";
import type { BidScanCommit, SyncStore } from "./SyncStore.js";

export type BidScanSummary = {
  /** Blocks scanned by this run. */
  blocks: number;
  /** Bid logs found (posted and deleted). */
  logs: number;
  /** False while blocks remain to scan (time limit); true when nothing was to scan. */
  complete: boolean;
};

/**
 * The one-time scan a database indexed before 1.2 needs: the bid logs (MarketplaceBidPosted and
 * MarketplaceBidDeleted only, one topic filter) of the blocks its sessions were synced from, so
 * that its known bids are those of SPEC.md 1.2 without syncing those blocks again. Each range is
 * committed with the scan's progress in one transaction: a run killed at any moment resumes
 * where it stopped, and a range written twice changes nothing.
 */
export async function scanBidLogs(
  store: SyncStore,
  chain: ChainView,
  options: {
    logger: Logger;
    shouldStop?: () => boolean;
    prefetch?: number;
    initialRangeSize?: number;
    retry?: RetryPolicy;
  },
): Promise<BidScanSummary> {
  const summary: BidScanSummary = { blocks: 0, logs: 0, complete: true };
  const scan = store.bidScan();
  const checkpoint = store.checkpoint();
  if (!scan || !checkpoint) return summary;
  const { logger } = options;
  logger.info("scanning the synced blocks once for bid logs (a database indexed before 1.2)", {
    chain: store.chainId,
    from: scan.next,
    to: scan.end,
  });
  const initialRangeSize = options.initialRangeSize ?? checkpoint.rangeSize;
  // One endpoint reads the scan's logs (a pool's for the scan's first block): a failure ends the
  // run with exit 75 and the next one resumes the scan where it stands.
  const logs = chain.pool.pick(scan.next).view.createLogFetcher({
    topics: bidTopics,
    ...(initialRangeSize ? { initialRangeSize } : {}),
  });
  const bids = createBidReader((ids) => chain.readBids(ids), store.knownBids(), {
    logger,
    ...(options.retry ? { retry: options.retry } : {}),
  });
  const readRange = async (from: number, to: number): Promise<BidScanCommit> => {
    const { logs: raw, end, parent } = await logs.fetch(from, to);
    const collected = collectSessionLogs(raw, {
      contract: checkpoint.contract,
      from,
      to,
      hashes: new Map([[end.number, end.hash]]),
    });
    const { posted, deleted } = bidLogRows(collected.bids);
    const bidLogs = {
      posted: new Map(posted.map((row) => [row.bidId, row.blockNumber])),
      deleted: new Map(deleted.map((row) => [row.bidId, row.blockNumber])),
    };
    const reads = await bids.read(bidLogs.posted.keys(), bidLogs, true);
    return {
      bids: reads.bids,
      refreshed: reads.refreshed,
      posted,
      deleted,
      anomalies: [...collected.anomalies, ...reads.anomalies],
      next: to + 1,
      // The time before the index's first block, read with the range that starts there.
      ...(from === checkpoint.fromBlock ? { parentTime: parent?.timestamp } : {}),
    };
  };

  const prefetch = options.prefetch ?? 4;
  const inflight: Array<{ from: number; to: number; result: Promise<BidScanCommit> }> = [];
  let next = scan.next;
  try {
    while (next <= scan.end || inflight.length > 0) {
      while (inflight.length < prefetch && next <= scan.end && !options.shouldStop?.()) {
        const from = next;
        const to = Math.min(scan.end, from + logs.rangeSize - 1);
        next = to + 1;
        const result = readRange(from, to);
        result.catch(() => {}); // awaited in order below
        inflight.push({ from, to, result });
      }
      const range = inflight.shift();
      if (!range) break;
      const commit = await range.result;
      store.commitBidScan(commit);
      bids.stored(commit);
      summary.blocks += range.to - range.from + 1;
      summary.logs += commit.posted.length + commit.deleted.length;
    }
  } finally {
    for (const range of inflight) range.result.catch(() => {});
  }
  summary.complete = store.bidScan() === undefined;
  if (summary.complete)
    logger.info("bid logs of the synced blocks scanned: the market of this chain is complete", {
      chain: store.chainId,
      logs: summary.logs,
    });
  return summary;
}
