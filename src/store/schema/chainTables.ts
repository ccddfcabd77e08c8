import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/*
 * The schema (drizzle-kit writes the committed migrations from src/store/schema/*.ts), part 1 of 3:
 * each chain's checkpoint and runs, its endpoints' limits, its block hashes, its contract's upgrades.
 * uint256 values are decimal text (SQLite integers are signed 64-bit). No user address is stored
 * anywhere, and no receipt: only what a receipt counts for.
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
