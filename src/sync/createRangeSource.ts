import type { ChainPool, PoolMember } from "../chain/ChainView.js";
import type { LogFetcher } from "../chain/createLogFetcher.js";
import { rangesPerEndpoint } from "../chain/pool/rangesPerEndpoint.js";
import type { SessionState } from "../chain/readSessions.js";
import type { RetryPolicy } from "../chain/retryPolicies.js";
import { TransientError } from "../errors/BaseError.js";
import type { Logger } from "../log/createLogger.js";
import { type BidReader, type BidReads, createBidReader } from "./createBidReader.js";
import { createRangeReader, type RangeReader, type RangeResult } from "./createRangeReader.js";
import { createSessionStateReader } from "./createSessionStateReader.js";
import { readDeletionsAgain } from "./readDeletionsAgain.js";
import type { ChainIdentity } from "./SyncStore.js";

/** A block range read, and the endpoint that read it. */
export type ServedRange = RangeResult & { by: PoolMember };

export type RangeSource = {
  /**
   * Starts reading the next range from `from` (up to `last`) on one endpoint, in this tick: its
   * size is that endpoint's (the range sizes it has learned, never past its head).
   */
  start(from: number, last: number): { to: number; result: Promise<ServedRange> };
  /**
   * Before `range` is committed: its end confirmed by another endpoint of a pool, for free by
   * the `following` ranges in flight when another endpoint read one of them (its parent is the
   * end of the range before it), else asked. Nothing to do with one endpoint.
   */
  confirm(
    range: { from: number; result: ServedRange },
    following?: ReadonlyArray<Promise<ServedRange>>,
  ): Promise<void>;
  /**
   * Before `range` is committed (the ranges before it stored): the bids its deletion logs name
   * that an earlier range stored as standing, read again on the endpoint that read it when it
   * did not read them itself (readDeletionsAgain.ts: a pool's ranges read at different heads).
   */
  readDeletionsAgain(range: ServedRange): Promise<void>;
  /** Bids now stored (a committed range held them): new ones are never asked for again. */
  stored(reads: Pick<BidReads, "bids" | "refreshed">): void;
  /** The range size each endpoint that read ranges ended with: where its next run starts. */
  rangeSizes(): Map<PoolMember, number>;
  /** Ranges to keep in flight: four per endpoint. */
  readonly prefetch: number;
};

export type RangeSourceOptions = {
  identity: ChainIdentity;
  /** An endpoint's first range size (undefined: one block, growing). */
  initialRangeSize: (member: PoolMember) => number | undefined;
  /** Blocks from here on keep their hash, for reorg detection. */
  hashWindowStart: number;
  /** Bids the store holds, each with whether it stood when last read. */
  knownBids: Map<string, boolean>;
  sessionRetry?: RetryPolicy;
  logger: Logger;
};

type Reader = { logs: LogFetcher; bids: BidReader; read: RangeReader };

/**
 * The block ranges of one run of one chain's follower, read on the chain's endpoints: each range
 * wholly on one endpoint (its logs and block hashes, the sessions and bids it names), with the
 * range sizes that endpoint has learned. Session states read ahead are shared across endpoints,
 * and so are the bids stored and those being read.
 */
export function createRangeSource(pool: ChainPool, options: RangeSourceOptions): RangeSource {
  const { logger } = options;
  const closedAhead = new Map<string, SessionState>();
  const readers = new Map<PoolMember, Reader>();
  const readerOf = (member: PoolMember): Reader => {
    const known = readers.get(member);
    if (known) return known;
    const { view } = member;
    const initialRangeSize = options.initialRangeSize(member);
    const logs = view.createLogFetcher(initialRangeSize ? { initialRangeSize } : {});
    const bids = createBidReader((ids) => view.readBids(ids), options.knownBids, {
      logger,
      readingElsewhere: (id) => [...readers.values()].some((reader) => reader.bids.reading(id)),
      ...(options.sessionRetry ? { retry: options.sessionRetry } : {}),
    });
    const sessions = createSessionStateReader((ids) => view.readSessions(ids), {
      logger,
      closedAhead,
      ...(options.sessionRetry ? { retry: options.sessionRetry } : {}),
    });
    const read = createRangeReader({
      identity: options.identity,
      logs,
      sessions,
      bids,
      blockHeader: (n) => view.blockHeader(n),
      hashWindowStart: options.hashWindowStart,
      logger,
    });
    const reader = { logs, bids, read };
    readers.set(member, reader);
    return reader;
  };
  const several = pool.members.length > 1;
  /** Blocks up to here were confirmed by a second endpoint. */
  let confirmedThrough = -1;

  return {
    start(from, last) {
      const member = pool.pick(from);
      const size = readerOf(member).logs.rangeSize;
      const to = Math.max(from, Math.min(last, from + size - 1, pool.lastBlockOf(member)));
      const served = pool.serve((m) => readerOf(m).read(from, to), member);
      return { to, result: served.then(({ result, by }) => ({ ...result, by })) };
    },
    async confirm({ from, result }, following = []) {
      if (!several || result.read.end.number <= confirmedThrough) return;
      // The ranges after this one that the same endpoint read, each building on the one before:
      // the first range another endpoint read confirms the newest of them, and so all of them.
      let last = result;
      for (const next of following) {
        const range = await next.catch(() => undefined);
        if (!range || range.parent?.number !== last.read.end.number) break;
        if (range.by !== last.by) {
          await pool.confirm({ from, end: last.read.end }, last.by, { parent: range.parent, by: range.by });
          confirmedThrough = last.read.end.number;
          return;
        }
        if (range.parent.hash !== last.read.end.hash) break;
        last = range;
      }
      // None did (the run's last ranges): another endpoint is asked for the newest end, else
      // (it lags behind that block) for this range's.
      try {
        await pool.confirm({ from, end: last.read.end }, last.by);
        confirmedThrough = last.read.end.number;
      } catch (error) {
        if (last === result || !(error instanceof TransientError)) throw error;
        await pool.confirm({ from, end: result.read.end }, result.by);
        confirmedThrough = result.read.end.number;
      }
    },
    readDeletionsAgain: (range) =>
      readDeletionsAgain(range.read, options.knownBids, async (logs) => {
        const served = await pool.serve((member) => readerOf(member).bids.read([], logs, true), range.by);
        return served.result;
      }),
    stored(reads) {
      for (const reader of readers.values()) reader.bids.stored(reads);
    },
    rangeSizes: () => new Map([...readers].map(([member, reader]) => [member, reader.logs.rangeSize])),
    prefetch: rangesPerEndpoint * pool.members.length,
  };
}
