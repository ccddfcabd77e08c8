import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/*
 * The schema, part 3 of 3: sessions opened, sessions closed (with what each close counts for), and
 * bad data seen on chain.
 */

/** Sessions whose SessionOpened log was indexed. */
export const sessions = sqliteTable(
  "sessions",
  {
    chainId: integer("chain_id").notNull(),
    sessionId: text("session_id").notNull(),
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
    primaryKey({ columns: [t.chainId, t.sessionId] }),
    index("sessions_opened_block").on(t.chainId, t.openedBlock),
    index("sessions_close_block").on(t.chainId, t.closeBlock).where(sql`close_block IS NOT NULL`),
    index("sessions_open_by_end").on(t.chainId, t.endsAt).where(sql`close_block IS NULL`),
    index("sessions_unreadable").on(t.chainId).where(sql`read_ok = 0`),
  ],
);

/**
 * Sessions whose SessionClosed log was indexed, with what the close counts for (never the
 * receipt: a disputed or malformed one was written by the user and may hold anything, the
 * user's address included). `closed_at` is null when getSession failed: such a close counts
 * nowhere. `tps` is null only in rows a 1.0 database held, until the next sync reads them again.
 */
export const closes = sqliteTable(
  "closes",
  {
    chainId: integer("chain_id").notNull(),
    sessionId: text("session_id").notNull(),
    blockNumber: integer("block_number").notNull(),
    logIndex: integer("log_index").notNull(),
    /** v1 | v2 | disputed | malformed | unreadable */
    kind: text("kind").notNull(),
    /** The bid, when it could be read (it names the model and the price); else null. */
    bidRef: integer("bid_ref"),
    /** The bid's provider, or the SessionClosed log's (topic3) when the bid cannot be read. */
    providerRef: integer("provider_ref"),
    closedAt: integer("closed_at"),
    openedAt: integer("opened_at"),
    endsAt: integer("ends_at"),
    /** uint256 as decimal text: 0 signed by the provider, anything else disputed. */
    closeoutType: text("closeout_type"),
    /** Length of the close receipt in bytes. */
    receiptLength: integer("receipt_length"),
    /** inputTokens + outputTokens of a signed v2 receipt; 0 otherwise. */
    tokens: integer("tokens").notNull().default(0),
    /** 1: a signed v2 receipt whose token words both fit uint32, whose tokens `tokens` counts (SPEC.md 1.3). */
    tokenCounted: integer("token_counted", { mode: "boolean" }).notNull().default(false),
    /** ttftMs of a signed receipt; 0 otherwise. */
    ttftMs: integer("ttft_ms").notNull().default(0),
    /** tpsScaled1000 of a signed receipt; 0 otherwise. */
    tps: integer("tps"),
    /** closedAt floored to the UTC day. */
    day: integer("day").generatedAlwaysAs(sql`closed_at - closed_at % 86400`, { mode: "virtual" }),
    /**
     * Everything the rollup needs of a close, as one text the build reads from an index in bulk
     * (store/decodeCloseFacts.ts decodes it): second of the day, tokens, ttftMs, tpsScaled1000,
     * session time, flags (1: disputed, 2: its tokens counted), closedAt - openedAt, bid ref, provider ref.
     */
    facts: text("facts").generatedAlwaysAs(
      sql`printf('%d,%d,%d,%d,%d,%d,%d,%d,%d', closed_at % 86400, tokens, ttft_ms, tps, max(0, min(closed_at, ends_at) - opened_at), (closeout_type != '0') + 2 * token_counted, closed_at - opened_at, ifnull(bid_ref, 0), ifnull(provider_ref, 0))`,
      { mode: "virtual" },
    ),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.sessionId] }),
    index("closes_block").on(t.chainId, t.blockNumber),
    index("closes_kind").on(t.chainId, t.kind, t.receiptLength),
    // The build reads every close's facts from this index alone, one group per day and chain.
    index("closes_facts").on(t.day, t.chainId, t.facts).where(sql`closed_at IS NOT NULL`),
    index("closes_refill").on(t.chainId).where(sql`tps IS NULL AND closed_at IS NOT NULL`),
    // Which bids have a readable close: the pairs whose counters the audit reads.
    index("closes_bid").on(t.bidRef).where(sql`bid_ref IS NOT NULL AND closed_at IS NOT NULL`),
    // Providers known only from a close's log (its bid could not be read): few, counted in meta.json.
    index("closes_log_provider")
      .on(t.chainId, t.providerRef)
      .where(sql`bid_ref IS NULL AND provider_ref IS NOT NULL`),
  ],
);

/** Bad data seen on chain or from the endpoint, counted in meta.json; rolled back with reorgs. */
export const anomalies = sqliteTable(
  "anomalies",
  {
    chainId: integer("chain_id").notNull(),
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    blockNumber: integer("block_number").notNull(),
    detail: text("detail"),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.kind, t.key] }),
    index("anomalies_block").on(t.chainId, t.blockNumber),
  ],
);
