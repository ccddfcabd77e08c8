import type { ChainView } from "../chain/ChainView.js";
import type { RetryPolicy } from "../chain/retryPolicies.js";
import type { Logger } from "../log/createLogger.js";
import { checkStored, logNothingToSync, type Reorg, refuseLagging } from "./checkStored.js";
import { createRangeSource } from "./createRangeSource.js";
import type { FollowTarget } from "./FollowTarget.js";
import { followRanges, type InFlight } from "./followRanges.js";
import type { RangeSizeMemory } from "./recallEndpointLimits.js";
import { createCutReviewer } from "./reviewCuts.js";
import type { SyncStore, UpgradeRow } from "./SyncStore.js";
import { startingPoint } from "./startingPoint.js";

export type FollowOptions = {
  logger: Logger;
  /** Checked before each new block range: true stops the run there (time limit, another chain failed). */
  shouldStop?: () => boolean;
  onProgress?: (progress: FollowProgress) => void;
  /** Blocks below the target whose hashes are kept, to find the ancestor of a reorg. */
  hashWindow?: number;
  /** Ranges fetched ahead of the one being committed; default four per endpoint. */
  prefetch?: number;
  /** The first range's size on every endpoint, whatever `rangeSizes` says (tests, the bench). */
  initialRangeSize?: number;
  /**
   * Each endpoint's first range size (the one its last run ended with), told the size each ended
   * this run with; default: ranges of one block that grow, as on a first run.
   */
  rangeSizes?: RangeSizeMemory;
  /** Called with the target right before the first ranges are asked for, in the same tick (one request). */
  beforeRanges?: (target: number) => void;
  /** Re-reads of a session or bid state that lags behind its log: default retryPolicies.laggingSession. */
  sessionRetry?: RetryPolicy;
  /** This machine's clock, unix seconds: when the run writes (sync_runs). Default: Date.now. */
  now?: () => number;
  /** When the run started, before its first read (unix seconds); default: when followChain is called. */
  startedAt?: number;
};

export type FollowProgress = {
  chainId: number;
  from: number;
  to: number;
  synced: number;
  logs: number;
  opened: number;
  closed: number;
};

export type FollowSummary = {
  chainId: number;
  fromBlock: number;
  /** The contract's creation block, when known. */
  creationBlock: number | undefined;
  /** The last synced block after this run (fromBlock - 1 before anything was synced). */
  toBlock: number;
  head: number;
  /** The last block this run may sync; never below toBlock (a depth or --to-block short of the next block). */
  target: number;
  /** The confirmation depth this run kept back from the head. */
  confirmations: number;
  blocksSynced: number;
  logs: number;
  sessionsOpened: number;
  sessionsClosed: number;
  reorg: Reorg | null;
  /** False when the run stopped before the target (time limit). */
  complete: boolean;
  /** The contract's upgrades (DiamondCut) this run went past. */
  upgrades: UpgradeRow[];
};

/**
 * Follows one chain's contract logs from its checkpoint to the target block. Each block range is
 * committed with its checkpoint in one transaction, so a run killed at any moment resumes with
 * nothing lost and nothing doubled; ranges are read ahead and committed in order.
 */
export async function followChain(
  store: SyncStore,
  chain: ChainView,
  target: FollowTarget,
  options: FollowOptions,
): Promise<FollowSummary> {
  const { logger } = options;
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const startedAt = options.startedAt ?? now();
  const hashWindow = options.hashWindow ?? 128;
  const { checkpoint, reorg, behind } = await checkStored(store, chain, target, logger);
  const { head, target: targetBlock } = await chain.resolveTarget(target.toBlock, target.confirmations);
  if (behind && checkpoint) refuseLagging(chain, checkpoint.blockNumber, head, target, logger);
  const identity = checkpoint ?? (await startingPoint(chain, target, head, logger));
  const start = checkpoint ? checkpoint.blockNumber + 1 : identity.fromBlock;
  const summary: FollowSummary = {
    chainId: target.chainId,
    fromBlock: identity.fromBlock,
    creationBlock: identity.creationBlock ?? undefined,
    toBlock: checkpoint?.blockNumber ?? identity.fromBlock - 1,
    head,
    target: targetBlock,
    confirmations: target.confirmations,
    blocksSynced: 0,
    logs: 0,
    sessionsOpened: 0,
    sessionsClosed: 0,
    reorg,
    complete: true,
    upgrades: [],
  };
  if (targetBlock < start) {
    summary.target = Math.max(targetBlock, summary.toBlock);
    logNothingToSync(summary, { start, targetBlock, checkpoint, target, logger });
    return summary;
  }

  const ranges = createRangeSource(chain.pool, {
    identity: {
      chainId: identity.chainId,
      contract: identity.contract,
      fromBlock: identity.fromBlock,
      creationBlock: identity.creationBlock,
    },
    initialRangeSize: (member) => options.initialRangeSize ?? options.rangeSizes?.initial(member),
    hashWindowStart: Math.max(start, targetBlock - hashWindow + 1),
    knownBids: store.knownBids(),
    ...(options.sessionRetry ? { sessionRetry: options.sessionRetry } : {}),
    logger,
  });
  const cuts = createCutReviewer({
    chainId: target.chainId,
    fromBlock: identity.fromBlock,
    store,
    chain,
    accepted: new Set(target.acceptUpgrades ?? []),
    logger,
  });
  logger.info("syncing", { chain: target.chainId, from: start, to: targetBlock, head });
  options.beforeRanges?.(targetBlock);
  /**
   * One range, in the order that keeps the index whole: its end confirmed by another endpoint
   * (a pool), the bids its deletions name read again where an earlier range stored them standing,
   * the contract's upgrades in it reviewed, then everything written in one transaction with the
   * run that read it (through the code of every cut mined before now: firstBlockReadThrough.ts).
   */
  const commitInOrder = async (range: InFlight, later: readonly InFlight[]) => {
    const result = await range.result;
    await ranges.confirm(
      { from: range.from, result },
      later.map((next) => next.result),
    );
    await ranges.readDeletionsAgain(result);
    const upgrades = result.cuts.length > 0 ? await cuts.review(result.cuts) : [];
    summary.upgrades.push(...upgrades);
    const run = { firstBlock: start, head, startedAt, wroteAt: now(), lowBlock: start };
    store.commitRange({ ...result.read, upgrades, run });
    ranges.stored(result.read);
    return result;
  };
  await followRanges({ ranges, start, targetBlock, checkpoint, options, commitInOrder }, (range, result) => {
    summary.toBlock = range.to;
    summary.blocksSynced += range.to - range.from + 1;
    summary.logs += result.logs;
    summary.sessionsOpened += result.opened;
    summary.sessionsClosed += result.closed;
    options.onProgress?.({
      chainId: target.chainId,
      from: start,
      to: targetBlock,
      synced: range.to,
      logs: summary.logs,
      opened: summary.sessionsOpened,
      closed: summary.sessionsClosed,
    });
  });
  store.pruneBlocks(targetBlock - 4 * hashWindow);
  store.pruneRuns(summary.toBlock);
  summary.complete = summary.toBlock >= targetBlock;
  for (const [member, size] of ranges.rangeSizes()) options.rangeSizes?.reached(member, size);
  return summary;
}
