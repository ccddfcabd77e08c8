/** A nearest rank: the 0-based index of the value it picks among n sorted values. */
export type Rank = (count: number) => number;

function checked(count: number, what: string): number {
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError(`no ${what} of ${count} values`);
  return count;
}

/** The 0-based index of the nearest-rank median of n sorted values: 1-based rank ceil(n / 2). */
export const medianIndex: Rank = (count) => Math.ceil(checked(count, "median") / 2) - 1;

/** The nearest-rank 90th percentile (SPEC.md 1.3, ttftP90): 1-based rank ceil(9n / 10) = (9n + 9) div 10. */
export const p90Index: Rank = (count) => Math.floor((9 * checked(count, "90th percentile") + 9) / 10) - 1;

/** The nearest-rank 10th percentile (SPEC.md 1.3, tpsP10): 1-based rank ceil(n / 10) = (n + 9) div 10. */
export const p10Index: Rank = (count) => Math.floor((checked(count, "10th percentile") + 9) / 10) - 1;

/**
 * A figure kept in thousandths as the decimal it reads (SPEC.md: ttftMs / 1000 is 0.734 for 734,
 * tpsScaled1000 / 1000 is 41.237 for 41237), exactly.
 */
export function fromThousandths(value: number): number {
  return value / 1000;
}
