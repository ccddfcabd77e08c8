import type Database from "better-sqlite3";
import type { sessions } from "../schema/sessionTables.js";
import type { StoredRow } from "../storedRow.js";

export type SessionsRow = StoredRow<typeof sessions.$inferSelect>;

/** A session opened and never closed, with its bid's provider and model where the bid could be read. */
export type StuckRow = Pick<SessionsRow, "chainId" | "sessionId" | "stake"> & {
  openedAt: number;
  endsAt: number;
  provider: string | null;
  modelId: string | null;
};

/** A stored open, as a sample of stored records shows it (upgradeSample). */
export type OpenSampleRow = {
  sessionId: string;
  bidId: string;
  stake: string;
  openedAt: number;
  endsAt: number;
};

/** The statements of sessions: every session whose SessionOpened log was indexed. */
export function sessionStatements(sqlite: Database.Database) {
  const sample = (order: "ASC" | "DESC") =>
    sqlite.prepare<[chainId: number, afterBlock: number, limit: number], OpenSampleRow>(
      `SELECT session_id AS sessionId, bid_id AS bidId, stake, opened_at AS openedAt, ends_at AS endsAt
       FROM sessions WHERE chain_id = ? AND opened_block > ? AND read_ok = 1
       ORDER BY opened_block ${order}, opened_log_index ${order} LIMIT ?`,
    );
  return {
    insert: sqlite.prepare<Omit<SessionsRow, "closeBlock">>(
      `INSERT INTO sessions (chain_id, session_id, opened_block, opened_log_index, read_ok, bid_id, stake, opened_at, ends_at)
       VALUES (:chainId, :sessionId, :openedBlock, :openedLogIndex, :readOk, :bidId, :stake, :openedAt, :endsAt)
       ON CONFLICT DO NOTHING`,
    ),
    closed: sqlite.prepare<{ chainId: number; sessionId: string; closeBlock: number }>(
      `UPDATE sessions SET close_block = :closeBlock
       WHERE chain_id = :chainId AND session_id = :sessionId AND close_block IS NULL`,
    ),
    oldest: sample("ASC"),
    newest: sample("DESC"),
    /** Sessions of a chain opened, never closed, whose stake ran out at or before `endsAtUpTo`. */
    stuck: sqlite.prepare<[chainId: number, endsAtUpTo: number], StuckRow>(
      `SELECT s.chain_id AS chainId, s.session_id AS sessionId, s.opened_at AS openedAt, s.ends_at AS endsAt,
         s.stake, p.address AS provider, m.model_id AS modelId
       FROM sessions s INDEXED BY sessions_open_by_end
       LEFT JOIN bids b ON b.chain_id = s.chain_id AND b.bid_id = s.bid_id AND b.read_ok = 1
       LEFT JOIN providers p ON p.ref = b.provider_ref
       LEFT JOIN models m ON m.ref = b.model_ref
       WHERE s.chain_id = ? AND s.close_block IS NULL AND s.ends_at <= ?`,
    ),
  };
}
