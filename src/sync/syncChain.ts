import type { ChainContext } from "../chain/connectChain.js";
import { createLogFetcher } from "../chain/createLogFetcher.js";
import type { BidRead } from "../chain/readBids.js";
import type { SessionState } from "../chain/readSessions.js";
import { resolveTarget } from "../chain/resolveTarget.js";
import { TransientError } from "../errors/BaseError.js";
import type { Logger } from "../log/createLogger.js";
import { checkIdentity } from "./checkIdentity.js";
import { fetchRange, type RangeContext, type RangeResult } from "./fetchRange.js";
import { findCommonAncestor } from "./findCommonAncestor.js";
import type { SyncStore } from "./SyncStore.js";

/** The connected chain (what `connectChain` settles) and how to follow it. */
export type SyncOptions = ChainContext & {
  logger: Logger;
  /** Blocks below the target whose hashes are kept, to find the ancestor of a reorg. */
  hashWindow?: number;
  /** Ranges fetched ahead of the one being committed. */
  prefetch?: number;
  initialRangeSize?: number;
  onProgress?: (progress: SyncProgress) => void;
};

export type SyncProgress = {
  from: number;
  to: number;
  synced: number;
  logs: number;
  opened: number;
  closed: number;
};

export type SyncSummary = {
  fromBlock: number;
  /** The last synced block after this run (-1 before anything was synced). */
  toBlock: number;
  head: number;
  target: number;
  blocksSynced: number;
  logs: number;
  sessionsOpened: number;
  sessionsClosed: number;
  reorg: { depth: number; ancestor: number | null } | null;
  /** False when the time limit stopped the sync before the target. */
  complete: boolean;
};

/**
 * Follows the contract's logs from the checkpoint to the target block. Each block range is
 * committed with its checkpoint in one transaction, so a run killed at any moment resumes with
 * nothing lost and nothing doubled.
 */
export async function syncChain(store: SyncStore, options: SyncOptions): Promise<SyncSummary> {
  const { client, logger } = options;
  const started = performance.now();
  const outOfTime = () =>
    options.timeLimit !== undefined && performance.now() - started > options.timeLimit * 1000;
  const hashWindow = options.hashWindow ?? 128;
  const identity = { chainId: options.chainId, contract: options.contract, fromBlock: options.fromBlock };

  let checkpoint = store.checkpoint();
  if (checkpoint) checkIdentity(checkpoint, identity, options.fromBlockExplicit);
  const fromBlock = checkpoint?.fromBlock ?? options.fromBlock;
  identity.fromBlock = fromBlock;

  let reorg: SyncSummary["reorg"] = null;
  let behind = false;
  if (checkpoint) {
    const synced = {
      number: checkpoint.blockNumber,
      hash: checkpoint.blockHash,
      timestamp: checkpoint.blockTimestamp,
    };
    const check = await findCommonAncestor(client, synced, store.storedBlocks(synced.number), fromBlock);
    behind = !check.reorg && check.behind === true;
    if (check.reorg) {
      reorg = { depth: check.depth, ancestor: check.ancestor?.number ?? null };
      logger.warn("chain reorganised: rolling back to the common ancestor", {
        depth: check.depth,
        ancestor: check.ancestor?.number ?? "none",
      });
      store.rollbackTo(check.ancestor);
      checkpoint = store.checkpoint();
    }
  }

  const { head, target } = await resolveTarget(client, options.toBlock, options.confirmations);
  if (behind && checkpoint) {
    // Nothing past a synced block the endpoint cannot show us: a reorg there would go unseen.
    if (head >= checkpoint.blockNumber) {
      throw new TransientError(
        `The RPC endpoint ${client.safeUrl} does not return block ${checkpoint.blockNumber}, the last one synced, although its head is ${head}`,
        { details: "Nothing was changed. Retry later, or use another endpoint (--rpc-url)." },
      );
    }
    logger.warn("the endpoint lags behind the database: nothing is rolled back, nothing synced", {
      synced: checkpoint.blockNumber,
      head,
    });
  }
  const start = checkpoint ? checkpoint.blockNumber + 1 : fromBlock;
  const summary: SyncSummary = {
    fromBlock,
    toBlock: checkpoint?.blockNumber ?? fromBlock - 1,
    head,
    target,
    blocksSynced: 0,
    logs: 0,
    sessionsOpened: 0,
    sessionsClosed: 0,
    reorg,
    complete: true,
  };
  if (target < start) {
    logger.info("nothing new to sync", { synced: summary.toBlock, target });
    return summary;
  }

  const logs = createLogFetcher({
    client,
    contract: options.contract,
    logger,
    ...(options.initialRangeSize ? { initialRangeSize: options.initialRangeSize } : {}),
  });
  const ctx: RangeContext = {
    client,
    reader: options.reader,
    logs,
    contract: options.contract,
    identity,
    knownBids: store.knownBids(),
    bidReads: new Map<string, Promise<BidRead>>(),
    closedStates: new Map<string, SessionState>(),
    hashWindowStart: Math.max(start, target - hashWindow + 1),
    logger,
  };

  logger.info("syncing", { from: start, to: target, head, reader: options.reader.mode });
  const prefetch = options.prefetch ?? 4;
  const inflight: Array<{ from: number; to: number; result: Promise<RangeResult> }> = [];
  let next = start;
  // The hash of the block the next range must build on: the checkpoint, then each range's end.
  let tip = checkpoint?.blockHash;
  try {
    while (next <= target || inflight.length > 0) {
      // Past the time limit no new range starts, but a run always makes some progress.
      while (inflight.length < prefetch && next <= target && (next === start || !outOfTime())) {
        const from = next;
        const to = Math.min(target, from + logs.rangeSize - 1);
        next = to + 1;
        const result = fetchRange(ctx, from, to);
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
      store.commitRange(result.commit, ctx.knownBids);
      tip = result.commit.end.hash;
      summary.toBlock = range.to;
      summary.blocksSynced += range.to - range.from + 1;
      summary.logs += result.logs;
      summary.sessionsOpened += result.opened;
      summary.sessionsClosed += result.closed;
      options.onProgress?.({
        from: start,
        to: target,
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
  store.pruneBlocks(target - 4 * hashWindow);
  summary.complete = summary.toBlock >= target;
  if (!summary.complete) {
    logger.warn("time limit reached: the next run continues from the last synced block", {
      synced: summary.toBlock,
      target,
    });
  }
  return summary;
}
