import type Database from "better-sqlite3";
import type { endpointLimits } from "../schema/chainTables.js";
import type { StoredRow } from "../storedRow.js";

export type EndpointLimitsRow = StoredRow<typeof endpointLimits.$inferSelect>;

/** The statements of endpoint_limits: what a chain's runs learned of each endpoint. */
export function endpointLimitStatements(sqlite: Database.Database) {
  return {
    ofChain: sqlite.prepare<[chainId: number], Omit<EndpointLimitsRow, "chainId">>(
      `SELECT endpoint, range_size AS rangeSize, batch_cap AS batchCap, call_cap AS callCap
       FROM endpoint_limits WHERE chain_id = ?`,
    ),
    save: sqlite.prepare<EndpointLimitsRow>(
      `INSERT INTO endpoint_limits (chain_id, endpoint, range_size, batch_cap, call_cap)
       VALUES (:chainId, :endpoint, :rangeSize, :batchCap, :callCap)
       ON CONFLICT (chain_id, endpoint) DO UPDATE SET range_size = excluded.range_size,
         batch_cap = excluded.batch_cap, call_cap = excluded.call_cap`,
    ),
    dropUnattributed: sqlite.prepare<[chainId: number]>(
      "DELETE FROM endpoint_limits WHERE chain_id = ? AND endpoint = ''",
    ),
  };
}
