import type { ReceiptKind } from "../chain/classifyReceipt.js";
import type { BlockHeader } from "../chain/getBlockHeader.js";
import type { Pair, PairCounters } from "../chain/readPairStats.js";

/*
 * What the sync stage writes, and the storage it needs: declared here, where it is used, and
 * implemented by the store stage (store/createSyncStore.ts), so that sync never imports store.
 */

/** What one chain's index covers: written with its first range, checked on every later run. */
export type ChainIdentity = {
  chainId: number;
  /** Lowercase. */
  contract: string;
  /** The first block indexed. */
  fromBlock: number;
  /** The contract's creation block, when the sync found it. */
  creationBlock: number | undefined;
};

/** Where one chain's sync stands: its identity and the last block synced. */
export type Checkpoint = ChainIdentity & {
  blockNumber: number;
  blockHash: string;
  blockTimestamp: number;
  /** The log range size the last run ended with; undefined before the first run ended. */
  rangeSize?: number | undefined;
  /** The calls per JSON-RPC batch the endpoint took, when the last run learned a cap; undefined: none. */
  batchCap?: number | undefined;
};

export type OpenRow = {
  sessionId: string;
  blockNumber: number;
  logIndex: number;
  /** Absent when getSession failed. */
  state?: { bidId: string; stake: bigint; openedAt: number; endsAt: number };
};

/** What a close counts for, from getSession: its receipt is classified, never kept. */
export type CloseState = {
  bidId: string;
  openedAt: number;
  endsAt: number;
  closedAt: number;
  closeoutType: bigint;
  receiptLength: number;
  kind: ReceiptKind;
  tokens: number;
  ttftMs: number;
  tps: number;
};

export type CloseRow = {
  sessionId: string;
  blockNumber: number;
  logIndex: number;
  /** The log's provider (topic3, EIP-55): the close is filed under it when the bid cannot be read. */
  provider: string | undefined;
  /** Absent when getSession failed: the session counts nowhere (its close time is unknown). */
  state?: CloseState;
};

export type NewBid = { bidId: string; state?: { provider: string; modelId: string; pricePerSecond: bigint } };

export type AnomalyRow = { kind: string; key: string; blockNumber: number; detail?: string };

/** One synced block range: everything in it is written in one transaction with the checkpoint. */
export type RangeCommit = {
  identity: ChainIdentity;
  end: BlockHeader;
  /** Hashes of blocks inside the range kept for reorg detection (the end's is always kept). */
  headers: BlockHeader[];
  /** Bids named for the first time: read once, kept forever. */
  bids: NewBid[];
  opens: OpenRow[];
  closes: CloseRow[];
  anomalies: AnomalyRow[];
};

export type ModelNameRow = {
  modelId: string;
  name: string | null;
  status: "ok" | "invalid-utf8" | "unreadable";
};

/** A close that a 1.0 database holds without the 1.1 figures, read again. */
export type RefilledClose = { sessionId: string; state: CloseState | undefined; oversizeTokens: boolean };

/** How the last sync of a chain ended, for meta.json (backfill progress, freshness). */
export type RunRecord = {
  targetBlock: number;
  syncedAt: number;
  rangeSize: number;
  /** The endpoint's batch cap as the run knew it at its end; undefined: none below the batch size. */
  batchCap: number | undefined;
};

/** One chain's part of the database: the follower reads its position here and commits ranges. */
export type SyncStore = {
  readonly chainId: number;
  /** Where the sync stands; undefined before the first committed range. */
  checkpoint(): Checkpoint | undefined;
  /** Bids already stored: never read again. */
  knownBidIds(): Set<string>;
  /** Writes one range with its checkpoint in one transaction. */
  commitRange(commit: RangeCommit): void;
  /** Stored block hashes at or below `atOrBelow`, newest first. */
  storedBlocks(atOrBelow: number): BlockHeader[];
  /** Forgets everything above the ancestor (undefined: everything of this chain). */
  rollbackTo(ancestor: BlockHeader | undefined): void;
  /** Drops block hashes below this block. */
  pruneBlocks(belowNumber: number): void;
  /** Models that this chain's bids name. */
  modelIds(): string[];
  saveModelNames(names: ModelNameRow[]): void;
  /** Closes a 1.0 database holds without the 1.1 figures (at most `limit`). */
  closesToRefill(limit: number): string[];
  saveRefilled(closes: RefilledClose[]): void;
  /** The distinct (model, provider) pairs of the indexed closes whose bid could be read. */
  auditPairs(): Pair[];
  /** The block the contract's counters were last read at (undefined: not read, or rolled back since). */
  statsBlock(): number | undefined;
  /** The contract's counters of those pairs at `block`; undefined counters: not available. */
  saveAuditCounters(block: number, counters: Array<Pair & PairCounters> | undefined): void;
  saveRunRecord(record: RunRecord): void;
};

/** The database as the sync of several chains sees it. */
export type SyncDatabase = {
  /** One chain's part of it. */
  forChain(chainId: number): SyncStore;
  /**
   * Records the configuration of this run (chain ids, in order); returns the chains the database
   * holds that it leaves out (kept, but not published).
   */
  configure(chainIds: readonly number[]): number[];
};
