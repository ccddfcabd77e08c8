/**
 * How a cost grows with a chain's length: the exponent k of cost ∝ length^k, the least-squares
 * slope of log(cost) over log(length) (pure). Null with fewer than two points, or lengths all equal.
 */
export function growthExponent(points: ReadonlyArray<{ length: number; cost: number }>): number | null {
  const usable = points.filter((point) => point.length > 0 && point.cost > 0);
  if (usable.length < 2) return null;
  const xs = usable.map((point) => Math.log(point.length));
  const ys = usable.map((point) => Math.log(point.cost));
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  const [mx, my] = [mean(xs), mean(ys)];
  let covariance = 0;
  let variance = 0;
  for (let i = 0; i < xs.length; i++) {
    covariance += ((xs[i] as number) - mx) * ((ys[i] as number) - my);
    variance += ((xs[i] as number) - mx) ** 2;
  }
  return variance === 0 ? null : covariance / variance;
}
