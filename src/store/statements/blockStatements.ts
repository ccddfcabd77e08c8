import type Database from "better-sqlite3";
import type { blocks } from "../schema/chainTables.js";
import type { StoredRow } from "../storedRow.js";

export type BlocksRow = StoredRow<typeof blocks.$inferSelect>;

/** The statements of blocks: hashes of synced blocks near the head, for reorg detection. */
export function blockStatements(sqlite: Database.Database) {
  return {
    save: sqlite.prepare<BlocksRow>(
      `INSERT INTO blocks (chain_id, number, hash, timestamp) VALUES (:chainId, :number, :hash, :timestamp)
       ON CONFLICT (chain_id, number) DO UPDATE SET hash = excluded.hash, timestamp = excluded.timestamp`,
    ),
    atOrBelow: sqlite.prepare<[chainId: number, atOrBelow: number], Omit<BlocksRow, "chainId">>(
      "SELECT number, hash, timestamp FROM blocks WHERE chain_id = ? AND number <= ? ORDER BY number DESC",
    ),
    prune: sqlite.prepare<[chainId: number, below: number]>(
      "DELETE FROM blocks WHERE chain_id = ? AND number < ?",
    ),
  };
}
