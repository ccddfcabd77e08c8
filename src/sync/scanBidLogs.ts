import { bidTopics, diamondCutTopic } from "../chain/abi.js";
import type { ChainView, PoolMember } from "../chain/ChainView.js";
import type { LogFetcher } from "../chain/createLogFetcher.js";
import type { CutLog } from "../chain/parseCutLog.js";
import { rangesPerEndpoint } from "../chain/pool/rangesPerEndpoint.js";
import type { RetryPolicy } from "../chain/retryPolicies.js";
import type { Logger } from "../log/createLogger.js";
import { bidLogRows } from "./bidLogRows.js";
import { collectSessionLogs } from "./collectSessionLogs.js";
import { type BidReader, createBidReader } from "./createBidReader.js";
import { readDeletionsAgain } from "./readDeletionsAgain.js";
import type { RangeSizeMemory } from "./recallEndpointLimits.js";
import { createCutReviewer } from "./reviewCuts.js";
import type { BidScanRead, SyncRun, SyncStore, UpgradeRow } from "./SyncStore.js";

export type BidScanSummary = {
  /** Blocks scanned by this run. */
  blocks: number;
  /** Bid logs found (posted and deleted). */
  logs: number;
  /** False while blocks remain to scan (time limit); true when nothing was to scan. */
  complete: boolean;
};

/** What the scan went past: the contract's upgrades in the scanned blocks (as the follower's). */
export type BidScanResult = BidScanSummary & { upgrades: UpgradeRow[] };

/** The scan's one filter: the bid events, and the contract's upgrades (noted as the follower does). */
const scanTopics: readonly string[] = [...bidTopics, diamondCutTopic];

/** A scanned range as read, its cut logs, and the endpoint that read it. */
type ScannedRange = { read: BidScanRead; cuts: CutLog[]; by: PoolMember };

/**
 * The one-time scan a database indexed before 1.2 needs: the bid logs (MarketplaceBidPosted and
 * MarketplaceBidDeleted, with DiamondCut in the same topic filter) of the blocks its sessions were
 * synced from, so that its known bids are those of SPEC.md 1.2 without syncing those blocks again,
 * and the contract's upgrades in them are reviewed and noted as the follower's are (reviewCuts.ts,
 *  read back at the latest block: past every scanned block). Each range is
 * read wholly on one endpoint of the chain's pool (its logs, then the bids they name), another one
 * when that one fails, as the follower's ranges are; each is committed with the scan's progress in
 * one transaction: a run killed at any moment resumes where it stopped, and a range written twice
 * changes nothing.
 */
export async function scanBidLogs(
  store: SyncStore,
  chain: ChainView,
  options: {
    logger: Logger;
    shouldStop?: () => boolean;
    /** Ranges read ahead of the one being committed; default four per endpoint. */
    prefetch?: number;
    initialRangeSize?: number;
    /** The range size the scan's endpoint starts with when `initialRangeSize` is not given: its own. */
    rangeSizes?: Pick<RangeSizeMemory, "initial">;
    retry?: RetryPolicy;
    /** Blocks of upgrades whose different reads the operator accepted (--accept-upgrade). */
    acceptUpgrades?: readonly number[];
    /** The run as it writes now, given the lowest block of what it writes. */
    run: (lowBlock: number) => SyncRun;
  },
): Promise<BidScanResult> {
  const summary: BidScanResult = { blocks: 0, logs: 0, complete: true, upgrades: [] };
  const scan = store.bidScan();
  const checkpoint = store.checkpoint();
  if (!scan || !checkpoint) return summary;
  const { logger } = options;
  const { pool } = chain;
  logger.info("scanning the synced blocks once for bid logs (a database indexed before 1.2)", {
    chain: store.chainId,
    from: scan.next,
    to: scan.end,
  });
  const known = store.knownBids();
  // Each endpoint learns its own range sizes; the bids stored and being read are shared.
  const readers = new Map<PoolMember, { logs: LogFetcher; bids: BidReader }>();
  const readerOf = (member: PoolMember) => {
    const existing = readers.get(member);
    if (existing) return existing;
    const { view } = member;
    // Each endpoint starts from the range size it reached in its last run (recallEndpointLimits).
    const initialRangeSize = options.initialRangeSize ?? options.rangeSizes?.initial(member);
    const reader = {
      logs: view.createLogFetcher({
        topics: scanTopics,
        ...(initialRangeSize ? { initialRangeSize } : {}),
      }),
      bids: createBidReader((ids) => view.readBids(ids), known, {
        logger,
        readingElsewhere: (id) => [...readers.values()].some((other) => other.bids.reading(id)),
        ...(options.retry ? { retry: options.retry } : {}),
      }),
    };
    readers.set(member, reader);
    return reader;
  };
  const cuts = createCutReviewer({
    chainId: store.chainId,
    fromBlock: checkpoint.fromBlock,
    store,
    chain,
    accepted: new Set(options.acceptUpgrades ?? []),
    logger,
  });
  const readRange = async (member: PoolMember, from: number, to: number) => {
    const { logs, bids } = readerOf(member);
    const { logs: raw, end, parent } = await logs.fetch(from, to);
    const collected = collectSessionLogs(raw, {
      contract: checkpoint.contract,
      from,
      to,
      hashes: new Map([[end.number, end.hash]]),
    });
    const { posted, deleted, bidLogs } = bidLogRows(collected.bids);
    const reads = await bids.read(bidLogs.posted.keys(), bidLogs, true);
    const read: BidScanRead = {
      bids: reads.bids,
      refreshed: reads.refreshed,
      posted,
      deleted,
      anomalies: [...collected.anomalies, ...reads.anomalies],
      next: to + 1,
      // The time before the index's first block, read with the range that starts there.
      ...(from === checkpoint.fromBlock ? { parentTime: parent?.timestamp } : {}),
    };
    return { read, cuts: collected.cuts };
  };
  /** The next range from `from`, sized by the endpoint it goes to, read there (elsewhere when it fails). */
  const start = (from: number) => {
    const member = pool.pick(from);
    const size = readerOf(member).logs.rangeSize;
    const to = Math.max(from, Math.min(scan.end, from + size - 1, pool.lastBlockOf(member)));
    const result = pool
      .serve((by) => readRange(by, from, to), member)
      .then(({ result, by }): ScannedRange => ({ ...result, by }));
    return { from, to, result };
  };

  const prefetch = options.prefetch ?? rangesPerEndpoint * pool.members.length;
  const inflight: Array<ReturnType<typeof start>> = [];
  let next = scan.next;
  try {
    while (next <= scan.end || inflight.length > 0) {
      while (inflight.length < prefetch && next <= scan.end && !options.shouldStop?.()) {
        const range = start(next);
        next = range.to + 1;
        range.result.catch(() => {}); // awaited in order below
        inflight.push(range);
      }
      const range = inflight.shift();
      if (!range) break;
      const { read, cuts: cutLogs, by } = await range.result;
      // An earlier range read a bid of this range's deletions at a head before them (a pool).
      await readDeletionsAgain(read, known, async (logs) => {
        const served = await pool.serve((member) => readerOf(member).bids.read([], logs, true), by);
        return served.result;
      });
      // The contract's code changed in this range: reviewed before anything of it is written.
      const upgrades = cutLogs.length > 0 ? await cuts.review(cutLogs) : [];
      summary.upgrades.push(...upgrades);
      store.commitBidScan({ ...read, upgrades, run: options.run(scan.next) });
      for (const reader of readers.values()) reader.bids.stored(read);
      summary.blocks += range.to - range.from + 1;
      summary.logs += read.posted.length + read.deleted.length;
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
