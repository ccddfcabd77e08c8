/** The 0-based index of the nearest-rank median of n sorted values: 1-based rank ceil(n / 2). */
export function medianIndex(count: number): number {
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError(`no median of ${count} values`);
  return Math.ceil(count / 2) - 1;
}

/** Milliseconds to seconds, exactly as decimal text reads (734 ms is 0.734). */
export function msToSeconds(ms: number): number {
  return ms / 1000;
}
