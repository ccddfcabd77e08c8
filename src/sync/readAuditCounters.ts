import type { ChainView } from "../chain/ChainView.js";
import type { Pair, PairStatsRead } from "../chain/readPairStats.js";
import type { Logger } from "../log/createLogger.js";
import type { SyncStore } from "./SyncStore.js";

/** The counters of the pairs known before the sync, asked early (along with its first ranges). */
export type EarlyAuditRead = { block: number; pairs: Pair[]; read: Promise<PairStatsRead> };

/**
 * Asks for the counters of the pairs the index knows at `block` now: the sync's target, asked
 * along with its first ranges, so that a run that reaches it needs no request of its own for them.
 */
export function startAuditRead(
  store: SyncStore,
  chain: Pick<ChainView, "readPairStats">,
  block: number,
): EarlyAuditRead | undefined {
  const pairs = store.auditPairs();
  if (pairs.length === 0) return undefined;
  const read = chain.readPairStats(pairs, block);
  read.catch(() => {}); // awaited by readAuditCounters, or abandoned with a failed run
  return { block, pairs, read };
}

/**
 * Reads the contract's own counters (getProviderModelStats) of every (model, provider) pair of
 * the chain's indexed closes at its last synced block, where audit.json compares them with the
 * index: one batched read for all pairs (those of an early read at that block are taken from it).
 * Counters already read at that very block are kept. A contract without the function is recorded
 * as such.
 */
export async function readAuditCounters(
  store: SyncStore,
  chain: Pick<ChainView, "readPairStats">,
  logger: Logger,
  early?: EarlyAuditRead,
): Promise<"read" | "unavailable" | "nothing to read" | "unchanged"> {
  const checkpoint = store.checkpoint();
  if (!checkpoint) return "nothing to read";
  // Nothing was committed since the counters were read (a commit moves the checkpoint, a
  // rollback forgets the counters): they still stand.
  if (store.statsBlock() === checkpoint.blockNumber) return "unchanged";
  const pairs = store.auditPairs();
  const key = (pair: Pair) => `${pair.modelId}:${pair.provider}`;
  const reusable = early?.block === checkpoint.blockNumber ? early : undefined;
  const earlyRead = reusable ? await reusable.read : undefined;
  const known = new Map<string, number>();
  reusable?.pairs.forEach((pair, i) => {
    known.set(key(pair), i);
  });
  const missing = pairs.filter((pair) => !known.has(key(pair)));
  const read =
    earlyRead && !earlyRead.available
      ? earlyRead
      : missing.length > 0 || !earlyRead
        ? await chain.readPairStats(missing.length > 0 ? missing : pairs, checkpoint.blockNumber)
        : undefined;
  if (read && !read.available) {
    logger.info("the contract has no getProviderModelStats: no audit for this chain", {
      chain: store.chainId,
      reason: read.reason,
    });
    store.saveAuditCounters(checkpoint.blockNumber, undefined);
    return "unavailable";
  }
  const fresh = new Map<string, number>();
  missing.forEach((pair, i) => {
    fresh.set(key(pair), i);
  });
  store.saveAuditCounters(
    checkpoint.blockNumber,
    pairs.map((pair) => {
      const k = key(pair);
      const counters =
        fresh.has(k) && read?.available
          ? read.counters[fresh.get(k) as number]
          : earlyRead?.available
            ? earlyRead.counters[known.get(k) as number]
            : undefined;
      if (!counters) throw new Error(`no counters read for the pair ${k}`);
      return { ...pair, ...counters };
    }),
  );
  return "read";
}
