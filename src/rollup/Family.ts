import { keyedEarnBase, type Universe } from "./createUniverse.js";
import { DistinctCounter } from "./DistinctCounter.js";
import { Sums } from "./Sums.js";

/** One family of buckets: the additive sums, the two medians, and (series, windows) distinct counts. */
export type Family = {
  sums: Sums;
  ttft: Float64Array;
  tps: Float64Array;
  providers?: DistinctCounter;
  models?: DistinctCounter;
};

/** The buckets of one series or of the windows: every bid's session time, distinct providers and models. */
export function seriesFamily(count: number, u: Universe): Family {
  return {
    sums: Sums.uniform(count, u.bidCount),
    ttft: new Float64Array(count).fill(Number.NaN),
    tps: new Float64Array(count).fill(Number.NaN),
    providers: new DistinctCounter(count, u.providerCount),
    models: new DistinctCounter(count, u.modelCount),
  };
}

/**
 * Buckets per key (a model, a provider) × period, numbered key * periods + period, each with its
 * key's bids only; `distinct` adds the count of the other kind (a model's providers, ...).
 */
export function keyedFamily(
  keyBids: number[][],
  periods: number,
  u: Universe,
  distinct?: "providers" | "models",
): Family {
  const { base, size } = keyedEarnBase(keyBids, periods);
  const count = keyBids.length * periods;
  const family: Family = {
    sums: new Sums(count, base, size),
    ttft: new Float64Array(count).fill(Number.NaN),
    tps: new Float64Array(count).fill(Number.NaN),
  };
  if (distinct === "providers") family.providers = new DistinctCounter(count, u.providerCount);
  if (distinct === "models") family.models = new DistinctCounter(count, u.modelCount);
  return family;
}

export type Row = { tokens: number; seconds: number; disputed: number; provider: number; model: number };

/** Files a close into a series or window bucket: its sums, and its provider and model. */
export function file(family: Family, bucket: number, earnBid: number, row: Row): void {
  family.sums.add(bucket, row.tokens, row.seconds, row.disputed, earnBid);
  if (row.provider >= 0) family.providers?.add(bucket, row.provider);
  if (row.model >= 0) family.models?.add(bucket, row.model);
}

/** Files a close into a per-model or per-provider bucket: its sums (distinct counts apart). */
export function fileKeyed(family: Family, bucket: number, earnBid: number, row: Row): void {
  family.sums.add(bucket, row.tokens, row.seconds, row.disputed, earnBid);
}

/** Copies medians computed by key into a family's buckets; NaN (no value) where a key had none. */
export function setMedians(
  family: Family,
  medians: { ttft: Float64Array; tps: Float64Array },
  bucketOf: (key: number) => number,
): void {
  for (let key = 0; key < medians.ttft.length; key++) {
    const ttft = medians.ttft[key] as number;
    const tps = medians.tps[key] as number;
    // A key without closes leaves what another pass set (the all-time window, for one).
    if (Number.isNaN(ttft) && Number.isNaN(tps)) continue;
    const bucket = bucketOf(key);
    family.ttft[bucket] = ttft;
    family.tps[bucket] = tps;
  }
}
