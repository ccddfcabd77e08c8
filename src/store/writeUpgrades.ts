import type Database from "better-sqlite3";
import type { UpgradeRow } from "../sync/SyncStore.js";

/** The statement that notes an upgrade the sync went past (a range's, or the bid scan's): once. */
export function upgradeStatement(sqlite: Database.Database): Database.Statement {
  return sqlite.prepare(
    `INSERT INTO upgrades (chain_id, block_number, log_index, block_timestamp, status, added, replaced, removed, compared)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
  );
}

export function writeUpgrades(
  statement: Database.Statement,
  chainId: number,
  upgrades: readonly UpgradeRow[] = [],
): void {
  for (const upgrade of upgrades) {
    statement.run(
      chainId,
      upgrade.blockNumber,
      upgrade.logIndex,
      upgrade.blockTimestamp,
      upgrade.status,
      upgrade.added.join(","),
      upgrade.replaced.join(","),
      upgrade.removed.join(","),
      upgrade.compared,
    );
  }
}
