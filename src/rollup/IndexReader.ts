import type { MetaUpgrade } from "../api/apiTypes.js";
import type { ModelStats } from "../chain/readRouterViews.js";
import type { RouterBidRead } from "../sync/RouterStore.js";
import type { CloseDay } from "./CloseDay.js";

/*
 * What the rollup stage reads of the index: declared here, where it is used, and implemented by
 * the store stage (store/createIndexReader.ts), so that rollup never imports store.
 */

/** One chain of the database: its identity, checkpoint and last run. */
export type ChainRecord = {
  chainId: number;
  contract: string;
  fromBlock: number;
  creationBlock: number | null;
  blockNumber: number;
  blockHash: string;
  blockTimestamp: number;
  /** Place in the configuration of the last sync; null: left out of it. */
  position: number | null;
  targetBlock: number | null;
  syncedAt: number | null;
  statsBlock: number | null;
  statsAvailable: boolean | null;
  /** The timestamp of the block before fromBlock (null: from block 0, or not read yet). */
  fromParentTime: number | null;
  /** The next block of the one-time bid log scan of a database indexed before 1.2; null: none left. */
  bidScanNext: number | null;
};

/**
 * A known bid's times (SPEC.md 1.2's offer rule decides with them), for the bids whose getBid
 * succeeded with a createdAt: deletedAt as last read, and whether a MarketplaceBidDeleted log of
 * it is indexed.
 */
export type BidTimesRecord = {
  ref: number;
  chainId: number;
  bidId: string;
  /** getBid's nonce; null: a bid stored before 1.3 that could not be read again. */
  nonce: bigint | null;
  createdAt: number;
  deletedAt: number;
  deletionIndexed: boolean;
};

export type BidRecord = { chainId: number; modelRef: number; providerRef: number; pricePerSecond: bigint };
export type ModelNameRecord = { chainId: number; modelRef: number; name: string | null; status: string };
export type StuckRecord = {
  chainId: number;
  sessionId: string;
  openedAt: number;
  endsAt: number;
  stake: string | null;
  provider: string | null;
  modelId: string | null;
};
export type PairStatRecord = {
  modelRef: number;
  providerRef: number;
  totalCount: number;
  successCount: number;
  totalDuration: number;
};

/** The router's inputs of a chain as the sync read them (sync/RouterStore.ts): its models by modelId. */
export type RouterRecord = {
  chainId: number;
  available: boolean;
  minimumStake: bigint;
  models: Map<string, { stats: ModelStats; bids: RouterBidRead[] }>;
};

/** The build's reads: everything the rollup computes from, in one consistent snapshot. */
export type IndexReader = {
  chains(): ChainRecord[];
  /** Bids that could be read, by ref. */
  bids(): Map<number, BidRecord>;
  /** The times of the known bids of these chains that could be read with a createdAt. */
  bidTimes(chainIds: readonly number[]): BidTimesRecord[];
  /** modelId by ref. */
  models(): Map<number, string>;
  modelNames(): ModelNameRecord[];
  /** EIP-55 address by ref. */
  providers(): Map<number, string>;
  /** Every close whose session could be read, one day and chain at a time, ascending by day. */
  closeDays(chainIds: readonly number[]): Iterable<CloseDay>;
  /** Sessions of a chain opened, never closed, whose stake ran out at or before `endsAtUpTo`. */
  stuck(chainId: number, endsAtUpTo: number): StuckRecord[];
  pairStats(chainId: number): PairStatRecord[];
  /** The router's inputs of these chains where read (by chainId ascending). */
  routerReads(chainIds: readonly number[]): RouterRecord[];
  /** A chain's contract upgrades up to its last synced block, in block order, as meta.json lists them. */
  upgrades(chainId: number): MetaUpgrade[];
  counts(chainIds: readonly number[]): Record<string, number>;
  /** Distinct models and providers of these chains together (a provider on two chains is one). */
  distinctCounts(chainIds: readonly number[]): { models: number; providers: number };
  anomalies(chainIds: readonly number[]): Record<string, number>;
  /** How many closes a 1.0 database holds that the next sync has to read again. */
  countClosesToRefill(): number;
};
