import type { ClosedSession } from "./readChain.js";

/**
 * The figures of a bucket or window, in the order SPEC.md 1.1 lists a window's fields. `tokens`
 * and `seconds` are summed exactly (BigInt) and given as the JSON.parse of their exact decimal
 * would give them: the nearest double. `ttft` and `tps` are absent where nothing measured them.
 */
export type Figures = {
  tokens: number;
  sessions: number;
  ttft?: number;
  tps?: number;
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
  const ttfts: number[] = [];
  const tpss: number[] = [];
  const providers = new Set<string>();
  const models = new Set<string>();
  for (const c of items) {
    tokens += c.tokens;
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

/** The figures without `providers` and `models`: a bucket of a by-model or by-provider series. */
export function itemFigures(items: readonly ClosedSession[]): Omit<Figures, "providers" | "models"> {
  const { providers: _providers, models: _models, ...rest } = figures(items);
  return rest;
}

/** Sort ascending, take the value at 1-based rank ceil(n / 2); undefined for no value. */
export function nearestRankMedian(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length / 2) - 1];
}
