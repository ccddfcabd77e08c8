import { medianIndex, type Rank } from "./nearestRank.js";
import { selectRanksInto } from "./selectKth.js";

/**
 * Values filed under integer keys (a bucket, a model and day, ...), for the nearest-rank median
 * of each key (or other nearest ranks): counted, scattered by key, then one selection per key and
 * rank. Linear in the values.
 */
export class KeyedValues {
  private keys = new Int32Array(1024);
  private values = new Float64Array(1024);
  private length = 0;

  add(key: number, value: number): void {
    if (this.length === this.keys.length) {
      const keys = new Int32Array(this.length * 2);
      keys.set(this.keys);
      this.keys = keys;
      const values = new Float64Array(this.length * 2);
      values.set(this.values);
      this.values = values;
    }
    this.keys[this.length] = key;
    this.values[this.length] = value;
    this.length++;
  }

  get size(): number {
    return this.length;
  }

  clear(): void {
    this.length = 0;
  }

  /** The median of each key in [0, keyCount); NaN for a key without values. */
  medians(keyCount: number): Float64Array {
    return this.ranked(keyCount, [medianIndex])[0] as Float64Array;
  }

  /** For each rank, its value of each key in [0, keyCount); NaN for a key without values. */
  ranked(keyCount: number, ranks: readonly Rank[]): Float64Array[] {
    const results = ranks.map(() => new Float64Array(keyCount).fill(Number.NaN));
    if (this.length === 0) return results;
    const starts = new Int32Array(keyCount + 1);
    for (let i = 0; i < this.length; i++) (starts[(this.keys[i] as number) + 1] as number)++;
    for (let key = 0; key < keyCount; key++)
      starts[key + 1] = (starts[key + 1] as number) + (starts[key] as number);
    const next = starts.slice(0, keyCount);
    const scattered = new Float64Array(this.length);
    for (let i = 0; i < this.length; i++) {
      const key = this.keys[i] as number;
      scattered[next[key] as number] = this.values[i] as number;
      next[key] = (next[key] as number) + 1;
    }
    for (let key = 0; key < keyCount; key++) {
      const from = starts[key] as number;
      const to = starts[key + 1] as number;
      if (to > from) selectRanksInto(results, key, scattered, from, to, ranks);
    }
    return results;
  }
}
