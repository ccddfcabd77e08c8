import { medianIndex, type Rank } from "./nearestRank.js";
import { selectRanksInto } from "./selectKth.js";

/**
 * Every value of one measure (ttft or tps: uint32 receipt fields) in the order filed, each with
 * the provider and the (model, provider) pair it counts for (-1: none), for nearest-rank medians
 * over a suffix (a day's values are the last ones when the day ends, a month's when the month
 * does, all of them for all time): overall, by provider, and by pair and by model together (a
 * value counts for a model exactly when it counts for one of the model's pairs). 12 bytes a value.
 */
export class ValueLog {
  private values = new Uint32Array(1024);
  private providers = new Int32Array(1024);
  private pairs = new Int32Array(1024);
  private length = 0;

  add(value: number, provider: number, pair: number): void {
    if (value > 0xffffffff) throw new RangeError(`${value} is not a uint32 receipt field`);
    if (this.length === this.values.length) this.grow();
    this.values[this.length] = value;
    this.providers[this.length] = provider;
    this.pairs[this.length] = pair;
    this.length++;
  }

  get size(): number {
    return this.length;
  }

  /** The median of the values from the `from`-th on; NaN without any. */
  medianFrom(from: number): number {
    return this.rankedFrom(from, [medianIndex])[0] as number;
  }

  /** The values at these nearest ranks among the values from the `from`-th on; NaN without any. */
  rankedFrom(from: number, ranks: readonly Rank[]): number[] {
    const count = this.length - from;
    if (count <= 0) return ranks.map(() => Number.NaN);
    const copy = Float64Array.from(this.values.subarray(from, this.length));
    const into = ranks.map(() => new Float64Array(1));
    selectRanksInto(into, 0, copy, 0, count, ranks);
    return into.map((values) => values[0] as number);
  }

  /** The median of each provider's values from the `from`-th on; NaN for a provider without any. */
  providerMedians(providerCount: number, from = 0): Float64Array {
    return this.providerRanked(providerCount, [medianIndex], from)[0] as Float64Array;
  }

  /** For each rank, each provider's value at it from the `from`-th on; NaN for a provider without any. */
  providerRanked(providerCount: number, ranks: readonly Rank[], from = 0): Float64Array[] {
    return scatterByKey(this.values, this.providers, providerCount, from, this.length, ranks).ranked;
  }

  /**
   * The median of each pair's values, and of each model's, from the `from`-th on, in one pass: the
   * pairs are numbered model by model (`modelPairs[m]` to `modelPairs[m + 1]` are model m's), so
   * that a model's values are the run of its pairs' values. `withPairs` false: the models' only
   * (the pairs' are NaN).
   */
  pairAndModelMedians(
    pairCount: number,
    modelPairs: Int32Array,
    from = 0,
    withPairs = true,
  ): { pairs: Float64Array; models: Float64Array } {
    const { pairs, models } = this.pairAndModelRanked(pairCount, modelPairs, [medianIndex], from, withPairs);
    return { pairs: pairs[0] as Float64Array, models: models[0] as Float64Array };
  }

  /** pairAndModelMedians at each of these nearest ranks. */
  pairAndModelRanked(
    pairCount: number,
    modelPairs: Int32Array,
    ranks: readonly Rank[],
    from = 0,
    withPairs = true,
  ): { pairs: Float64Array[]; models: Float64Array[] } {
    const { ranked, scattered, starts } = scatterByKey(
      this.values,
      this.pairs,
      pairCount,
      from,
      this.length,
      withPairs ? ranks : [],
    );
    const modelCount = modelPairs.length - 1;
    const models = ranks.map(() => new Float64Array(modelCount).fill(Number.NaN));
    for (let m = 0; m < modelCount; m++) {
      const first = starts[modelPairs[m] as number] as number;
      const last = starts[modelPairs[m + 1] as number] as number;
      if (last > first) selectRanksInto(models, m, scattered, first, last, ranks);
    }
    return {
      pairs: withPairs ? ranked : ranks.map(() => new Float64Array(pairCount).fill(Number.NaN)),
      models,
    };
  }

  private grow(): void {
    const size = this.values.length * 2;
    const values = new Uint32Array(size);
    values.set(this.values);
    this.values = values;
    const providers = new Int32Array(size);
    providers.set(this.providers);
    this.providers = providers;
    const pairs = new Int32Array(size);
    pairs.set(this.pairs);
    this.pairs = pairs;
  }
}

/**
 * The values in [from, end) scattered by key (key k's in [starts[k], starts[k + 1])), and each
 * key's value at each of `ranks` (none: no selection). Selection reorders values within a key's
 * run only: any union of runs still holds its values, for a rank of several keys together.
 */
function scatterByKey(
  values: Uint32Array,
  keys: Int32Array,
  keyCount: number,
  from: number,
  end: number,
  ranks: readonly Rank[],
): { ranked: Float64Array[]; scattered: Float64Array; starts: Int32Array } {
  const ranked = ranks.map(() => new Float64Array(keyCount).fill(Number.NaN));
  const starts = new Int32Array(keyCount + 1);
  if (end <= from) return { ranked, scattered: new Float64Array(), starts };
  for (let i = from; i < end; i++) {
    const key = keys[i] as number;
    if (key >= 0) starts[key + 1] = (starts[key + 1] as number) + 1;
  }
  for (let key = 0; key < keyCount; key++)
    starts[key + 1] = (starts[key + 1] as number) + (starts[key] as number);
  const next = starts.slice(0, keyCount);
  const scattered = new Float64Array(starts[keyCount] as number);
  for (let i = from; i < end; i++) {
    const key = keys[i] as number;
    if (key < 0) continue;
    const at = next[key] as number;
    scattered[at] = values[i] as number;
    next[key] = at + 1;
  }
  for (let key = 0; key < keyCount; key++) {
    const first = starts[key] as number;
    const last = starts[key + 1] as number;
    if (last > first) selectRanksInto(ranked, key, scattered, first, last, ranks);
  }
  return { ranked, scattered, starts };
}
