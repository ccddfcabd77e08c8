import type { ClosedSession } from "./readChain.js";

/**
 * The figures of a bucket or window, in the order SPEC.md 1.1 lists a window's fields. `tokens`
 * and `seconds` are summed exactly (BigInt) and given as the JSON.parse of their exact decimal
 * would give them: the nearest double. `ttft` and `tps` are absent where nothing measured them.
 */
export type Figures = {
  tokens: number;
  tokenSessions: number;
  sessions: number;
  ttft?: number;
  ttftP90?: number;
  tps?: number;
  tpsP10?: number;
  seconds: number;
  earned: string;
  disputed: number;
  providers: number;
  models: number;
};

/** The figures of the closed sessions `items` (all of them: the caller picks the bucket or window). */
export function figures(items: readonly ClosedSession[]): Figures {
  let tokens = 0n;
  let seconds = 0n;
  let earned = 0n;
  let disputed = 0;
  let tokenSessions = 0;
  const ttfts: number[] = [];
  const tpss: number[] = [];
  const providers = new Set<string>();
  const models = new Set<string>();
  for (const c of items) {
    tokens += c.tokens;
    if (c.tokenCounted) tokenSessions += 1;
    seconds += c.seconds;
    earned += c.earned ?? 0n;
    if (c.disputed) disputed += 1;
    if (c.ttftMs > 0) ttfts.push(c.ttftMs);
    if (c.tpsScaled1000 > 0) tpss.push(c.tpsScaled1000);
    providers.add(c.provider);
    if (c.modelId !== undefined) models.add(c.modelId);
  }
  const ttft = nearestRankMedian(ttfts);
  const tps = nearestRankMedian(tpss);
  return {
    tokens: Number(tokens),
    tokenSessions,
    sessions: items.length,
    ...(ttft === undefined ? {} : { ttft: ttft / 1000 }),
    ...(tps === undefined ? {} : { tps: tps / 1000 }),
    seconds: Number(seconds),
    earned: earned.toString(),
    disputed,
    providers: providers.size,
    models: models.size,
  };
}

/**
 * A window's figures: a bucket's and the tails (SPEC.md 1.3): the nearest-rank 90th percentile of
 * ttftMs / 1000 and 10th of tpsScaled1000 / 1000 over the receipts the medians use.
 */
export function windowFigures(items: readonly ClosedSession[]): Figures {
  const { ttft, tps, ...rest } = figures(items);
  const ttftP90 = nearestRank(
    items.map((c) => c.ttftMs).filter((v) => v > 0),
    (n) => Math.ceil((9 * n) / 10),
  );
  const tpsP10 = nearestRank(
    items.map((c) => c.tpsScaled1000).filter((v) => v > 0),
    (n) => Math.ceil(n / 10),
  );
  return {
    tokens: rest.tokens,
    tokenSessions: rest.tokenSessions,
    sessions: rest.sessions,
    ...(ttft === undefined ? {} : { ttft, ttftP90: (ttftP90 as number) / 1000 }),
    ...(tps === undefined ? {} : { tps, tpsP10: (tpsP10 as number) / 1000 }),
    seconds: rest.seconds,
    earned: rest.earned,
    disputed: rest.disputed,
    providers: rest.providers,
    models: rest.models,
  };
}

/** The figures without `providers` and `models`: a bucket of a by-model or by-provider series. */
export function itemFigures(items: readonly ClosedSession[]): Omit<Figures, "providers" | "models"> {
  const { providers: _providers, models: _models, ...rest } = figures(items);
  return rest;
}

/** Sort ascending, take the value at 1-based rank ceil(n / 2); undefined for no value. */
export function nearestRankMedian(values: readonly number[]): number | undefined {
  return nearestRank(values, (n) => Math.ceil(n / 2));
}

/** Sort ascending, take the value at the 1-based rank `rank(n)`; undefined for no value. */
function nearestRank(values: readonly number[], rank: (n: number) => number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[rank(sorted.length) - 1];
}
