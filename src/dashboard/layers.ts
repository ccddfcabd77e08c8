import type { Bucket } from "../api/responseTypes.js";
import type { Unit } from "./chartModel.js";
import { format } from "./format.js";
import type { Metric } from "./viewState.js";

/** One stacked part of a chart: a chain, a model, a provider or "others", with its published series. */
export type Layer = { label: string; color: string; series: readonly Bucket[] };

export const metricInfo: Record<Metric, { unit: Unit; label: string; per: string }> = {
  tokens: { unit: "count", label: "Tokens", per: "tokens" },
  sessions: { unit: "count", label: "Sessions closed", per: "sessions closed" },
  hours: { unit: "hours", label: "Inference hours", per: "inference hours" },
  earned: { unit: "mor", label: "Earned by providers (MOR)", per: "MOR earned by providers" },
};

/** The drawn value of a bucket: tokens and sessions as published, hours from seconds, MOR from wei. */
export function metricValue(bucket: Bucket, metric: Metric): number {
  if (metric === "hours") return bucket.seconds / 3600;
  if (metric === "earned") return format.morNumber(bucket.earned);
  return bucket[metric];
}

/** The exact total of buckets in a metric, as people read it ("1,234 h", "12.5 MOR"). */
export function formatTotal(buckets: ReadonlyArray<Bucket | undefined>, metric: Metric): string {
  const present = buckets.filter((bucket): bucket is Bucket => bucket !== undefined);
  if (metric === "earned")
    return format.mor(present.reduce((sum, b) => sum + BigInt(b.earned), 0n).toString());
  if (metric === "hours") return format.hours(present.reduce((sum, b) => sum + b.seconds, 0));
  return format.integer(present.reduce((sum, b) => sum + b[metric], 0));
}

/** Buckets of several series added period by period (ts from any of them): sums exact, no medians. */
export function sumSeries(list: ReadonlyArray<readonly Bucket[]>): Bucket[] {
  const byTs = new Map<number, Bucket & { wei: bigint }>();
  for (const series of list)
    for (const bucket of series) {
      const sum = byTs.get(bucket.ts) ?? {
        ts: bucket.ts,
        tokens: 0,
        tokenSessions: 0,
        sessions: 0,
        seconds: 0,
        earned: "0",
        disputed: 0,
        wei: 0n,
      };
      sum.tokens += bucket.tokens;
      sum.tokenSessions += bucket.tokenSessions;
      sum.sessions += bucket.sessions;
      sum.seconds += bucket.seconds;
      sum.disputed += bucket.disputed;
      sum.wei += BigInt(bucket.earned);
      byTs.set(bucket.ts, sum);
    }
  return [...byTs.values()]
    .sort((a, b) => a.ts - b.ts)
    .map(({ wei, ...bucket }) => ({ ...bucket, earned: wei.toString() }));
}

/**
 * The `limit` items with the largest totals of `metric` in the periods shown (largest first) and,
 * when two or more are left, one "N others" layer summing them: a stacked chart stays readable.
 */
export function topLayers(
  items: ReadonlyArray<{ label: string; series: readonly Bucket[] }>,
  metric: Metric,
  limit: number,
  shown: ReadonlySet<number>,
  colorAt: (index: number) => string,
): Layer[] {
  const ranked = items
    .map((item) => ({
      ...item,
      total: item.series.reduce((sum, b) => sum + (shown.has(b.ts) ? metricValue(b, metric) : 0), 0),
      sessions: item.series.reduce((sum, b) => sum + (shown.has(b.ts) ? b.sessions : 0), 0),
    }))
    .filter((item) => item.sessions > 0)
    .sort((a, b) => b.total - a.total || b.sessions - a.sessions || (a.label < b.label ? -1 : 1));
  const top = ranked.length <= limit + 1 ? ranked : ranked.slice(0, limit);
  const rest = ranked.slice(top.length);
  const layers = top.map((item, index) => ({
    label: item.label,
    color: colorAt(index),
    series: item.series,
  }));
  if (rest.length > 0)
    layers.push({
      label: `${rest.length} others`,
      color: colorAt(-1),
      series: sumSeries(rest.map((item) => item.series)),
    });
  return layers;
}
