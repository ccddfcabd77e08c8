import type Database from "better-sqlite3";

/** What meta.json counts over a set of chains (its `counts`). */
export type Counts = { sessionsOpened: number; sessionsClosed: number; models: number; providers: number };

/** The bad data meta.json counts over a set of chains (its `anomalies`). */
export type AnomalyCounts = {
  malformedReceipts: number;
  emptyReceipts: number;
  oversizeTokenCounts: number;
  disputedSessions: number;
  unreadableSessions: number;
  inconsistentSessions: number;
  unreadableBids: number;
  zeroAddressProviders: number;
  unreadableModels: number;
  invalidModelNames: number;
  foreignLogs: number;
};

// A close with a readable bid is filed under the bid's provider, counted from the bids: only the
// closes filed under their log's provider are looked up (an index of its own).
const distinct = (chains: string) => `
  (SELECT COUNT(DISTINCT model_ref) FROM bids WHERE chain_id IN ${chains} AND read_ok = 1) AS models,
  (SELECT COUNT(*) FROM (SELECT provider_ref FROM bids WHERE chain_id IN ${chains} AND provider_ref IS NOT NULL
     UNION SELECT provider_ref FROM closes INDEXED BY closes_log_provider
       WHERE chain_id IN ${chains} AND bid_ref IS NULL AND provider_ref IS NOT NULL)) AS providers`;

/**
 * The counting statements of the build, across tables, for a list of chains (`chains`: an SQL list
 * such as "(8453,42161)", made of integers only).
 */
export const countStatements = {
  counts: (sqlite: Database.Database, chains: string) =>
    sqlite.prepare<[], Counts>(
      `SELECT
         (SELECT COUNT(*) FROM sessions WHERE chain_id IN ${chains}) AS sessionsOpened,
         (SELECT COUNT(*) FROM closes WHERE chain_id IN ${chains}) AS sessionsClosed,
         ${distinct(chains)}`,
    ),
  distinct: (sqlite: Database.Database, chains: string) =>
    sqlite.prepare<[], Pick<Counts, "models" | "providers">>(`SELECT ${distinct(chains)}`),
  anomalies: (sqlite: Database.Database, chains: string) =>
    sqlite.prepare<[], AnomalyCounts>(
      `SELECT
         (SELECT COUNT(*) FROM closes WHERE chain_id IN ${chains} AND kind = 'malformed') AS malformedReceipts,
         (SELECT COUNT(*) FROM closes WHERE chain_id IN ${chains} AND kind = 'malformed' AND receipt_length = 0) AS emptyReceipts,
         (SELECT COUNT(*) FROM anomalies WHERE chain_id IN ${chains} AND kind = 'oversize-token-counts') AS oversizeTokenCounts,
         (SELECT COUNT(*) FROM closes WHERE chain_id IN ${chains} AND kind = 'disputed') AS disputedSessions,
         (SELECT COUNT(*) FROM closes INDEXED BY closes_kind WHERE chain_id IN ${chains} AND kind = 'unreadable')
           + (SELECT COUNT(*) FROM sessions s INDEXED BY sessions_unreadable WHERE s.chain_id IN ${chains} AND s.read_ok = 0
              AND NOT EXISTS (SELECT 1 FROM closes x WHERE x.chain_id = s.chain_id AND x.session_id = s.session_id
                AND x.kind = 'unreadable')) AS unreadableSessions,
         (SELECT COUNT(*) FROM anomalies WHERE chain_id IN ${chains} AND kind = 'inconsistent-session') AS inconsistentSessions,
         (SELECT COUNT(*) FROM bids WHERE chain_id IN ${chains} AND read_ok = 0) AS unreadableBids,
         (SELECT COUNT(*) FROM bids b JOIN providers p ON p.ref = b.provider_ref
           WHERE b.chain_id IN ${chains} AND p.address = '0x0000000000000000000000000000000000000000') AS zeroAddressProviders,
         (SELECT COUNT(*) FROM model_names WHERE chain_id IN ${chains} AND status = 'unreadable') AS unreadableModels,
         (SELECT COUNT(*) FROM model_names WHERE chain_id IN ${chains} AND status = 'invalid-utf8') AS invalidModelNames,
         (SELECT COUNT(*) FROM anomalies WHERE chain_id IN ${chains} AND kind = 'foreign-log') AS foreignLogs`,
    ),
};

/** An SQL list of chain ids, integers only ("(NULL)" for none). */
export function chainList(chainIds: readonly number[]): string {
  return `(${chainIds.map((id) => Number(id)).join(",") || "NULL"})`;
}
