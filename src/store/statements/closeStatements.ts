import type Database from "better-sqlite3";
import type { closes } from "../schema/sessionTables.js";
import type { StoredRow } from "../storedRow.js";

export type ClosesRow = StoredRow<typeof closes.$inferSelect>;

/** What a close counts for, as written: every column but the generated ones. */
export type CloseWrite = Omit<ClosesRow, "day" | "facts">;

/** A stored close, as a sample of stored records shows it (upgradeSample): with its bid's id. */
export type CloseSampleRow = Pick<ClosesRow, "sessionId" | "kind"> & {
  closedAt: number;
  openedAt: number;
  endsAt: number;
  closeoutType: string;
  receiptLength: number;
  tokens: number;
  tokenCounted: number;
  ttftMs: number;
  tps: number;
  bidId: string | null;
};

/** The figures of a close read again (a 1.0 database's close without the 1.1 figures). */
export type CloseRefill = Pick<
  ClosesRow,
  | "chainId"
  | "sessionId"
  | "kind"
  | "closedAt"
  | "openedAt"
  | "endsAt"
  | "closeoutType"
  | "receiptLength"
  | "tokens"
  | "tokenCounted"
  | "ttftMs"
  | "tps"
>;

/** The statements of closes: every session whose SessionClosed log was indexed. */
export function closeStatements(sqlite: Database.Database) {
  const sample = (order: "ASC" | "DESC") =>
    sqlite.prepare<[chainId: number, afterBlock: number, limit: number], CloseSampleRow>(
      `SELECT c.session_id AS sessionId, c.kind, c.closed_at AS closedAt, c.opened_at AS openedAt,
         c.ends_at AS endsAt, c.closeout_type AS closeoutType, c.receipt_length AS receiptLength,
         c.tokens, c.token_counted AS tokenCounted, c.ttft_ms AS ttftMs, c.tps, b.bid_id AS bidId
       FROM closes c LEFT JOIN bids b ON b.ref = c.bid_ref
       WHERE c.chain_id = ? AND c.block_number > ? AND c.closed_at IS NOT NULL AND c.tps IS NOT NULL
       ORDER BY c.block_number ${order}, c.log_index ${order} LIMIT ?`,
    );
  return {
    insert: sqlite.prepare<CloseWrite>(
      `INSERT INTO closes (chain_id, session_id, block_number, log_index, kind, bid_ref, provider_ref, closed_at,
         opened_at, ends_at, closeout_type, receipt_length, tokens, token_counted, ttft_ms, tps)
       VALUES (:chainId, :sessionId, :blockNumber, :logIndex, :kind, :bidRef, :providerRef, :closedAt,
         :openedAt, :endsAt, :closeoutType, :receiptLength, :tokens, :tokenCounted, :ttftMs, :tps)
       ON CONFLICT DO NOTHING`,
    ),
    toRefill: sqlite
      .prepare<[chainId: number, limit: number], string>(
        "SELECT session_id FROM closes INDEXED BY closes_refill WHERE chain_id = ? AND tps IS NULL AND closed_at IS NOT NULL LIMIT ?",
      )
      .pluck(),
    countToRefill: sqlite
      .prepare<[], number>(
        "SELECT COUNT(*) FROM closes INDEXED BY closes_refill WHERE tps IS NULL AND closed_at IS NOT NULL",
      )
      .pluck(),
    refilled: sqlite.prepare<CloseRefill>(
      `UPDATE closes SET kind = :kind, closed_at = :closedAt, opened_at = :openedAt, ends_at = :endsAt,
         closeout_type = :closeoutType, receipt_length = :receiptLength, tokens = :tokens,
         token_counted = :tokenCounted, ttft_ms = :ttftMs, tps = :tps
       WHERE chain_id = :chainId AND session_id = :sessionId`,
    ),
    /**
     * Every close's facts (store/schema/sessionTables.ts, closes.facts) from one covering index, a day and
     * a chain at a time: the build's hot path, a few hundred texts instead of millions of rows.
     */
    factsByDay: (chainList: string) =>
      sqlite
        .prepare<[], [day: number, chainId: number, facts: string]>(
          `SELECT day, chain_id, group_concat(facts, ';') FROM closes INDEXED BY closes_facts
           WHERE closed_at IS NOT NULL AND chain_id IN ${chainList} GROUP BY day, chain_id ORDER BY day, chain_id`,
        )
        .raw(),
    oldest: sample("ASC"),
    newest: sample("DESC"),
  };
}
