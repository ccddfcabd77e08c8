import { floorDay, floorHour, retentionPeriods, secondsPerDay, secondsPerHour } from "../api/periods.js";
import { type DenseIndices, keyedEarnBase } from "./createDenseIndices.js";
import { DistinctCounter } from "./DistinctCounter.js";
import { type BucketSums, Sums } from "./Sums.js";

/** The four summary windows, in order; the first three hold as-of − 86,400·d < closedAt ≤ as-of. */
export const windowNames = ["24h", "7d", "30d", "all"] as const;
export const windowDays = [1, 7, 30];
/** The all-time window's index. */
export const allWindow = windowNames.length - 1;

/** The hourly and daily series' retention (SPEC.md), in periods. */
export const hoursKept = retentionPeriods.hourly as number;
export const daysKept = retentionPeriods.daily as number;

/**
 * One family of buckets: the additive sums, the two medians, (windows) their tails, and (series,
 * windows) distinct counts.
 */
export type Family = {
  sums: Sums;
  ttft: Float64Array;
  tps: Float64Array;
  /** Windows only (SPEC.md 1.3): the 90th percentile of ttft and the 10th of tps. */
  tails?: { ttftP90: Float64Array; tpsP10: Float64Array };
  providers?: DistinctCounter;
  models?: DistinctCounter;
};

/** Everything the files of a computation are made of, bucketed. */
export type Tally = {
  /** The earliest close at or before the as-of (undefined: none). */
  earliest: number | undefined;
  hourFirst: number;
  dayFirst: number;
  /** Set by the first close: months from its month to the as-of month. */
  monthFirst: number | undefined;
  hourly: Family;
  daily: Family;
  monthly: Family | undefined;
  windows: Family;
  /** By model index × day and provider index × day of the daily retention. */
  modelDaily: Family;
  providerDaily: Family;
  /** By model index × window and provider index × window (leaderboards). */
  modelWindows: Family;
  providerWindows: Family;
  /** By pair index × window (market.json). */
  pairWindows: Family;
  /**
   * Per pair × window and the pair's bids: the session time of the closes with tokens > 0 (signed
   * v2 receipts), which earnedPerMillionTokens multiplies by each bid's price (SPEC.md 1.2).
   */
  pairTokenTime: Sums;
  /** By bid ref, over every close indexed (after the as-of too): closes, signed closes, duration. */
  audit: { closes: Float64Array; signed: Float64Array; duration: Float64Array };
};

/** A series' family: a bucket per period, each with every bid's session time, providers, models. */
export function seriesFamily(count: number, ix: DenseIndices): Family {
  return {
    sums: Sums.uniform(count, ix.bidCount),
    ttft: new Float64Array(count).fill(Number.NaN),
    tps: new Float64Array(count).fill(Number.NaN),
    providers: new DistinctCounter(count, ix.providerCount),
    models: new DistinctCounter(count, ix.modelCount),
  };
}

/** A family of windows: with the tails of its medians. */
function withTails(family: Family): Family {
  const count = family.ttft.length;
  family.tails = {
    ttftP90: new Float64Array(count).fill(Number.NaN),
    tpsP10: new Float64Array(count).fill(Number.NaN),
  };
  return family;
}

/** Sums of (key, period) buckets, each with its key's bids only. */
function keyedSums(keyBids: number[][], periods: number): Sums {
  const { base, size } = keyedEarnBase(keyBids, periods);
  return new Sums(keyBids.length * periods, base, size);
}

/** A family of (key, period) buckets, each with its key's bids only. */
function keyedFamily(
  ix: DenseIndices,
  keyBids: number[][],
  periods: number,
  distinct: "providers" | "models" | undefined,
): Family {
  const count = keyBids.length * periods;
  const family: Family = {
    sums: keyedSums(keyBids, periods),
    ttft: new Float64Array(count).fill(Number.NaN),
    tps: new Float64Array(count).fill(Number.NaN),
  };
  if (distinct === "providers") family.providers = new DistinctCounter(count, ix.providerCount);
  if (distinct === "models") family.models = new DistinctCounter(count, ix.modelCount);
  return family;
}

/** An empty tally as of `asOf` (the monthly series is made at the first close). */
export function createTally(asOf: number, ix: DenseIndices): Tally {
  return {
    earliest: undefined,
    hourFirst: floorHour(asOf) - (hoursKept - 1) * secondsPerHour,
    dayFirst: floorDay(asOf) - (daysKept - 1) * secondsPerDay,
    monthFirst: undefined,
    hourly: seriesFamily(hoursKept, ix),
    daily: seriesFamily(daysKept, ix),
    monthly: undefined,
    windows: withTails(seriesFamily(windowNames.length, ix)),
    modelDaily: keyedFamily(ix, ix.modelBids, daysKept, undefined),
    providerDaily: keyedFamily(ix, ix.providerBids, daysKept, undefined),
    modelWindows: withTails(keyedFamily(ix, ix.modelBids, windowNames.length, "providers")),
    providerWindows: withTails(keyedFamily(ix, ix.providerBids, windowNames.length, "models")),
    pairWindows: withTails(keyedFamily(ix, ix.pairBids, windowNames.length, undefined)),
    pairTokenTime: keyedSums(ix.pairBids, windowNames.length),
    audit: {
      closes: new Float64Array(ix.bidIndex.length),
      signed: new Float64Array(ix.bidIndex.length),
      duration: new Float64Array(ix.bidIndex.length),
    },
  };
}

/** Files closes into a series or window bucket: their sums, and their provider and model. */
export function file(
  family: Family,
  bucket: number,
  earnBid: number,
  sums: BucketSums,
  provider: number,
  model: number,
): void {
  family.sums.add(bucket, sums, earnBid);
  if (provider >= 0) family.providers?.add(bucket, provider);
  if (model >= 0) family.models?.add(bucket, model);
}
