import type { UpgradeRow } from "../sync/SyncStore.js";
import type { upgradeStatements } from "./statements/upgradeStatements.js";

/** Notes the upgrades the sync went past (a range's, or the bid scan's): each once. */
export function writeUpgrades(
  s: ReturnType<typeof upgradeStatements>,
  chainId: number,
  upgrades: readonly UpgradeRow[],
): void {
  for (const upgrade of upgrades) {
    s.insert.run({
      chainId,
      blockNumber: upgrade.blockNumber,
      logIndex: upgrade.logIndex,
      blockTimestamp: upgrade.blockTimestamp,
      status: upgrade.status,
      added: upgrade.added.join(","),
      replaced: upgrade.replaced.join(","),
      removed: upgrade.removed.join(","),
      compared: upgrade.compared,
    });
  }
}
