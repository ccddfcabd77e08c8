/** How many distinct keys (providers, models) each bucket saw: a bitmap of buckets × keys. */
export class DistinctCounter {
  private readonly seen: Uint8Array;
  readonly counts: Int32Array;

  constructor(
    buckets: number,
    private readonly keys: number,
  ) {
    this.seen = new Uint8Array(buckets * keys);
    this.counts = new Int32Array(buckets);
  }

  add(bucket: number, key: number): void {
    const at = bucket * this.keys + key;
    if (this.seen[at] === 0) {
      this.seen[at] = 1;
      this.counts[bucket] = (this.counts[bucket] as number) + 1;
    }
  }

  has(bucket: number, key: number): boolean {
    return this.seen[bucket * this.keys + key] === 1;
  }
}
