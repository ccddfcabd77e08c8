import type { History } from "../../../src/devchain/history.js";

/** One configured chain of a publication: its history and what its index holds. */
export type ChainHistory = {
  chainId: number;
  history: History;
  /** The chain's own as-of: timestamp of the last block the sync reached on that chain. */
  asOf: number;
  /**
   * Which logs the index holds, by session id (any case). Default: every session's SessionOpened,
   * and the SessionClosed of every session with a `close` that is not `silent`.
   */
  indexed?: { opened: Iterable<string>; closed: Iterable<string> };
  /**
   * Which sessions the contract had closed by the last synced block (its counters count them).
   * Default: every session with a `close`, silent ones included.
   */
  contractClosed?: Iterable<string>;
  /**
   * The time of the chain's first indexed block (a sync from a later block than the contract's
   * first): bids posted before it have no indexed MarketplaceBidPosted log. Default: every bid log
   * is indexed.
   */
  bidsIndexedFrom?: number;
  /** false: the contract has no getProviderModelStats (the chain is `unavailable` in audit.json). Default true. */
  auditAvailable?: boolean;
  /** true: the index can tell its sync started after the contract's first close (listed in `partial`). Default false. */
  partial?: boolean;
};
