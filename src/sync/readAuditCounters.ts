import type { ChainView } from "../chain/ChainView.js";
import type { Logger } from "../log/createLogger.js";
import type { SyncStore } from "./SyncStore.js";

/**
 * Reads the contract's own counters (getProviderModelStats) of every (model, provider) pair of
 * the chain's indexed closes at its last synced block, where audit.json compares them with the
 * index: one batched read for all pairs. A contract without the function is recorded as such.
 */
export async function readAuditCounters(
  store: SyncStore,
  chain: Pick<ChainView, "readPairStats">,
  logger: Logger,
): Promise<"read" | "unavailable" | "nothing to read"> {
  const checkpoint = store.checkpoint();
  if (!checkpoint) return "nothing to read";
  const pairs = store.auditPairs();
  const read = await chain.readPairStats(pairs, checkpoint.blockNumber);
  if (!read.available) {
    logger.info("the contract has no getProviderModelStats: no audit for this chain", {
      chain: store.chainId,
      reason: read.reason,
    });
    store.saveAuditCounters(checkpoint.blockNumber, undefined);
    return "unavailable";
  }
  store.saveAuditCounters(
    checkpoint.blockNumber,
    pairs.map((pair, i) => ({ ...pair, ...(read.counters[i] as (typeof read.counters)[number]) })),
  );
  return "read";
}
