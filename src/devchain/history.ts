import type { Address, Hex } from "viem";

/**
 * A declarative marketplace history: what the dev chain should hold. writeHistory puts it on
 * chain; test/support/expected/ computes the published files from it independently.
 * All times are unix seconds.
 */

export type HistoryModel = {
  modelId: Hex;
  /** The on-chain name: a string (stored as UTF-8) or raw bytes, to store invalid UTF-8. */
  name: string | { rawHex: Hex };
  /** getModel reverts for this id (set after everything else is written; false clears it). */
  reverts?: boolean;
};

export type HistoryBid = {
  bidId: Hex;
  provider: Address;
  modelId: Hex;
  pricePerSecond?: bigint;
  /**
   * Posted by the real contract's rules (postModelBid) in a block of exactly this timestamp: its
   * createdAt, a MarketplaceBidPosted log, the pair's next nonce (so `bidId` must be
   * keccak256(abi.encodePacked(provider, modelId, nonce)), nonce = the number of bids of the pair
   * posted before it: postedBidId), and the pair's bid still standing then deleted in the same
   * transaction (CHAIN.md's re-post rule). Absent: written without a log (setBid), as a bid posted
   * before an index starts.
   */
  postedAt?: number;
  /** Deleted (deleteModelBid) in a block of exactly this timestamp, if no re-post deleted it before. */
  deletedAt?: number;
  /** Of a bid written without a log: the createdAt getBid shows. Default 0 (the record says nothing). */
  createdAt?: number;
  /** getBid reverts for this id (set after everything else is written; false clears it). */
  reverts?: boolean;
};

export type HistoryClose = {
  closedAt: number;
  /** 0 = signed by the provider, 1 = disputed. */
  closeoutType: bigint | number;
  /** The raw closeoutReceipt bytes ("0x" for an empty receipt). */
  receipt: Hex;
  /** The contract closes the session (its state and stats counters change) but emits no SessionClosed log. */
  silent?: boolean;
};

export type HistorySession = {
  sessionId: Hex;
  user: Address;
  bidId: Hex;
  stake: bigint;
  openedAt: number;
  endsAt: number;
  /** Absent: the session is still open. */
  close?: HistoryClose;
  /** getSession reverts for this id (set after everything else is written; false clears it). */
  reverts?: boolean;
};

export type HistoryRename = { modelId: Hex; name: string; at: number };

export type History = {
  models: HistoryModel[];
  bids: HistoryBid[];
  sessions: HistorySession[];
  /** The timestamp of the last block: the as-of time of a sync that reaches the end. */
  endTime: number;
  /** Name changes, applied in the first block at or after `at`. */
  renames?: HistoryRename[];
  /** The contract has no getProviderModelStats: every call to it reverts (set last). */
  statsUnavailable?: boolean;
  /** The contract has none of the router's views (getModelActiveBids, getModelStats, ...): they revert (set last). */
  routerViewsUnavailable?: boolean;
  /** Providers' stakes (getProvider; set last). Any uint256: the router reduces stakes to int64. */
  providerStakes?: ReadonlyArray<{ provider: Address; stake: bigint }>;
};
