import type { ChainView } from "../chain/ChainView.js";
import type { Logger } from "../log/createLogger.js";
import { type FollowOptions, type FollowSummary, type FollowTarget, followChain } from "./followChain.js";
import { readAuditCounters } from "./readAuditCounters.js";
import { refillCloses } from "./refillCloses.js";
import { refreshModelNames } from "./refreshModelNames.js";
import type { SyncStore } from "./SyncStore.js";

export type ChainSyncSummary = FollowSummary & {
  /** Models named by this chain's bids, their names read again. */
  models: number;
  /** Closes of a 1.0 database read again for the 1.1 figures. */
  refilled: number;
  /** The contract's own counters: read at the last synced block, or not available there. */
  audit: "read" | "unavailable" | "nothing to read";
};

/**
 * One chain's part of a sync: the closes a 1.0 database left without the 1.1 figures, the logs
 * from the checkpoint to the target, every model's current name, and the contract's counters at
 * the last synced block (for audit.json); then when this run ended, for meta.json.
 */
export async function syncChain(
  store: SyncStore,
  chain: ChainView,
  target: FollowTarget,
  options: FollowOptions & { logger: Logger; now: () => number },
): Promise<ChainSyncSummary> {
  const refilled = await refillCloses(store, (ids) => chain.readSessions(ids), options.logger);
  const followed = await followChain(store, chain, target, options);
  if (!followed.complete) {
    options.logger.warn("time limit reached: the next run continues from the last synced block", {
      chain: target.chainId,
      synced: followed.toBlock,
      target: followed.target,
    });
  }
  const names = await refreshModelNames(store, (ids) => chain.readModelNames(ids), options.logger);
  const audit = await readAuditCounters(store, chain, options.logger);
  if (store.checkpoint()) store.saveRunRecord({ targetBlock: followed.target, syncedAt: options.now() });
  return { ...followed, models: names.models, refilled, audit };
}
