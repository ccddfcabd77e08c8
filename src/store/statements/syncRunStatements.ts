import type Database from "better-sqlite3";
import type { syncRuns } from "../schema/chainTables.js";
import type { StoredRow } from "../storedRow.js";

export type SyncRunsRow = StoredRow<typeof syncRuns.$inferSelect>;

/**
 * The statements of sync_runs: noting a run (with each range it commits, and with each write below
 * its first block), reading them for the rollback after an upgrade, and pruning those no later cut
 * can concern.
 */
export function syncRunStatements(sqlite: Database.Database) {
  return {
    // Two runs at one first block (the first committed no range: a refill, the bid scan) are one
    // record: the earlier start, the later head and write, the lower block. A run recorded before
    // 0007 keeps its unknown times (taken as having read through any later cut).
    note: sqlite.prepare<SyncRunsRow>(
      `INSERT INTO sync_runs (chain_id, first_block, head, started_at, wrote_at, low_block)
       VALUES (:chainId, :firstBlock, :head, :startedAt, :wroteAt, :lowBlock)
       ON CONFLICT (chain_id, first_block) DO UPDATE SET
         head = max(head, excluded.head),
         started_at = min(started_at, excluded.started_at),
         wrote_at = max(wrote_at, excluded.wrote_at),
         low_block = min(ifnull(low_block, first_block), excluded.low_block)`,
    ),
    ofChain: sqlite.prepare<[chainId: number], Omit<SyncRunsRow, "chainId">>(
      `SELECT first_block AS firstBlock, head, started_at AS startedAt, wrote_at AS wroteAt, low_block AS lowBlock
       FROM sync_runs WHERE chain_id = ? ORDER BY first_block`,
    ),
    // A run followed by one that started with the head at or below the last synced block read
    // nothing past that block (runs do not overlap); every cut still to meet is past it.
    prune: sqlite.prepare<{ chainId: number; synced: number }>(
      `DELETE FROM sync_runs WHERE chain_id = :chainId AND first_block <
         (SELECT max(first_block) FROM sync_runs WHERE chain_id = :chainId AND head <= :synced)`,
    ),
  };
}
