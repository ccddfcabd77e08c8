import type { ContractReader } from "../chain/createContractReader.js";
import { readModelNames } from "../chain/readModelNames.js";
import type { Logger } from "../log/createLogger.js";
import type { SyncStore } from "./SyncStore.js";

/** Reads every known model's current name (owners may rename models): once per run. */
export async function refreshModelNames(
  store: SyncStore,
  reader: ContractReader,
  contract: string,
  logger: Logger,
): Promise<{ models: number; unreadable: number }> {
  const modelIds = store.modelIds();
  if (modelIds.length === 0) return { models: 0, unreadable: 0 };
  const reads = await readModelNames(reader, contract, modelIds);
  let unreadable = 0;
  store.updateModelNames(
    modelIds.map((modelId) => {
      const read = reads.get(modelId);
      if (!read?.ok) {
        unreadable++;
        logger.debug("getModel failed", { model: modelId, error: read?.error });
        return { modelId, name: null, status: "unreadable" as const };
      }
      return {
        modelId,
        name: read.name,
        status: read.validUtf8 ? ("ok" as const) : ("invalid-utf8" as const),
      };
    }),
  );
  return { models: modelIds.length, unreadable };
}
