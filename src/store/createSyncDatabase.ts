import type { SyncDatabase } from "../sync/SyncStore.js";
import { createRefs } from "./createRefs.js";
import { createSyncStore } from "./createSyncStore.js";
import type { Database } from "./openDatabase.js";
import { chainStatements } from "./statements/chainStatements.js";

/**
 * The database as the sync of several chains sees it (sync/SyncStore.ts declares it): one
 * SyncStore per chain (createSyncStore.ts), and the configuration of the run.
 */
export function createSyncDatabase({ sqlite }: Database): SyncDatabase {
  const refs = createRefs(sqlite);
  const chains = chainStatements(sqlite);
  const positions = new Map<number, number>();
  return {
    forChain: (chainId) => createSyncStore(sqlite, refs, chainId, () => positions.get(chainId) ?? null),
    configure: sqlite.transaction((chainIds: readonly number[]) => {
      positions.clear();
      for (const [position, chainId] of chainIds.entries()) positions.set(chainId, position);
      const stored = chains.ids.all();
      for (const chainId of stored) chains.setPosition.run(positions.get(chainId) ?? null, chainId);
      return stored.filter((chainId) => !positions.has(chainId));
    }),
  };
}
