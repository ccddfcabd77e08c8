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
