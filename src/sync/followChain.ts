import type { ChainView } from "../chain/ChainView.js";
import type { RetryPolicy } from "../chain/retryPolicies.js";
import { TransientError } from "../errors/BaseError.js";
import type { Logger } from "../log/createLogger.js";
import { checkIdentity } from "./checkIdentity.js";
import { createRangeSource, type ServedRange } from "./createRangeSource.js";
import type { FollowTarget } from "./FollowTarget.js";
import { findCommonAncestor } from "./findCommonAncestor.js";
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
  reorg: { depth: number; ancestor: number | null } | null;
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
  let checkpoint = store.checkpoint();
  if (checkpoint) {
    checkIdentity(
      checkpoint,
      {
        chainId: target.chainId,
        contract: target.contract,
        fromBlock: target.fromBlock ?? checkpoint.fromBlock,
      },
      target.fromBlock !== undefined,
    );
  }

  let reorg: FollowSummary["reorg"] = null;
  let behind = false;
  if (checkpoint) {
    const synced = {
      number: checkpoint.blockNumber,
      hash: checkpoint.blockHash,
      timestamp: checkpoint.blockTimestamp,
    };
    // The head is sampled along with the reorg check: one request for both.
    chain.sampleHead();
    const check = await findCommonAncestor(
      chain,
      synced,
      store.storedBlocks(synced.number),
      checkpoint.fromBlock,
    );
    behind = !check.reorg && check.behind === true;
    if (check.reorg) {
      reorg = { depth: check.depth, ancestor: check.ancestor?.number ?? null };
      logger.warn("chain reorganised: rolling back to the common ancestor", {
        chain: target.chainId,
        depth: check.depth,
        ancestor: check.ancestor?.number ?? "none",
      });
      store.rollbackTo(check.ancestor);
      checkpoint = store.checkpoint();
    }
  }

  const { head, target: targetBlock } = await chain.resolveTarget(target.toBlock, target.confirmations);
  if (behind && checkpoint) {
    // Nothing past a synced block the endpoint cannot show us: a reorg there would go unseen.
    if (head >= checkpoint.blockNumber) {
      throw new TransientError(
        `The RPC endpoint ${chain.safeUrl} does not return block ${checkpoint.blockNumber}, the last one synced, although its head is ${head}`,
        { details: "Nothing was changed. Retry later, or use another endpoint (--rpc-url)." },
      );
    }
    logger.warn("the endpoint lags behind the database: nothing is rolled back, nothing synced", {
      chain: target.chainId,
      synced: checkpoint.blockNumber,
      head,
    });
  }
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
    if (!checkpoint && head - target.confirmations < start) {
      logger.info("no block to sync yet: the head is less than the confirmation depth past the start", {
        chain: target.chainId,
        head,
        start,
        confirmations: target.confirmations,
      });
    } else if (!checkpoint) {
      logger.info("no block to sync yet: the block asked for is before the start", {
        chain: target.chainId,
        start,
        toBlock: targetBlock,
      });
    } else {
      logger.info("nothing new to sync", {
        chain: target.chainId,
        synced: summary.toBlock,
        head,
        confirmations: target.confirmations,
      });
    }
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
  const prefetch = options.prefetch ?? ranges.prefetch;
  const inflight: Array<{ from: number; to: number; result: Promise<ServedRange> }> = [];
  let next = start;
  // The hash of the block the next range must build on: the checkpoint, then each range's end.
  let tip = checkpoint?.blockHash;
  try {
    while (next <= targetBlock || inflight.length > 0) {
      // Told to stop, no new range starts; but a run always makes some progress.
      while (
        inflight.length < prefetch &&
        next <= targetBlock &&
        (next === start || !options.shouldStop?.())
      ) {
        const from = next;
        const { to, result } = ranges.start(from, targetBlock);
        next = to + 1;
        result.catch(() => {}); // awaited in order below; avoid an unhandled rejection meanwhile
        inflight.push({ from, to, result });
      }
      const range = inflight.shift();
      if (!range) break;
      const result = await range.result;
      if (tip !== undefined && result.parent?.hash !== tip) {
        // The chain changed below this range after the ranges before it were read: committing it
        // would leave their blocks in place under a head that is canonical, unnoticed forever.
        throw new TransientError(`The chain reorganised during the sync (block ${range.from - 1} changed)`, {
          details:
            "Nothing past the last committed range was written; the next run rolls back and continues.",
        });
      }
      // Several endpoints: another one has the range's end as this one does (docs/endpoints.md).
      await ranges.confirm(
        { from: range.from, result },
        inflight.map((later) => later.result),
      );
      // A pool: a bid an earlier range read at a head before this range's deletion of it.
      await ranges.readDeletionsAgain(result);
      // The contract's code changed in this range: checked before anything of the range is written.
      const upgrades = result.cuts.length > 0 ? await cuts.review(result.cuts) : [];
      summary.upgrades.push(...upgrades);
      // Each range records the run that read it: through the code of every cut mined before now
      // (firstBlockReadThrough.ts).
      const run = { firstBlock: start, head, startedAt, wroteAt: now(), lowBlock: start };
      store.commitRange({ ...result.read, upgrades, run });
      ranges.stored(result.read);
      tip = result.read.end.hash;
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
    }
  } finally {
    // Ranges still in flight after a failure are abandoned; nothing of theirs was written.
    for (const range of inflight) range.result.catch(() => {});
  }
  store.pruneBlocks(targetBlock - 4 * hashWindow);
  store.pruneRuns(summary.toBlock);
  summary.complete = summary.toBlock >= targetBlock;
  for (const [member, size] of ranges.rangeSizes()) options.rangeSizes?.reached(member, size);
  return summary;
}
