import type { ChainContext } from "../chain/connectChain.js";
import type { Logger } from "../log/createLogger.js";
import { refreshModelNames } from "./refreshModelNames.js";
import type { SyncStore } from "./SyncStore.js";
import { type SyncProgress, type SyncSummary, syncChain } from "./syncChain.js";

export type SyncRunSummary = SyncSummary & {
  chainId: number;
  contract: string;
  models: number;
  rpc: { httpRequests: number; rpcCalls: number; retries: number; reader: "multicall" | "batch" };
  durationMs: number;
};

/** The `sync` stage: chain → SQLite, then every model's current name. */
export async function runSync(
  syncStore: SyncStore,
  chain: ChainContext,
  logger: Logger,
  onProgress?: (progress: SyncProgress) => void,
): Promise<SyncRunSummary> {
  const started = performance.now();
  const summary = await syncChain(syncStore, { ...chain, logger, ...(onProgress ? { onProgress } : {}) });
  const names = await refreshModelNames(syncStore, chain.reader, chain.contract, logger);
  return {
    ...summary,
    chainId: chain.chainId,
    contract: chain.contract,
    models: names.models,
    rpc: { ...chain.client.stats, reader: chain.reader.mode },
    durationMs: Math.round(performance.now() - started),
  };
}
