/**
 * One bid's score as the network's router computes it (SPEC.md 1.3, "The router's order"),
 * worked out independently of src/: IEEE-754 doubles in the order the spec writes them (a JS
 * engine never fuses a multiply and an add), `w` the reduction to a signed 64-bit integer,
 * `float` the nearest double (Number of a BigInt rounds to nearest, ties to even).
 */

/** LibSD's running statistic, as the contract returns it (int64 each). */
export type RunningStat = { mean: bigint; sqSum: bigint };

export type RouterScoreInput = {
  pair: {
    tpsScaled1000: RunningStat;
    ttftMs: RunningStat;
    totalDuration: number;
    successCount: number;
    totalCount: number;
  };
  model: { tpsScaled1000: RunningStat; ttftMs: RunningStat; totalDuration: RunningStat; count: number };
  stake: bigint;
  minimumStake: bigint;
  pricePerSecond: bigint;
};

/** The score and its five terms before weighting. */
export type RouterScore = {
  score: number;
  tps: number;
  ttft: number;
  duration: number;
  success: number;
  stake: number;
};

const w = (i: bigint): bigint => BigInt.asIntN(64, i);
const float = (i: bigint): number => Number(i);

/** 0 when the model's count is 1 or less, or its variance is negative; else the square root. */
function sd(stat: RunningStat, count: number): number {
  if (count <= 1) return 0;
  const v = float(stat.sqSum) / float(BigInt(count) - 1n);
  return v < 0 ? 0 : Math.sqrt(v);
}

function z(x: bigint, stat: RunningStat, count: number): number {
  const s = sd(stat, count);
  return s === 0 ? 0 : float(w(x - stat.mean)) / s;
}

/** (z + 3) / (2 * 3), cut to [0, 1] with the router's two comparisons (NaN would pass). */
function unit(zIndex: number): number {
  const v = (zIndex + 3.0) / (2.0 * 3.0);
  if (v > 1) return 1;
  if (v < 0) return 0;
  return v;
}

function stakeTerm(stake: bigint, minimumStake: bigint): number {
  const S = w(stake);
  const m = w(minimumStake);
  const X = w(10n * m);
  if (X === m || S < m) return 0;
  if (S > X) return 1;
  return float(w(S - m)) / float(w(X - m));
}

export function routerScore(input: RouterScoreInput): RouterScore {
  const { pair, model } = input;
  const tps = unit(z(pair.tpsScaled1000.mean, model.tpsScaled1000, model.count));
  const ttft = unit(-z(pair.ttftMs.mean, model.ttftMs, model.count));
  const duration = unit(z(BigInt(pair.totalDuration), model.totalDuration, model.count));
  let success = 0;
  if (pair.totalCount !== 0) {
    const r = pair.successCount / pair.totalCount;
    success = r * r;
  }
  const stake = stakeTerm(input.stake, input.minimumStake);
  const weighted = 0.24 * tps + 0.08 * ttft + 0.24 * duration + 0.32 * success + 0.12 * stake;
  const score = weighted / (float(input.pricePerSecond) / 1e18);
  return { score, tps, ttft, duration, success, stake };
}
