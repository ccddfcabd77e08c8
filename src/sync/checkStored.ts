import type { ChainView } from "../chain/ChainView.js";
import { TransientError } from "../errors/BaseError.js";
import type { Logger } from "../log/createLogger.js";
import { checkIdentity } from "./checkIdentity.js";
import type { FollowTarget } from "./FollowTarget.js";
import { findCommonAncestor } from "./findCommonAncestor.js";
import type { Checkpoint, SyncStore } from "./SyncStore.js";

/** A reorganisation the run found below its last synced block: how deep, and the common ancestor (null: none). */
export type Reorg = { depth: number; ancestor: number | null };

/**
 * Before anything is read: a stored chain must be the one configured (checkIdentity), and its last
 * synced block still on the chain: after a reorg everything above the common ancestor is rolled
 * back. `behind`: the endpoint does not know the last synced block (yet).
 */
export async function checkStored(
  store: SyncStore,
  chain: ChainView,
  target: FollowTarget,
  logger: Logger,
): Promise<{ checkpoint: Checkpoint | undefined; reorg: Reorg | null; behind: boolean }> {
  const checkpoint = store.checkpoint();
  if (!checkpoint) return { checkpoint, reorg: null, behind: false };
  checkIdentity(
    checkpoint,
    {
      chainId: target.chainId,
      contract: target.contract,
      fromBlock: target.fromBlock ?? checkpoint.fromBlock,
    },
    target.fromBlock !== undefined,
  );
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
  if (!check.reorg) return { checkpoint, reorg: null, behind: check.behind === true };
  const reorg = { depth: check.depth, ancestor: check.ancestor?.number ?? null };
  logger.warn("chain reorganised: rolling back to the common ancestor", {
    chain: target.chainId,
    depth: check.depth,
    ancestor: check.ancestor?.number ?? "none",
  });
  store.rollbackTo(check.ancestor);
  return { checkpoint: store.checkpoint(), reorg, behind: false };
}

/**
 * The endpoint does not return the last synced block: nothing past it may be synced (a reorg there
 * would go unseen). Past its head, it lags (a warning: nothing is done); at or below, exit 75.
 */
export function refuseLagging(
  chain: ChainView,
  synced: number,
  head: number,
  target: FollowTarget,
  logger: Logger,
): void {
  if (head >= synced) {
    throw new TransientError(
      `The RPC endpoint ${chain.safeUrl} does not return block ${synced}, the last one synced, although its head is ${head}`,
      { details: "Nothing was changed. Retry later, or use another endpoint (--rpc-url)." },
    );
  }
  logger.warn("the endpoint lags behind the database: nothing is rolled back, nothing synced", {
    chain: target.chainId,
    synced,
    head,
  });
}

/** Why a run syncs no block: the head too young, the block asked for before the start, or nothing new. */
export function logNothingToSync(
  summary: { head: number; toBlock: number },
  run: {
    start: number;
    targetBlock: number;
    checkpoint: Checkpoint | undefined;
    target: FollowTarget;
    logger: Logger;
  },
): void {
  const { start, targetBlock, checkpoint, target, logger } = run;
  const chain = target.chainId;
  if (!checkpoint && summary.head - target.confirmations < start) {
    logger.info("no block to sync yet: the head is less than the confirmation depth past the start", {
      chain,
      head: summary.head,
      start,
      confirmations: target.confirmations,
    });
  } else if (!checkpoint) {
    logger.info("no block to sync yet: the block asked for is before the start", {
      chain,
      start,
      toBlock: targetBlock,
    });
  } else {
    logger.info("nothing new to sync", {
      chain,
      synced: summary.toBlock,
      head: summary.head,
      confirmations: target.confirmations,
    });
  }
}
