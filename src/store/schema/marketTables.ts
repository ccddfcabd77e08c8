import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/*
 * The schema, part 2 of 3: providers and models (the same on every chain), models' names, the
 * known bids and their deletions, the contract's own counters of each pair.
 */

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
    /** getBid's nonce (uint256, decimal text); null: read before 1.3 (the next sync reads it again). */
    nonce: text("nonce"),
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
 * The router's inputs on a chain (SPEC.md 1.3, router), read at `block_number`: the chain's last
 * synced block, or the latest block where the node kept no state at it (`at_latest`). Read again
 * whenever the last synced block moves; `available` 0: one of the router's views reverted there.
 */
export const routerReads = sqliteTable("router_reads", {
  chainId: integer("chain_id").primaryKey(),
  blockNumber: integer("block_number").notNull(),
  atLatest: integer("at_latest", { mode: "boolean" }).notNull(),
  available: integer("available", { mode: "boolean" }).notNull(),
  /** getProviderMinimumStake (uint256, decimal text); null where unavailable. */
  minimumStake: text("minimum_stake"),
});

/**
 * getModelStats of each model with an active bid at router_reads' block (int64 means and sums of
 * squares as decimal text: they may pass 2^53).
 */
export const routerModels = sqliteTable(
  "router_models",
  {
    chainId: integer("chain_id").notNull(),
    /** Lowercase 0x-prefixed 64 hex (not a ref: an active bid the index does not know may name it). */
    modelId: text("model_id").notNull(),
    tpsMean: text("tps_mean").notNull(),
    tpsSqSum: text("tps_sq_sum").notNull(),
    ttftMean: text("ttft_mean").notNull(),
    ttftSqSum: text("ttft_sq_sum").notNull(),
    durationMean: text("duration_mean").notNull(),
    durationSqSum: text("duration_sq_sum").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.modelId] })],
);

/**
 * The active bids of each model at router_reads' block, in getModelActiveBids' order
 * (`position`), with what the router scores each by: its price, its pair's getProviderModelStats,
 * its provider's stake.
 */
export const routerBids = sqliteTable(
  "router_bids",
  {
    chainId: integer("chain_id").notNull(),
    /** Lowercase 0x-prefixed 64 hex (not a ref: an active bid the index does not know may name it). */
    modelId: text("model_id").notNull(),
    position: integer("position").notNull(),
    bidId: text("bid_id").notNull(),
    /** EIP-55 (not a ref: the bid may be one the index does not know). */
    provider: text("provider").notNull(),
    pricePerSecond: text("price_per_second").notNull(),
    tpsMean: text("tps_mean").notNull(),
    tpsSqSum: text("tps_sq_sum").notNull(),
    ttftMean: text("ttft_mean").notNull(),
    ttftSqSum: text("ttft_sq_sum").notNull(),
    totalDuration: integer("total_duration").notNull(),
    successCount: integer("success_count").notNull(),
    totalCount: integer("total_count").notNull(),
    /** getProvider's stake (uint256, decimal text). */
    stake: text("stake").notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.modelId, t.position] })],
);
