import type { Family } from "./createTally.js";
import { fromThousandths } from "./nearestRank.js";
import type { Sums } from "./Sums.js";

/** What a bucket or window carries besides its `ts` (SPEC.md, Bucket, and 1.1's figures). */
export type Figures = {
  tokens: number | bigint;
  tokenSessions: number;
  sessions: number;
  ttft?: number;
  ttftP90?: number;
  tps?: number;
  tpsP10?: number;
  seconds: number | bigint;
  earned: string;
  disputed: number;
  providers?: number;
  models?: number;
};

/**
 * The published figures of one bucket of a family, fields in the order of SPEC.md: tokens,
 * sessions, ttft, tps (absent without a measured receipt), seconds, earned, disputed, then the
 * distinct providers and models where the family counts them. `bids` lists the global indices of
 * the bucket's bids in the order of its session-time slots; `prices` is by global bid index.
 */
export function figuresOf(
  family: Family,
  bucket: number,
  bids: readonly number[] | undefined,
  prices: readonly bigint[],
): Figures {
  const { sums } = family;
  const ttft = family.ttft[bucket] as number;
  const tps = family.tps[bucket] as number;
  const figures: Partial<Figures> = {
    tokens: jsonInteger(sums.tokensOf(bucket)),
    tokenSessions: sums.tokenSessions[bucket] as number,
    sessions: sums.sessions[bucket] as number,
  };
  if (!Number.isNaN(ttft)) figures.ttft = fromThousandths(ttft);
  const ttftP90 = family.tails?.ttftP90[bucket] ?? Number.NaN;
  if (!Number.isNaN(ttftP90)) figures.ttftP90 = fromThousandths(ttftP90);
  if (!Number.isNaN(tps)) figures.tps = fromThousandths(tps);
  const tpsP10 = family.tails?.tpsP10[bucket] ?? Number.NaN;
  if (!Number.isNaN(tpsP10)) figures.tpsP10 = fromThousandths(tpsP10);
  figures.seconds = jsonInteger(sums.secondsOf(bucket));
  figures.earned = earnedOf(family.sums, bucket, bids, prices).toString();
  figures.disputed = sums.disputed[bucket] as number;
  if (family.providers) figures.providers = family.providers.counts[bucket] as number;
  if (family.models) figures.models = family.models.counts[bucket] as number;
  return figures as Figures;
}

/** Σ session time × price over the bucket's bids, exact (wei of MOR exceed 2^53 quickly). */
export function earnedOf(
  sums: Sums,
  bucket: number,
  bids: readonly number[] | undefined,
  prices: readonly bigint[],
): bigint {
  const base = sums.earnBase[bucket] as number;
  const count = bids ? bids.length : prices.length;
  let total = 0n;
  const plain = sums.earnSeconds;
  const carried = sums.hasEarnCarried();
  for (let i = 0; i < count; i++) {
    // Most of a bucket's bids have no session time in it: skipped without a bigint.
    if (!carried && plain[base + i] === 0) continue;
    const seconds = sums.earnSecondsOf(base + i);
    if (seconds !== 0n) total += seconds * (prices[bids ? (bids[i] as number) : i] as bigint);
  }
  return total;
}

/** A JSON number when exact as a double; past 2^53 the bigint is written as integer digits. */
export function jsonInteger(value: bigint): number | bigint {
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}
