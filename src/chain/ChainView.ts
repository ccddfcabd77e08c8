import type { LogFetcher } from "./createLogFetcher.js";
import type { BlockHeader } from "./getBlockHeader.js";
import type { BidRead } from "./readBids.js";
import type { ModelNameRead } from "./readModelNames.js";
import type { Pair, PairStatsRead } from "./readPairStats.js";
import type { ModelBooksRead, RouterDetailsRead } from "./readRouterViews.js";
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
  /** Each model's active bids and stats, and the minimum stake, at `block` (undefined: the latest; the router's first read). */
  readModelBooks(modelIds: readonly string[], block: number | undefined): Promise<ModelBooksRead>;
  /** The active bids' pairs' stats and providers' stakes at `block` (the router's second read). */
  readRouterDetails(
    request: { pairs: readonly Pair[]; providers: readonly string[] },
    block: number | undefined,
  ): Promise<RouterDetailsRead>;
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

/** One endpoint of a chain's pool. */
export type PoolMember = {
  readonly view: EndpointView;
  /** Its URL fit for messages (no credentials). */
  readonly safeUrl: string;
  /** Its place in the configuration, from 0. */
  readonly index: number;
};

/** What a piece of work returned, and the endpoint that did it. */
export type Served<T> = { result: T; by: PoolMember };

/**
 * The endpoints that serve one chain, as the follower uses them: each block range is read on one
 * endpoint (its logs, block hashes, sessions and bids), chosen by the limits each has shown, and,
 * where several serve, its end is confirmed by another one before it is committed. With one
 * endpoint (poolOfOne) nothing of this costs a request.
 */
export type ChainPool = {
  readonly members: readonly PoolMember[];
  /**
   * The endpoint the next block range from `from` goes to: the least busy for its learned
   * capacity among those serving that have the block, another than the last one picked when as
   * free (so that consecutive ranges come from two endpoints and confirm each other for free).
   */
  pick(from: number): PoolMember;
  /** The newest block `member` is known to have (its head), Infinity when not known. */
  lastBlockOf(member: PoolMember): number;
  /**
   * Runs `work` on `first` (or the endpoint pick would choose); when that endpoint fails (down,
   * lagging, rate-limited past its retries, answers that do not decode), it is left out for a
   * while and `work` runs again on another. Throws a TransientError (exit 75) when none can do it.
   */
  serve<T>(work: (member: PoolMember) => Promise<T>, first?: PoolMember): Promise<Served<T>>;
  /**
   * Before the range [from, end] that `by` served is committed: the hash of its end on another
   * endpoint, `seen` when it already came with the next range (free). Throws when they disagree
   * (a different hash: exit 1; the other endpoints lack the block: exit 75), naming the endpoints
   * and the block. Nothing to confirm with (one endpoint serves): returns at once.
   */
  confirm(
    range: { from: number; end: BlockHeader },
    by: PoolMember,
    seen?: { parent: BlockHeader | undefined; by: PoolMember },
  ): Promise<void>;
};
