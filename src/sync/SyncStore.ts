import type { BlockHeader } from "../chain/getBlockHeader.js";

/*
 * What the sync stage writes, and the storage it needs: declared here, where it is used, and
 * implemented by the store stage (store/createSyncStore.ts), so that sync never imports store.
 */

export type Checkpoint = {
  chainId: number;
  contract: string;
  fromBlock: number;
  blockNumber: number;
  blockHash: string;
  blockTimestamp: number;
};

export type KnownBid = { ok: true; providerRef: number; modelRef: number } | { ok: false };

export type OpenRow = {
  sessionId: string;
  blockNumber: number;
  logIndex: number;
  state?: { bidId: string; stake: bigint; openedAt: number; endsAt: number };
};

export type CloseRow = {
  sessionId: string;
  blockNumber: number;
  logIndex: number;
  /** The log's provider (topic3, EIP-55): filed under it when the bid cannot be read. */
  provider?: string | undefined;
  /** Absent when getSession failed: the session counts nowhere (its close time is unknown). */
  state?: {
    bidId: string;
    closedAt: number;
    closeoutType: bigint;
    receipt: Uint8Array;
    kind: "v1" | "v2" | "disputed" | "malformed";
    tokens: number;
    ttftMs: number;
  };
};

export type NewBid = { bidId: string; state?: { provider: string; modelId: string; pricePerSecond: bigint } };

export type AnomalyRow = { kind: string; key: string; blockNumber: number; detail?: string };

/** One synced block range: everything in it is written in one transaction with the checkpoint. */
export type RangeCommit = {
  identity: { chainId: number; contract: string; fromBlock: number };
  end: BlockHeader;
  headers: BlockHeader[];
  bids: NewBid[];
  opens: OpenRow[];
  closes: CloseRow[];
  anomalies: AnomalyRow[];
};

/** The storage the follower reads its position from and commits block ranges into. */
export type SyncStore = {
  /** Where the sync stands; undefined before the first committed range. */
  checkpoint(): Checkpoint | undefined;
  /** Every bid read so far, with the refs its closes are filed under. */
  knownBids(): Map<string, KnownBid>;
  /** Writes one range with its checkpoint in one transaction; records its bids in `knownBids`. */
  commitRange(commit: RangeCommit, knownBids: Map<string, KnownBid>): void;
  /** Stored block hashes at or below `atOrBelow`, newest first. */
  storedBlocks(atOrBelow: number): BlockHeader[];
  /** Forgets everything above the ancestor (undefined: everything). */
  rollbackTo(ancestor: BlockHeader | undefined): void;
  /** Drops block hashes below this block. */
  pruneBlocks(belowNumber: number): void;
  modelIds(): string[];
  updateModelNames(
    names: Array<{ modelId: string; name: string | null; status: "ok" | "invalid-utf8" | "unreadable" }>,
  ): void;
};
