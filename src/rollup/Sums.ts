/** Past this, a double's sum could lose a unit: the running sum moves into a bigint. */
export const exactLimit = 2 ** 52;

/** What closes add to a bucket: each below 2^52. */
export type BucketSums = {
  sessions: number;
  tokens: number;
  /** The closes whose tokens `tokens` counts (SPEC.md 1.3). */
  tokenSessions: number;
  seconds: number;
  disputed: number;
};

/**
 * The additive figures of a set of buckets (SPEC.md 1.1: sessions, tokens, seconds, disputed;
 * 1.3: tokenSessions; and per bid the session time that `earned` multiplies by the bid's price),
 * one slot per bucket.
 * Sums stay exact past 2^53: a slot that grows past 2^52 is carried into a bigint.
 */
export class Sums {
  readonly sessions: Float64Array;
  readonly tokens: Float64Array;
  readonly tokenSessions: Float64Array;
  readonly seconds: Float64Array;
  readonly disputed: Float64Array;
  /**
   * Session time per (bucket, bid), at earnBase[bucket] + the bid's index in the bucket's bids;
   * read it with earnSecondsOf (past 2^52 it is carried too).
   */
  readonly earnSeconds: Float64Array;
  private readonly carried = new Map<number, bigint>();
  private readonly earnCarried = new Map<number, bigint>();

  constructor(
    readonly count: number,
    /** Where each bucket's bids start in earnSeconds. */
    readonly earnBase: Int32Array,
    earnSize: number,
  ) {
    this.sessions = new Float64Array(count);
    this.tokens = new Float64Array(count);
    this.tokenSessions = new Float64Array(count);
    this.seconds = new Float64Array(count);
    this.disputed = new Float64Array(count);
    this.earnSeconds = new Float64Array(earnSize);
  }

  /** A bucket per slot, each with `width` bids (the buckets of one series). */
  static uniform(count: number, width: number): Sums {
    const base = new Int32Array(count);
    for (let b = 0; b < count; b++) base[b] = b * width;
    return new Sums(count, base, count * width);
  }

  /** Closes filed at once, with the session time of `bid` (the bucket's bid index; -1: none). */
  add(bucket: number, closes: BucketSums, bid: number): void {
    this.sessions[bucket] = (this.sessions[bucket] as number) + closes.sessions;
    this.tokenSessions[bucket] = (this.tokenSessions[bucket] as number) + closes.tokenSessions;
    this.disputed[bucket] = (this.disputed[bucket] as number) + closes.disputed;
    const t = (this.tokens[bucket] as number) + closes.tokens;
    this.tokens[bucket] = t < exactLimit ? t : this.carry(bucket, t);
    this.addTime(bucket, closes.seconds, bid);
  }

  /** Session time alone (a bucket's time and its bid's), below 2^52. */
  addTime(bucket: number, seconds: number, bid: number): void {
    const s = (this.seconds[bucket] as number) + seconds;
    this.seconds[bucket] = s < exactLimit ? s : this.carry(-1 - bucket, s);
    if (bid >= 0) {
      const at = (this.earnBase[bucket] as number) + bid;
      const e = (this.earnSeconds[at] as number) + seconds;
      this.earnSeconds[at] = e < exactLimit ? e : carryInto(this.earnCarried, at, e);
    }
  }

  /** Whether any slot of earnSeconds went past 2^52 (then earnSecondsOf must be asked for each). */
  hasEarnCarried(): boolean {
    return this.earnCarried.size > 0;
  }

  /** A bid's exact session time in its slot of earnSeconds. */
  earnSecondsOf(at: number): bigint {
    const value = this.earnSeconds[at] as number;
    const carried = this.earnCarried.size === 0 ? undefined : this.earnCarried.get(at);
    if (carried === undefined) return value === 0 ? 0n : BigInt(value);
    return carried + BigInt(value);
  }

  /** A bucket's exact token sum. */
  tokensOf(bucket: number): bigint {
    return (this.carried.get(bucket) ?? 0n) + BigInt(this.tokens[bucket] as number);
  }

  /** A bucket's exact session time. */
  secondsOf(bucket: number): bigint {
    return (this.carried.get(-1 - bucket) ?? 0n) + BigInt(this.seconds[bucket] as number);
  }

  private carry(key: number, value: number): number {
    return carryInto(this.carried, key, value);
  }
}

/** Moves a running sum into its bigint; the double starts again from 0. */
function carryInto(carried: Map<number, bigint>, key: number, value: number): number {
  carried.set(key, (carried.get(key) ?? 0n) + BigInt(value));
  return 0;
}
