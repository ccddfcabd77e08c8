import { KeyedValues } from "./KeyedValues.js";

/**
 * The two medians of SPEC.md, side by side: ttft (over ttftMs > 0) and tps (over tpsScaled1000 >
 * 0), each filed under integer keys. A 0 means "not measured" and is left out.
 */
export class MedianPair {
  private readonly ttft = new KeyedValues();
  private readonly tps = new KeyedValues();

  add(key: number, ttftMs: number, tps: number): void {
    if (ttftMs > 0) this.ttft.add(key, ttftMs);
    if (tps > 0) this.tps.add(key, tps);
  }

  clear(): void {
    this.ttft.clear();
    this.tps.clear();
  }

  /** The medians of each key in [0, keyCount); NaN for a key without values. */
  medians(keyCount: number): { ttft: Float64Array; tps: Float64Array } {
    return { ttft: this.ttft.medians(keyCount), tps: this.tps.medians(keyCount) };
  }
}
