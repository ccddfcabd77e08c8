import type Database from "better-sqlite3";
import type { anomalies } from "../schema/sessionTables.js";
import type { StoredRow } from "../storedRow.js";

export type AnomaliesRow = StoredRow<typeof anomalies.$inferSelect>;

/** The statements of anomalies: bad data seen on chain or from the endpoint, counted in meta.json. */
export function anomalyStatements(sqlite: Database.Database) {
  return {
    insert: sqlite.prepare<AnomaliesRow>(
      `INSERT INTO anomalies (chain_id, kind, key, block_number, detail)
       VALUES (:chainId, :kind, :key, :blockNumber, :detail) ON CONFLICT DO NOTHING`,
    ),
    /** A close's token counts past uint32 (1.1): noted under its session. */
    oversizeTokens: sqlite.prepare<{ chainId: number; sessionId: string }>(
      `INSERT INTO anomalies (chain_id, kind, key, block_number)
       SELECT chain_id, 'oversize-token-counts', session_id, block_number FROM closes
       WHERE chain_id = :chainId AND session_id = :sessionId ON CONFLICT DO NOTHING`,
    ),
  };
}
