import type { ModelStats, PairStats } from "../chain/readRouterViews.js";

/** An active bid as the router scores it: its price, its pair's stats, its provider's stake. */
export type RouterBidRead = {
  bidId: string;
  provider: string;
  pricePerSecond: bigint;
  stats: PairStats;
  stake: bigint;
};

/** A model with active bids: its stats and its bids in getModelActiveBids' order. */
export type RouterModelRead = { modelId: string; stats: ModelStats; bids: RouterBidRead[] };

/**
 * The router's inputs on a chain at a block (SPEC.md 1.3): the last synced block, or the latest
 * where the node kept no state at it (`atLatest`); unavailable where one of the views reverted.
 */
export type RouterRead = { blockNumber: number; atLatest: boolean } & (
  | { available: false }
  | { available: true; minimumStake: bigint; models: RouterModelRead[] }
);

/** What the router's read needs of the store (a part of SyncStore, implemented by the store stage). */
export type RouterStore = {
  /** The block of the last read kept (undefined: none, or rolled back since). */
  block(): number | undefined;
  /** The models of the chain's readable bids: those whose active bids are asked for. */
  models(): string[];
  /** A stored bid's provider and price (never change); undefined: not a readable bid of the index. */
  knownBid(bidId: string): { provider: string; pricePerSecond: bigint } | undefined;
  /** Replaces the chain's read. */
  save(read: RouterRead): void;
};
