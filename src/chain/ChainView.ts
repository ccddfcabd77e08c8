import type { LogFetcher } from "./createLogFetcher.js";
import type { BlockHeader } from "./getBlockHeader.js";
import type { ChainPool } from "./pool/ChainPool.js";
import type { BidRead } from "./readBids.js";
import type { ModelNameRead } from "./readModelNames.js";
import type { Pair, PairStatsRead } from "./readPairStats.js";
import type { SessionRead } from "./readSessions.js";
import type { ToBlock } from "./resolveTarget.js";

/**
 * Everything the sync stage asks of one chain, and nothing more: the seam between the chain
 * stage (JSON-RPC, ABI decoding) and the follower, so that the follower can be tested against
 * a fake chain without a node. createChainView builds the real one on an RPC client, for one
 * endpoint; createPooledChainView one over several endpoints of the chain (docs/endpoints.md).
 */
export type ChainView = {
  /** The endpoint's URL fit for messages (no credentials); a pool's: its endpoints'. */
  readonly safeUrl: string;
  /**
   * The endpoints serving the chain, for the follower: it reads each block range on one of them
   * and, where there are several, has another one confirm the range's end before committing it.
   * One endpoint: a pool of that one, which confirms nothing (poolOfOne).
   */
  readonly pool: ChainPool;
  /** Asks for the head along with the calls of this tick (resolveTarget takes the highest answer). */
  sampleHead(): void;
  /** The head (the highest of a few answers) and the last block this run may index. */
  resolveTarget(toBlock: ToBlock, confirmations: number): Promise<{ head: number; target: number }>;
  /** A block's header, asked again while a lagging backend does not know it yet. */
  blockHeader(number: number): Promise<BlockHeader>;
  /**
   * A block's header; null when the endpoint does not know the block. A pool asks two endpoints
   * and throws when their hashes differ.
   */
  blockHeaderOrNull(number: number): Promise<BlockHeader | null>;
  /** The contract's views, at the latest block. */
  readSessions(sessionIds: readonly string[]): Promise<Map<string, SessionRead>>;
  readBids(bidIds: readonly string[]): Promise<Map<string, BidRead>>;
  readModelNames(modelIds: readonly string[]): Promise<Map<string, ModelNameRead>>;
  /** The contract's own counters of every pair, at `block` (getProviderModelStats). */
  readPairStats(pairs: readonly Pair[], block: number): Promise<PairStatsRead>;
  /**
   * The block the contract was created in, by a sixteen-way search of eth_getCode over block numbers up to
   * `head`; undefined when the endpoint does not serve historical state.
   */
  findCreationBlock(head: number): Promise<number | undefined>;
};

/** One endpoint's view of the chain: what a pool shares work among. */
export type EndpointView = ChainView & {
  /**
   * What the store remembers this endpoint's limits under (its batch cap, its log range size): a
   * hash of its URL, never the URL (it may hold credentials).
   */
  readonly endpointKey: string;
  /** The calls per JSON-RPC batch the endpoint takes, when a refusal showed fewer than the configured batch size. */
  readonly batchCap: number | undefined;
  /** Batches of at most `cap` calls from now on: the cap an earlier run learned of this endpoint (not learned again). */
  assumeBatchCap(cap: number): void;
  /** The calls per aggregate3 the endpoint takes, when it refused as many as the reader asked (createContractReader). */
  readonly callCap: number | undefined;
  /** Aggregates of at most `cap` calls from now on: the cap an earlier run learned of this endpoint. */
  assumeCallCap(cap: number): void;
  /**
   * The contract's logs by block range (the followed events, or `topics`); one fetcher per run
   * (it learns range sizes).
   */
  createLogFetcher(options?: { initialRangeSize?: number; topics?: readonly string[] }): LogFetcher;
};
