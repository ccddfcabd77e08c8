import type Database from "better-sqlite3";
import type { upgrades } from "../schema/chainTables.js";
import type { StoredRow } from "../storedRow.js";

export type UpgradesRow = StoredRow<typeof upgrades.$inferSelect>;

/** The statements of upgrades: the contract's code changes the index went past. */
export function upgradeStatements(sqlite: Database.Database) {
  return {
    /** Notes one (once). */
    insert: sqlite.prepare<UpgradesRow>(
      `INSERT INTO upgrades (chain_id, block_number, log_index, block_timestamp, status, added, replaced, removed, compared)
       VALUES (:chainId, :blockNumber, :logIndex, :blockTimestamp, :status, :added, :replaced, :removed, :compared)
       ON CONFLICT DO NOTHING`,
    ),
    /** A chain's upgrades in block order, as meta.json lists them (names comma-separated). */
    ofChain: sqlite.prepare<
      [chainId: number],
      Pick<UpgradesRow, "status" | "added" | "replaced" | "removed" | "compared"> & {
        block: number;
        time: number;
      }
    >(
      `SELECT block_number AS block, block_timestamp AS time, status, added, replaced, removed, compared
       FROM upgrades WHERE chain_id = ? ORDER BY block_number, log_index`,
    ),
    lastAccepted: sqlite
      .prepare<[chainId: number], number | null>(
        "SELECT max(block_number) FROM upgrades WHERE chain_id = ? AND status = 'accepted'",
      )
      .pluck(),
  };
}
