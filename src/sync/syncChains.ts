import type { ConnectedChain, RpcSummary } from "../chain/connectChain.js";
import type { Logger } from "../log/createLogger.js";
import type { FollowTarget } from "./FollowTarget.js";
import type { FollowOptions, FollowProgress } from "./followChain.js";
import type { SyncDatabase } from "./SyncStore.js";
import { type ChainSyncSummary, syncChain } from "./syncChain.js";

/**
 * A connected chain to sync (its settings, its view over its endpoints, their counters), with the
 * upgrades the operator accepted on it: a FollowTarget as it is.
 */
export type ChainToSync = ConnectedChain & Required<Pick<FollowTarget, "acceptUpgrades">>;

export type ChainRunSummary = ChainSyncSummary & {
  name: string;
  contract: string;
  rpc: RpcSummary;
};

export type SyncRunSummary = {
  chains: ChainRunSummary[];
  /** Chains the database holds that this run's configuration leaves out (kept, not published). */
  leftOut: number[];
  /** False when the time limit stopped some chain before its target (or before its bid log scan ended). */
  complete: boolean;
  durationMs: number;
};

export type SyncChainsOptions = {
  logger: Logger;
  /** Seconds after which no new block range starts on any chain (the next run continues). */
  timeLimit?: number | undefined;
  onProgress?: (progress: FollowProgress) => void;
  /** Wall clock in unix seconds (recorded as each chain's syncedAt). */
  now?: () => number;
} & Pick<FollowOptions, "prefetch" | "initialRangeSize" | "hashWindow">;

/**
 * The sync stage: every configured chain followed concurrently (each with its own endpoint,
 * checkpoint and reorg handling) into one database. One chain failing stops the others from
 * starting new ranges; what each committed stays, and the first failure is thrown.
 */
export async function syncChains(
  database: SyncDatabase,
  chains: readonly ChainToSync[],
  options: SyncChainsOptions,
): Promise<SyncRunSummary> {
  const { logger } = options;
  const started = performance.now();
  const leftOut = database.configure(chains.map((chain) => chain.chainId));
  for (const chainId of leftOut) {
    logger.warn(
      `chain ${chainId} is in the database but not in this run's configuration: its rows are kept and left out of the publication`,
      {
        chain: chainId,
        include: `give its endpoint too (--rpc-url or RPC_URL_${chainId})`,
      },
    );
  }
  let failed = false;
  const outOfTime = () =>
    options.timeLimit !== undefined && performance.now() - started > options.timeLimit * 1000;
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const runs = chains.map((chain) =>
    syncChain(database.forChain(chain.chainId), chain.view, chain, {
      logger,
      now,
      shouldStop: () => failed || outOfTime(),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      ...(options.prefetch !== undefined ? { prefetch: options.prefetch } : {}),
      ...(options.initialRangeSize !== undefined ? { initialRangeSize: options.initialRangeSize } : {}),
      ...(options.hashWindow !== undefined ? { hashWindow: options.hashWindow } : {}),
    }).catch((error: unknown) => {
      failed = true;
      throw error;
    }),
  );
  const settled = await Promise.allSettled(runs);
  const failure = settled.find((result) => result.status === "rejected");
  if (failure) throw failure.reason;
  const summaries = settled.map((result, i): ChainRunSummary => {
    const chain = chains[i] as ChainToSync;
    const summary = (result as PromiseFulfilledResult<ChainSyncSummary>).value;
    return { ...summary, name: chain.name, contract: chain.contract, rpc: chain.rpcStats() };
  });
  return {
    chains: summaries,
    leftOut,
    complete: summaries.every((summary) => summary.complete && summary.bidScan.complete),
    durationMs: Math.round(performance.now() - started),
  };
}
