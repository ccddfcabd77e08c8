import type Database from "better-sqlite3";
import type { pairStats } from "../schema/marketTables.js";
import type { StoredRow } from "../storedRow.js";

export type PairStatsRow = StoredRow<typeof pairStats.$inferSelect>;

/** The statements of pair_stats: the contract's own counters of each pair, for the audit. */
export function pairStatStatements(sqlite: Database.Database) {
  return {
    clear: sqlite.prepare<[chainId: number]>("DELETE FROM pair_stats WHERE chain_id = ?"),
    insert: sqlite.prepare<PairStatsRow>(
      `INSERT INTO pair_stats (chain_id, model_ref, provider_ref, total_count, success_count, total_duration)
       VALUES (:chainId, :modelRef, :providerRef, :totalCount, :successCount, :totalDuration)`,
    ),
    ofChain: sqlite.prepare<[chainId: number], Omit<PairStatsRow, "chainId">>(
      `SELECT model_ref AS modelRef, provider_ref AS providerRef, total_count AS totalCount,
         success_count AS successCount, total_duration AS totalDuration FROM pair_stats WHERE chain_id = ?`,
    ),
    /** The distinct (model, provider) pairs of a chain's indexed closes whose bid could be read. */
    auditPairs: sqlite.prepare<[chainId: number], { modelId: string; provider: string }>(
      `SELECT DISTINCT m.model_id AS modelId, p.address AS provider FROM bids b
         JOIN models m ON m.ref = b.model_ref JOIN providers p ON p.ref = b.provider_ref
       WHERE b.chain_id = ? AND b.read_ok = 1
         AND EXISTS (SELECT 1 FROM closes c INDEXED BY closes_bid WHERE c.bid_ref = b.ref AND c.closed_at IS NOT NULL)
       ORDER BY m.model_id, p.address`,
    ),
  };
}
