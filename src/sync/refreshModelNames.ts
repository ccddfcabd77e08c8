import type { ModelNameRead } from "../chain/readModelNames.js";
import type { Logger } from "../log/createLogger.js";
import type { ModelNameRow, SyncStore } from "./SyncStore.js";

type ReadNames = (ids: readonly string[]) => Promise<Map<string, ModelNameRead>>;

/** Names asked for before the sync (along with its first request), for the models known then. */
export type EarlyNameRead = { modelIds: Set<string>; reads: Promise<Map<string, ModelNameRead>> };

/** Asks now for the current names of the models the chain's bids name so far. */
export function startNameRead(store: SyncStore, readModelNames: ReadNames): EarlyNameRead | undefined {
  const modelIds = store.modelIds();
  if (modelIds.length === 0) return undefined;
  const reads = readModelNames(modelIds);
  reads.catch(() => {}); // awaited by refreshModelNames, or abandoned with a failed run
  return { modelIds: new Set(modelIds), reads };
}

/**
 * Reads the current name of every model this chain's bids name (owners may rename models): once
 * per run. Names asked for early are taken from that read; models first named by this run's bids
 * are read now.
 */
export async function refreshModelNames(
  store: SyncStore,
  readModelNames: ReadNames,
  logger: Logger,
  early?: EarlyNameRead,
): Promise<{ models: number; unreadable: number }> {
  const modelIds = store.modelIds();
  if (modelIds.length === 0) return { models: 0, unreadable: 0 };
  const earlier = early ? await early.reads : new Map<string, ModelNameRead>();
  const missing = modelIds.filter((modelId) => !early?.modelIds.has(modelId));
  const fresh = missing.length > 0 ? await readModelNames(missing) : new Map<string, ModelNameRead>();
  let unreadable = 0;
  store.saveModelNames(
    modelIds.map((modelId): ModelNameRow => {
      const read = fresh.get(modelId) ?? earlier.get(modelId);
      if (!read?.ok) {
        unreadable++;
        logger.debug("getModel failed", { chain: store.chainId, model: modelId, error: read?.error });
        return { modelId, name: null, status: "unreadable" };
      }
      return { modelId, name: read.name, status: read.validUtf8 ? "ok" : "invalid-utf8" };
    }),
  );
  return { models: modelIds.length, unreadable };
}
