import type { ConnectedChain } from "../chain/connectChain.js";
import type { Logger } from "../log/createLogger.js";
import { createSyncDatabase } from "../store/createSyncDatabase.js";
import type { Database } from "../store/openDatabase.js";
import type { FollowProgress } from "../sync/followChain.js";
import { type SyncRunSummary, syncChains } from "../sync/syncChains.js";
import type { AcceptedUpgrades } from "./options/settleOptions.js";

/** The sync: the connected chains (chain) → followed into the database (sync, store). */
export function runSync(
  database: Database,
  chains: readonly ConnectedChain[],
  options: {
    logger: Logger;
    timeLimit: number | undefined;
    onProgress?: (progress: FollowProgress) => void;
    acceptUpgrades?: AcceptedUpgrades | undefined;
  },
): Promise<SyncRunSummary> {
  const accepted = options.acceptUpgrades ?? { all: [], byChain: new Map<number, number[]>() };
  return syncChains(
    createSyncDatabase(database),
    chains.map((chain) => ({
      ...chain,
      acceptUpgrades: [...accepted.all, ...(accepted.byChain.get(chain.chainId) ?? [])],
    })),
    options,
  );
}
