import type { RouterBid } from "../api/responseTypes.js";
import type { ModelStats, PairStats, RunningStat } from "../chain/readRouterViews.js";

/** A bid's score and its five terms, before weighting (SPEC.md 1.3, router): a RouterBid but who and which. */
export type RouterScore = Pick<RouterBid, "score" | "tps" | "ttft" | "duration" | "success" | "stake">;

/** The router's default weights (proxy-router's internal/config/rating_config.go). */
const weights = { tps: 0.24, ttft: 0.08, duration: 0.24, success: 0.32, stake: 0.12 };

/** `i` reduced to a signed 64-bit value: i mod 2^64 read as two's complement (Go's big.Int.Int64()). */
const w = (i: bigint): bigint => BigInt.asIntN(64, i);
/** The double nearest to the integer `i`, ties to even (what a BigInt's conversion to Number gives). */
const float = (i: bigint): number => Number(i);

/** The standard deviation of a model statistic over `count` pairs; 0 for one pair or none, and where the variance is negative. */
function sd(stat: RunningStat, count: number): number {
  if (count <= 1) return 0;
  const v = float(stat.sqSum) / float(BigInt(count - 1));
  return v < 0 ? 0 : Math.sqrt(v);
}

/** How far `x` is from the model's mean, in its standard deviations; 0 without a deviation. */
function z(x: bigint, stat: RunningStat, count: number): number {
  const deviation = sd(stat, count);
  return deviation === 0 ? 0 : float(w(x - stat.mean)) / deviation;
}

/** z mapped onto [0, 1], as written: (z + 3.0) / (2.0 * 3.0), clamped. */
const unit = (value: number): number => Math.min(1, Math.max(0, (value + 3.0) / (2.0 * 3.0)));

/**
 * The router's score of one bid, every step in IEEE-754 doubles in the order SPEC.md writes it (JS
 * never fuses a multiply and an add): the five terms from the pair's and the model's statistics
 * and the provider's stake (reduced to 64 bits, as the router does), weighted, then divided by
 * the price in MOR a second. NaN or infinite (a price of 0, say): the router skips the bid.
 */
export function routerScore(input: {
  pair: PairStats;
  model: ModelStats;
  pricePerSecond: bigint;
  stake: bigint;
  minimumStake: bigint;
}): RouterScore {
  const { pair, model } = input;
  const tps = unit(z(pair.tps.mean, model.tps, model.count));
  const ttft = unit(-z(pair.ttft.mean, model.ttft, model.count));
  const duration = unit(z(BigInt(pair.totalDuration), model.duration, model.count));
  let success = 0;
  if (pair.totalCount !== 0) {
    const r = pair.successCount / pair.totalCount;
    success = r * r;
  }
  const S = w(input.stake);
  const m = w(input.minimumStake);
  const X = w(10n * m);
  const stake = X === m || S < m ? 0 : S > X ? 1 : float(w(S - m)) / float(w(X - m));
  const weighted =
    weights.tps * tps +
    weights.ttft * ttft +
    weights.duration * duration +
    weights.success * success +
    weights.stake * stake;
  const score = weighted / (float(input.pricePerSecond) / 1e18);
  return { score, tps, ttft, duration, success, stake };
}
