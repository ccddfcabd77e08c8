/** The 0-based index of the nearest-rank median of n sorted values: 1-based rank ceil(n / 2). */
export function medianIndex(count: number): number {
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError(`no median of ${count} values`);
  return Math.ceil(count / 2) - 1;
}

/**
 * A figure kept in thousandths as the decimal it reads (SPEC.md: ttftMs / 1000 is 0.734 for 734,
 * tpsScaled1000 / 1000 is 41.237 for 41237), exactly.
 */
export function fromThousandths(value: number): number {
  return value / 1000;
}
