import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * The indexer's SQLite schema: every chain of the marketplace in one database. uint256 values are
 * decimal text (SQLite integers are signed 64-bit). No user address is stored anywhere, and no
 * receipt: only what a receipt counts for.
 */

/**
 * One row per indexed chain: what it indexes (contract, first block), where its sync stands (the
 * checkpoint, written in the same transaction as the rows it covers), and its last run.
 */
export const chains = sqliteTable("chains", {
  chainId: integer("chain_id").primaryKey(),
  /** Lowercase contract address. */
  contract: text("contract").notNull(),
  /** The first block indexed. */
  fromBlock: integer("from_block").notNull(),
  /** The contract's creation block, when the sync found it (a sixteen-way search of eth_getCode). */
  creationBlock: integer("creation_block"),
  /** The last block synced, its hash and time (the chain's as-of time). */
  blockNumber: integer("block_number").notNull(),
  blockHash: text("block_hash").notNull(),
  blockTimestamp: integer("block_timestamp").notNull(),
  /** Place in the configuration of the last sync; null: that sync left this chain out. */
  position: integer("position"),
  /** The block the last sync aimed for: below it, a backfill is still in progress. */
  targetBlock: integer("target_block"),
  /** Wall-clock time at which the last sync of this chain finished (unix seconds). */
  syncedAt: integer("synced_at"),
  /** The block the contract's counters (pair_stats) were read at; null: not read. */
  statsBlock: integer("stats_block"),
  /** False: the contract has no getProviderModelStats. */
  statsAvailable: integer("stats_available", { mode: "boolean" }),
  /**
   * The timestamp of the block before from_block (null: from block 0, or not read yet): a bid whose
   * deletedAt is at or before it was deleted before the index starts (no log of it is indexed).
   */
  fromParentTime: integer("from_parent_time"),
  /**
   * The one-time scan of bid logs that a database indexed before 1.2 needs: the next block to scan
   * and the last (the checkpoint it had); null when there is nothing to scan.
   */
  bidScanNext: integer("bid_scan_next"),
  bidScanEnd: integer("bid_scan_end"),
});

/**
 * What the syncs of a chain learned of each of its endpoints: a run starts each endpoint there,
 * and one it has no row for as a first run does (docs/endpoints.md).
 */
export const endpointLimits = sqliteTable(
  "endpoint_limits",
  {
    chainId: integer("chain_id").notNull(),
    /**
     * The endpoint: a SHA-256 of its URL (chain/rpc/endpointKey.ts), never the URL, which may hold
     * credentials. '': the values a database held per chain before 0006 (its endpoint unknown):
     * the next run takes them when the chain has one endpoint, and drops them.
     */
    endpoint: text("endpoint").notNull(),
    /** The log range size the endpoint's last sync ended with (within its block cap); null: none yet. */
    rangeSize: integer("range_size"),
    /** The calls per JSON-RPC batch the endpoint takes, when a sync learned a cap below the batch size (null: none). */
    batchCap: integer("batch_cap"),
    /**
     * The calls per aggregate3 (one eth_call) the endpoint takes, when a sync learned that it
     * refuses as many as the reader asks (its gas cap, the size of its answer; null: none).
     */
    callCap: integer("call_cap"),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.endpoint] })],
);

/** Hashes of synced blocks near the head, to find the common ancestor after a reorg. */
export const blocks = sqliteTable(
  "blocks",
  {
    chainId: integer("chain_id").notNull(),
    number: integer("number").notNull(),
    hash: text("hash").notNull(),
    timestamp: integer("timestamp").notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.number] })],
);

/** Providers by address, the same on every chain (SPEC.md 1.1: one item per address). */
export const providers = sqliteTable("providers", {
  ref: integer("ref").primaryKey(),
  /** EIP-55 checksummed. */
  address: text("address").notNull().unique(),
});

/** Models by modelId, the same on every chain. */
export const models = sqliteTable("models", {
  ref: integer("ref").primaryKey(),
  /** Lowercase 0x-prefixed 64 hex. */
  modelId: text("model_id").notNull().unique(),
});

/** A model's current on-chain name on each chain where a bid names it, read every run. */
export const modelNames = sqliteTable(
  "model_names",
  {
    chainId: integer("chain_id").notNull(),
    modelRef: integer("model_ref").notNull(),
    name: text("name"),
    /** unread | ok | invalid-utf8 | unreadable */
    status: text("status").notNull().default("unread"),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.modelRef] })],
);

/**
 * The known bids of each chain (SPEC.md 1.2: named by an indexed MarketplaceBidPosted log or by an
 * indexed session), read once (getBid): a bid's provider, model, price and createdAt never change;
 * its deletedAt is read again when a MarketplaceBidDeleted log names it.
 */
export const bids = sqliteTable(
  "bids",
  {
    ref: integer("ref").primaryKey(),
    chainId: integer("chain_id").notNull(),
    bidId: text("bid_id").notNull(),
    readOk: integer("read_ok", { mode: "boolean" }).notNull(),
    providerRef: integer("provider_ref"),
    modelRef: integer("model_ref"),
    /** Wei of MOR per second (uint256, decimal text). */
    pricePerSecond: text("price_per_second"),
    /** getBid's createdAt; null: read before 1.2 (the next sync reads it again). */
    createdAt: integer("created_at"),
    /**
     * getBid's deletedAt as last read (0: standing then). It counts at the last synced block when
     * the bid's deletion log is indexed (bid_deletions), or when it is before the index's first block.
     */
    deletedAt: integer("deleted_at"),
    /** Block of the bid's indexed MarketplaceBidPosted log; null: known from a session only. */
    postedBlock: integer("posted_block"),
  },
  (t) => [uniqueIndex("bids_chain_bid").on(t.chainId, t.bidId)],
);

/**
 * Indexed MarketplaceBidDeleted logs, by the bid they name, whether the index knows that bid yet or
 * not (a bid posted before the index starts becomes known when a session of it closes).
 */
export const bidDeletions = sqliteTable(
  "bid_deletions",
  {
    chainId: integer("chain_id").notNull(),
    bidId: text("bid_id").notNull(),
    blockNumber: integer("block_number").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.bidId] }),
    index("bid_deletions_block").on(t.chainId, t.blockNumber),
  ],
);

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
    /** ttftMs of a signed receipt; 0 otherwise. */
    ttftMs: integer("ttft_ms").notNull().default(0),
    /** tpsScaled1000 of a signed receipt; 0 otherwise. */
    tps: integer("tps"),
    /** closedAt floored to the UTC day. */
    day: integer("day").generatedAlwaysAs(sql`closed_at - closed_at % 86400`, { mode: "virtual" }),
    /**
     * Everything the rollup needs of a close, as one text the build reads from an index in bulk
     * (store/decodeCloseFacts.ts decodes it): second of the day, tokens, ttftMs, tpsScaled1000,
     * session time, disputed, closedAt - openedAt, bid ref, provider ref.
     */
    facts: text("facts").generatedAlwaysAs(
      sql`printf('%d,%d,%d,%d,%d,%d,%d,%d,%d', closed_at % 86400, tokens, ttft_ms, tps, max(0, min(closed_at, ends_at) - opened_at), closeout_type != '0', closed_at - opened_at, ifnull(bid_ref, 0), ifnull(provider_ref, 0))`,
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

/**
 * The contract's own counters (getProviderModelStats) for every (model, provider) pair of a
 * chain's indexed closes, read at chains.stats_block: what audit.json compares the index with.
 */
export const pairStats = sqliteTable(
  "pair_stats",
  {
    chainId: integer("chain_id").notNull(),
    modelRef: integer("model_ref").notNull(),
    providerRef: integer("provider_ref").notNull(),
    totalCount: integer("total_count").notNull(),
    successCount: integer("success_count").notNull(),
    totalDuration: integer("total_duration").notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.modelRef, t.providerRef] })],
);

/**
 * The contract's code changes (DiamondCut logs) the index went past, for meta.json: what each
 * did to the functions the index depends on (comma-separated names), and how the sync took it
 * (noted, verified, unchecked, accepted: sync/SyncStore.ts). Rolled back with reorgs.
 */
export const upgrades = sqliteTable(
  "upgrades",
  {
    chainId: integer("chain_id").notNull(),
    blockNumber: integer("block_number").notNull(),
    logIndex: integer("log_index").notNull(),
    blockTimestamp: integer("block_timestamp").notNull(),
    status: text("status").notNull(),
    added: text("added").notNull(),
    replaced: text("replaced").notNull(),
    removed: text("removed").notNull(),
    /** Stored records read back equal (or accepted) through the new code. */
    compared: integer("compared").notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.blockNumber, t.logIndex] })],
);

/**
 * Each sync of a chain that wrote something it read from the contract: its first block, the head
 * when it started, when it started and last wrote, and the lowest block of what it wrote. The sync
 * reads the contract at the latest block, so a run read through the code of every cut mined before
 * its last write: after an upgrade the index cannot read, everything such runs wrote is rolled
 * back (sync/firstBlockReadThrough.ts). Rolled back with reorgs; pruned once no later cut can
 * concern a run. The three later columns are null for the runs of a database before 0007.
 */
export const syncRuns = sqliteTable(
  "sync_runs",
  {
    chainId: integer("chain_id").notNull(),
    firstBlock: integer("first_block").notNull(),
    head: integer("head").notNull(),
    /** Unix seconds (this machine's clock), before the run's first read. */
    startedAt: integer("started_at"),
    /** Unix seconds, when the run last wrote what it read. */
    wroteAt: integer("wrote_at"),
    /** The lowest block of what it wrote: its first block, or below (a refill, the bid scan). */
    lowBlock: integer("low_block"),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.firstBlock] })],
);
