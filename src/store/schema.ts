import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The indexer's SQLite schema. uint256 values are decimal text (SQLite integers are signed
 * 64-bit). No user address is stored anywhere.
 */

/** Where the sync stands: one row, written in the same transaction as the rows it covers. */
export const checkpoint = sqliteTable("checkpoint", {
  id: integer("id").primaryKey(),
  chainId: integer("chain_id").notNull(),
  /** Lowercase contract address. */
  contract: text("contract").notNull(),
  fromBlock: integer("from_block").notNull(),
  /** The last block synced, its hash and time (the as-of time). */
  blockNumber: integer("block_number").notNull(),
  blockHash: text("block_hash").notNull(),
  blockTimestamp: integer("block_timestamp").notNull(),
});

/** Hashes of synced blocks near the head, to find the common ancestor after a reorg. */
export const blocks = sqliteTable("blocks", {
  number: integer("number").primaryKey(),
  hash: text("hash").notNull(),
  timestamp: integer("timestamp").notNull(),
});

export const providers = sqliteTable("providers", {
  ref: integer("ref").primaryKey(),
  /** EIP-55 checksummed. */
  address: text("address").notNull().unique(),
});

export const models = sqliteTable("models", {
  ref: integer("ref").primaryKey(),
  /** Lowercase 0x-prefixed 64 hex. */
  modelId: text("model_id").notNull().unique(),
  /** The current on-chain name; null until read. */
  name: text("name"),
  /** unread | ok | invalid-utf8 | unreadable */
  nameStatus: text("name_status").notNull().default("unread"),
});

/** Bids are immutable once created: read once, kept forever. */
export const bids = sqliteTable("bids", {
  bidId: text("bid_id").primaryKey(),
  readOk: integer("read_ok", { mode: "boolean" }).notNull(),
  providerRef: integer("provider_ref"),
  modelRef: integer("model_ref"),
  pricePerSecond: text("price_per_second"),
});

/** Sessions whose SessionOpened log was indexed. */
export const sessions = sqliteTable(
  "sessions",
  {
    sessionId: text("session_id").primaryKey(),
    openedBlock: integer("opened_block").notNull(),
    openedLogIndex: integer("opened_log_index").notNull(),
    readOk: integer("read_ok", { mode: "boolean" }).notNull(),
    bidId: text("bid_id"),
    stake: text("stake"),
    openedAt: integer("opened_at"),
    endsAt: integer("ends_at"),
    /** Block of the indexed SessionClosed log; null while open. */
    closeBlock: integer("close_block"),
  },
  (t) => [
    index("sessions_opened_block").on(t.openedBlock),
    index("sessions_close_block").on(t.closeBlock).where(sql`close_block IS NOT NULL`),
    index("sessions_open_by_end").on(t.endsAt).where(sql`close_block IS NULL`),
    index("sessions_unreadable").on(t.readOk).where(sql`read_ok = 0`),
  ],
);

/**
 * Sessions whose SessionClosed log was indexed, with the receipt and what it counts for.
 * Derived columns (day, month, tokens, ttft_ms, refs) are computed once, at insert.
 */
export const closes = sqliteTable(
  "closes",
  {
    sessionId: text("session_id").primaryKey(),
    blockNumber: integer("block_number").notNull(),
    logIndex: integer("log_index").notNull(),
    /** v1 | v2 | disputed | malformed | unreadable (getSession failed: no close time) */
    kind: text("kind").notNull(),
    bidId: text("bid_id"),
    closedAt: integer("closed_at"),
    /** closedAt floored to the UTC day / month (unix seconds). */
    day: integer("day"),
    month: integer("month"),
    closeoutType: text("closeout_type"),
    /**
     * Length of the close receipt in bytes. The receipt itself is not kept: a disputed or
     * malformed one was written by the user and may hold anything, the user's address included.
     */
    receiptLength: integer("receipt_length"),
    tokens: integer("tokens").notNull().default(0),
    ttftMs: integer("ttft_ms").notNull().default(0),
    modelRef: integer("model_ref"),
    providerRef: integer("provider_ref"),
  },
  // Covering indexes for the rollup queries (store/createRollupQueries.ts): each query reads one
  // index and no table row. `day` is null exactly when the close time is unknown.
  (t) => [
    index("closes_block").on(t.blockNumber),
    index("closes_kind").on(t.kind),
    // Malformed receipts by length: meta.json counts the empty ones from this index alone. Read
    // from the rows, the few scattered malformed closes cost a disk read each on a large database
    // whose pages are not cached (8 s of a 16 s build at 10M closed sessions).
    index("closes_malformed").on(t.kind, t.receiptLength).where(sql`kind = 'malformed'`),
    index("closes_day").on(t.day, t.ttftMs, t.tokens, t.closedAt).where(sql`day IS NOT NULL`),
    index("closes_month_ttft").on(t.month, t.ttftMs).where(sql`ttft_ms > 0`),
    index("closes_ttft").on(t.ttftMs).where(sql`ttft_ms > 0`),
    index("closes_model").on(t.modelRef, t.day, t.ttftMs, t.tokens).where(sql`day IS NOT NULL`),
    index("closes_provider").on(t.providerRef, t.day, t.ttftMs, t.tokens).where(sql`day IS NOT NULL`),
  ],
);

/** Bad data seen on chain or from the endpoint, counted in meta.json; rolled back with reorgs. */
export const anomalies = sqliteTable(
  "anomalies",
  {
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    blockNumber: integer("block_number").notNull(),
    detail: text("detail"),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] }), index("anomalies_block").on(t.blockNumber)],
);
