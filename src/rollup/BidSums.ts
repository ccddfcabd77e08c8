import { type BucketSums, exactLimit } from "./Sums.js";

/**
 * One day's closes summed per bid, filed into the day's buckets at once: a day holds thousands of
 * closes over a few hundred bids.
 */
export class BidSums {
  readonly sessions: Float64Array;
  readonly tokens: Float64Array;
  readonly tokenSessions: Float64Array;
  readonly seconds: Float64Array;
  readonly disputed: Float64Array;
  /** Session time of the closes with tokens (what earnedPerMillionTokens divides, SPEC.md 1.2). */
  readonly tokenSeconds: Float64Array;
  /** Bid refs with sums, in the order first seen; their indices alongside. */
  readonly refs: number[] = [];
  readonly bids: number[] = [];

  constructor(bidRefs: number) {
    this.sessions = new Float64Array(bidRefs);
    this.tokens = new Float64Array(bidRefs);
    this.tokenSessions = new Float64Array(bidRefs);
    this.seconds = new Float64Array(bidRefs);
    this.disputed = new Float64Array(bidRefs);
    this.tokenSeconds = new Float64Array(bidRefs);
  }

  /** Whether a close's tokens and session time fit in the bid's sums exactly (below 2^52). */
  fits(ref: number, tokens: number, seconds: number): boolean {
    return (
      (this.tokens[ref] as number) + tokens < exactLimit &&
      (this.seconds[ref] as number) + seconds < exactLimit
    );
  }

  /** A close of the bid `ref` (its index `bid`). */
  add(ref: number, bid: number, close: BucketSums): void {
    const { tokens, seconds } = close;
    if (this.sessions[ref] === 0) {
      this.refs.push(ref);
      this.bids.push(bid);
    }
    this.sessions[ref] = (this.sessions[ref] as number) + 1;
    this.tokens[ref] = (this.tokens[ref] as number) + tokens;
    this.tokenSessions[ref] = (this.tokenSessions[ref] as number) + close.tokenSessions;
    this.seconds[ref] = (this.seconds[ref] as number) + seconds;
    this.disputed[ref] = (this.disputed[ref] as number) + close.disputed;
    if (tokens > 0) this.tokenSeconds[ref] = (this.tokenSeconds[ref] as number) + seconds;
  }

  clear(): void {
    for (const ref of this.refs) {
      this.sessions[ref] = 0;
      this.tokens[ref] = 0;
      this.tokenSessions[ref] = 0;
      this.seconds[ref] = 0;
      this.disputed[ref] = 0;
      this.tokenSeconds[ref] = 0;
    }
    this.refs.length = 0;
    this.bids.length = 0;
  }
}
