/** Draws an index with probability proportional to its weight (a binary search of the running sums). */
export function weightedPicker(weights: readonly number[], random: () => number): () => number {
  const cumulative = new Float64Array(weights.length);
  let total = 0;
  weights.forEach((weight, k) => {
    total += weight;
    cumulative[k] = total;
  });
  return () => {
    const r = random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) < r) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}
