import type { IndexedFunction } from "../chain/abi.js";
import type { ReceiptKind } from "../chain/classifyReceipt.js";
import type { BlockHeader } from "../chain/getBlockHeader.js";
import type { BidState } from "../chain/readBids.js";
import type { Pair, PairCounters } from "../chain/readPairStats.js";
import type { RouterStore } from "./RouterStore.js";

/*
 * What the sync stage writes, and the storage it needs: declared here, where it is used, and
 * implemented by the store stage (store/createSyncDatabase.ts, store/createSyncStore.ts), so that
 * sync never imports store.
 */

/** What one chain's index covers: written with its first range, checked on every later run. */
export type ChainIdentity = {
  chainId: number;
  /** Lowercase. */
  contract: string;
  /** The first block indexed. */
  fromBlock: number;
  /** The contract's creation block, when the sync found it (null: not searched, or not found). */
  creationBlock: number | null;
};

/** Where one chain's sync stands: its identity and the last block synced. */
export type Checkpoint = ChainIdentity & {
  blockNumber: number;
  blockHash: string;
  blockTimestamp: number;
};

/** What the chain's runs learned of one endpoint: where its next run starts. */
export type EndpointLimits = {
  /** The log range size its last run ended with; undefined: it read no range yet. */
  rangeSize: number | undefined;
  /** The calls per JSON-RPC batch it takes, when a run learned a cap below the batch size; undefined: none. */
  batchCap: number | undefined;
  /** The calls per aggregate3 it takes, when a run learned a cap (its gas cap, the size of its answer); undefined: none. */
  callCap: number | undefined;
};

/** The endpoint limits the store holds for a chain. */
export type StoredEndpointLimits = {
  /** By endpoint key (a hash of the endpoint's URL: chain/rpc/endpointKey.ts). */
  byEndpoint: ReadonlyMap<string, EndpointLimits>;
  /** A database's per-chain values from before endpoints had their own (migration 0006): whose, unknown. */
  unattributed: EndpointLimits | undefined;
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
  /** A signed v2 receipt whose token words both fit uint32: `tokens` counts its tokens (SPEC.md 1.3, tokenSessions). */
  tokenCounted: boolean;
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

/** A bid as getBid returned it; no state: the call failed (reverted, or returned nonsense). */
export type NewBid = { bidId: string; state?: BidState };

/** A bid log of the range: the bid it names and its block. */
export type BidLogRow = { bidId: string; blockNumber: number };

export type AnomalyRow = { kind: string; key: string; blockNumber: number; detail?: string };

/**
 * A change of the contract's code (a DiamondCut log) that the index went past: noted in
 * meta.json. `noted`: it changed none of the functions the index depends on, or only added some
 * before anything was stored; `verified`: it changed some, and stored records read back equal
 * through the new code; `unchecked`: it replaced or removed some, and no stored record could be
 * read back (none stored since the last accepted upgrade); `accepted`: they read back different,
 * and the operator accepted the upgrade (--accept-upgrade).
 */
export type UpgradeRow = {
  blockNumber: number;
  logIndex: number;
  blockTimestamp: number;
  status: "noted" | "verified" | "unchecked" | "accepted";
  /** The functions the index depends on that the cut added, replaced, removed. */
  added: IndexedFunction[];
  replaced: IndexedFunction[];
  removed: IndexedFunction[];
  /** Stored records read back through the new code (0 for `noted`). */
  compared: number;
};

/**
 * Stored records to read back through a contract's new code, as stored: sessions (open and
 * closed), the bids they name and the newest bids known from a posted log, the models those name.
 */
export type StoredSample = {
  opens: Array<{ sessionId: string; bidId: string; stake: bigint; openedAt: number; endsAt: number }>;
  closes: Array<{ sessionId: string; state: Omit<CloseState, "bidId"> }>;
  bids: Array<{
    bidId: string;
    provider: string;
    modelId: string;
    pricePerSecond: bigint;
    /** As stored: null when never read (a 1.1 database's bid not read again yet), 0 when the read showed none. */
    createdAt: number | null;
    /** As stored: 0 while it stood when last read (it may have been deleted since). */
    deletedAt: number | null;
  }>;
  models: string[];
};

/** What one block range read: its rows, for the follower to commit. */
export type RangeRead = {
  identity: ChainIdentity;
  end: BlockHeader;
  /** Hashes of blocks inside the range kept for reorg detection (the end's is always kept). */
  headers: BlockHeader[];
  /** Bids named for the first time (by a session or a MarketplaceBidPosted log): read once, kept. */
  bids: NewBid[];
  /** Stored bids read again: a MarketplaceBidDeleted log of the range names them (their deletedAt). */
  refreshed: NewBid[];
  /** The range's MarketplaceBidPosted logs: the bids they name are known bids (SPEC.md 1.2). */
  posted: BidLogRow[];
  /** The range's MarketplaceBidDeleted logs, whether the index knows their bid yet or not. */
  deleted: BidLogRow[];
  /**
   * The timestamp of the block before the range, given with a chain's first range: a bid deleted
   * before the index starts has a deletedAt at or before it (its log is not indexed).
   */
  parentTime?: number | undefined;
  opens: OpenRow[];
  closes: CloseRow[];
  anomalies: AnomalyRow[];
};

/**
 * What a write that the rollback after an upgrade must be able to undo carries: the run that read
 * what it writes (the code it read through: firstBlockReadThrough.ts), noted in the same
 * transaction. A write without its run cannot be made.
 */
export type ByRun = { run: SyncRun };

/**
 * One synced block range, written in one transaction with the checkpoint: what it read, the
 * contract's code changes in it that the run went past (reviewed first), and the run.
 */
export type RangeCommit = RangeRead & ByRun & { upgrades: UpgradeRow[] };

/**
 * One sync run of a chain, as the rollback after an upgrade needs it: the sync reads the contract
 * at the latest block, so what a run wrote went through the code of every cut mined before it
 * wrote it (firstBlockReadThrough.ts).
 */
export type SyncRun = {
  /** The first block its follower reads: the one after the checkpoint, or the first block indexed. */
  firstBlock: number;
  /** The head when it started. */
  head: number;
  /** When it started, before its first read (unix seconds, this machine's clock). */
  startedAt: number;
  /** When it last wrote what it read (unix seconds, this machine's clock). */
  wroteAt: number;
  /** The lowest block of what it wrote: its first block, or below it (a refill, the bid scan). */
  lowBlock: number;
};

/** A run as recorded; one recorded before the database's migration 0007 has no times and no lowest block. */
export type StoredSyncRun = Pick<SyncRun, "firstBlock" | "head"> & Partial<SyncRun>;

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
};

/** One chain's part of the database: the follower reads its position here and commits ranges. */
export type SyncStore = {
  readonly chainId: number;
  /** Where the sync stands; undefined before the first committed range. */
  checkpoint(): Checkpoint | undefined;
  /**
   * Bids already stored (never read again unless a deletion names them), each with whether it
   * stands as last read (deletedAt 0).
   */
  knownBids(): Map<string, boolean>;
  /** Writes one range with its checkpoint in one transaction. */
  commitRange(commit: RangeCommit): void;
  /** Stored block hashes at or below `atOrBelow`, newest first. */
  storedBlocks(atOrBelow: number): BlockHeader[];
  /** Forgets everything above the ancestor (undefined: everything of this chain). */
  rollbackTo(ancestor: BlockHeader | undefined): void;
  /** Drops block hashes below this block. */
  pruneBlocks(belowNumber: number): void;
  /** Models that the bids name, on any chain: their names are read on every chain. */
  modelIds(): string[];
  saveModelNames(names: ModelNameRow[]): void;
  /** Closes a 1.0 database holds without the 1.1 figures (at most `limit`). */
  closesToRefill(limit: number): string[];
  /** Their figures as read again, with the run that read them. */
  saveRefilled(write: ByRun & { closes: RefilledClose[] }): void;
  /** The distinct (model, provider) pairs of the indexed closes whose bid could be read. */
  auditPairs(): Pair[];
  /** The block the contract's counters were last read at (undefined: not read, or rolled back since). */
  statsBlock(): number | undefined;
  /** The contract's counters of those pairs at `block`; undefined counters: not available. */
  saveAuditCounters(block: number, counters: Array<Pair & PairCounters> | undefined): void;
  /** The router's inputs (SPEC.md 1.3), read at the last synced block. */
  readonly router: RouterStore;
  saveRunRecord(record: RunRecord): void;
  /** What the chain's runs learned of each endpoint. */
  endpointLimits(): StoredEndpointLimits;
  /**
   * Writes what this run knows of its endpoints (by endpoint key), in one transaction that drops
   * the unattributed values: a run has taken them or left them (several endpoints).
   */
  saveEndpointLimits(rows: ReadonlyArray<EndpointLimits & { endpoint: string }>): void;
  /**
   * Up to `perEnd` of the oldest and of the newest stored sessions and closes, the bids they name,
   * up to `perEnd` of the newest bids known from a posted log, and the models the bids name
   * (readable ones only), stored after the last accepted upgrade.
   */
  upgradeSample(perEnd: number): StoredSample;
  /** The runs recorded, in the order they ran (by first block). */
  syncRuns(): StoredSyncRun[];
  /** Forgets the runs that no cut past `synced` (the last synced block) can concern. */
  pruneRuns(synced: number): void;
  /**
   * Bids to read again (at most `limit`, in bidId order after `after`): those a 1.1 database holds
   * without createdAt and deletedAt, and those a read that lagged behind their logs left wrong (a
   * posted bid stored as the empty record, a bid stored standing although its deletion is indexed).
   */
  bidsToRefill(limit: number, after?: string): string[];
  /**
   * Their state as read again, with the run that read them; a failed read keeps what was stored (a
   * 1.1 bid: createdAt 0, never an offer).
   */
  saveRefilledBids(write: ByRun & { bids: NewBid[] }): void;
  /** The one-time scan of the bid logs below the checkpoint of a database indexed before 1.2. */
  bidScan(): BidScan | undefined;
  /** Writes one scanned range's bid logs, bids and upgrades with the scan's progress, in one transaction. */
  commitBidScan(commit: BidScanCommit): void;
};

/** What a database indexed before 1.2 still has to scan for bid logs: [next, end]. */
export type BidScan = { next: number; end: number };

/** What one range of the bid scan read: its bid logs, the bids they name, and where the scan stands after it. */
export type BidScanRead = Pick<RangeRead, "bids" | "refreshed" | "posted" | "deleted" | "anomalies"> & {
  /** The scan's next block (past `end`: done). */
  next: number;
  /** The timestamp of the block before the scan's first range (given with it). */
  parentTime?: number | undefined;
};

/** One range of the bid scan, written in one transaction: what it read, the upgrades in it, the run. */
export type BidScanCommit = BidScanRead & ByRun & { upgrades: UpgradeRow[] };

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
