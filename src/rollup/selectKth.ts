import type { Rank } from "./nearestRank.js";

/**
 * The k-th smallest (0-based) of values[from, to), found in place (Hoare's selection with a
 * median-of-three pivot): linear on average, where sorting would be n log n. The part of the
 * array is left rearranged.
 */
export function selectKth(values: Float64Array, from: number, to: number, k: number): number {
  const target = from + k;
  if (k < 0 || target >= to) throw new RangeError(`no element ${k} in ${to - from} values`);
  let lo = from;
  let hi = to - 1;
  while (hi > lo) {
    const mid = lo + ((hi - lo) >> 1);
    const a = values[lo] as number;
    const b = values[mid] as number;
    const c = values[hi] as number;
    // The median of the first, middle and last value.
    const pivot = Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((values[i] as number) < pivot) i++;
      while ((values[j] as number) > pivot) j--;
      if (i <= j) {
        const swap = values[i] as number;
        values[i] = values[j] as number;
        values[j] = swap;
        i++;
        j--;
      }
    }
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else return values[target] as number;
  }
  return values[target] as number;
}

/**
 * The values of values[from, to) at each of the nearest `ranks` (nearestRank.ts) into
 * `into[r][slot]`, found in place. After one selection the values below its index are no larger
 * and those above no smaller, so each next rank (in ascending order) is selected among the values
 * above the last one only: a tail beside a median costs a fraction of a second selection. One
 * rank (a day's median by model and by provider: thousands of calls) allocates nothing.
 */
export function selectRanksInto(
  into: readonly Float64Array[],
  slot: number,
  values: Float64Array,
  from: number,
  to: number,
  ranks: readonly Rank[],
): void {
  const count = to - from;
  if (ranks.length === 1) {
    (into[0] as Float64Array)[slot] = selectKth(values, from, to, (ranks[0] as Rank)(count));
    return;
  }
  const order = ranks.map((rank, r) => [rank(count), r] as const).sort((a, b) => a[0] - b[0]);
  let start = from;
  let offset = 0;
  let last = Number.NaN;
  for (const [index, r] of order) {
    // A rank that lands on the index already selected (few values): its value again.
    if (index >= offset) {
      last = selectKth(values, start, to, index - offset);
      start = from + index + 1;
      offset = index + 1;
    }
    (into[r] as Float64Array)[slot] = last;
  }
}
