import type { EndpointView } from "../ChainView.js";
import type { BlockHeader } from "../getBlockHeader.js";

/** Block ranges the follower keeps in flight per endpoint (prefetch). */
export const rangesPerEndpoint = 4;

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
