import type { ModelNameRead } from "../chain/readModelNames.js";
import type { Logger } from "../log/createLogger.js";
import type { ModelNameRow, SyncStore } from "./SyncStore.js";

/** Reads the current name of every model this chain's bids name (owners may rename models): once per run. */
export async function refreshModelNames(
  store: SyncStore,
  readModelNames: (ids: readonly string[]) => Promise<Map<string, ModelNameRead>>,
  logger: Logger,
): Promise<{ models: number; unreadable: number }> {
  const modelIds = store.modelIds();
  if (modelIds.length === 0) return { models: 0, unreadable: 0 };
  const reads = await readModelNames(modelIds);
  let unreadable = 0;
  store.saveModelNames(
    modelIds.map((modelId): ModelNameRow => {
      const read = reads.get(modelId);
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
