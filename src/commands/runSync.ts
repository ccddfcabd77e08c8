import type { ConnectedChain } from "../chain/connectChain.js";
import type { Logger } from "../log/createLogger.js";
import { createSyncDatabase } from "../store/createSyncDatabase.js";
import type { Store } from "../store/openStore.js";
import type { FollowProgress } from "../sync/followChain.js";
import { type SyncRunSummary, syncChains } from "../sync/syncChains.js";
import type { AcceptedUpgrades } from "./options/settleOptions.js";

/** The sync: the connected chains (chain) → followed into the database (sync, store). */
export function runSync(
  store: Store,
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
    createSyncDatabase(store),
    chains.map((chain) => ({
      name: chain.name,
      target: {
        chainId: chain.chainId,
        contract: chain.contract,
        fromBlock: chain.fromBlock,
        fallbackFromBlock: chain.fallbackFromBlock,
        toBlock: chain.toBlock,
        confirmations: chain.confirmations,
        acceptUpgrades: [...accepted.all, ...(accepted.byChain.get(chain.chainId) ?? [])],
      },
      view: chain.view,
      rpcStats: () => chain.rpcStats(),
    })),
    options,
  );
}
