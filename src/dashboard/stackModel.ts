import type { Period } from "../api/periods.js";
import type { Bucket } from "../api/responseTypes.js";
import { type ChartModel, type ChartSeries, describeRuns } from "./chartModel.js";
import { format } from "./format.js";
import { formatTotal, type Layer, metricInfo, metricValue, sumSeries } from "./layers.js";
import { alignTo, viewPeriods } from "./ranges.js";
import type { Metric } from "./viewState.js";

export const periodWord: Record<Period, string> = { hourly: "hour", daily: "day", monthly: "month" };
const preposition: Record<Period, string> = { hourly: "in the hour of", daily: "on", monthly: "in" };

export type StackInput = {
  /** Names the CSV file: "throughput", "models", ... */
  name: string;
  layers: readonly Layer[];
  metric: Metric;
  granularity: Period;
  /** Periods to show, ending with the latest one published. */
  count: number;
  /** Period starts still in progress (the as-of hour, day or month). */
  partial: readonly number[];
  /** " by chain", " by model", ...: how the stack is split, for the summary. */
  split: string;
  rangeName: string;
  /** What to say when nothing closed in the periods shown. */
  empty: string;
};

/** The periods a set of layers covers (from the earliest bucket to the latest), limited to `count`. */
export function layerPeriods(layers: readonly Layer[], granularity: Period, count: number): number[] {
  const present = layers.filter((layer) => layer.series.length > 0);
  if (present.length === 0) return [];
  const first = Math.min(...present.map((layer) => (layer.series[0] as Bucket).ts));
  const end = Math.max(...present.map((layer) => (layer.series[layer.series.length - 1] as Bucket).ts));
  return viewPeriods(granularity, first, end, count);
}

/**
 * Bars of `metric` per period, one stacked layer per chain, model or provider, with the periods
 * whose sessions mostly carry no token counts (withoutTokenCounts) shaded as "no token counts"
 * and their inference hours drawn instead; or the sentence to show when nothing closed in the
 * periods shown.
 */
export function stackModel(input: StackInput): ChartModel | string {
  const { granularity, metric, layers } = input;
  const ts = layerPeriods(layers, granularity, input.count);
  const aligned = layers.map((layer) => alignTo(ts, layer.series));
  const totals = ts.map(
    (_, index) => sumSeries(aligned.map((buckets) => (buckets[index] ? [buckets[index]] : [])))[0],
  );
  if (!totals.some((bucket) => bucket && bucket.sessions > 0)) return emptyText(input);

  const untokenized = aligned.map(withoutTokenCounts);
  const series: ChartSeries[] = layers.map((layer, index) => {
    const buckets = aligned[index] ?? [];
    const series: ChartSeries = {
      label: layer.label,
      color: layer.color,
      kind: "bars",
      values: buckets.map((bucket) => (bucket ? metricValue(bucket, metric) : null)),
    };
    if (metric === "earned") series.wei = buckets.map((bucket) => bucket?.earned ?? null);
    if (metric === "tokens")
      series.notes = (untokenized[index] ?? []).map((bucket) =>
        bucket && bucket.sessions > 0
          ? `no token counts (${format.integer(bucket.sessions)} sessions)`
          : undefined,
      );
    return series;
  });
  const model: ChartModel = {
    name: `${input.name}-${metric}-${granularity}`,
    granularity,
    ts,
    series,
    stacked: true,
    unit: metricInfo[metric].unit,
    partial: ts.filter((start) => input.partial.includes(start)),
    summary: "",
  };
  // Periods where most sessions carry no token counts are shaded; their inference hours are drawn.
  const withoutCounts = ts.map((_, i) => sumSeries(untokenized.flatMap((b) => (b[i] ? [[b[i]]] : [])))[0]);
  const noTokens =
    metric === "tokens"
      ? ts.filter(
          (_, i) =>
            2 * (withoutCounts[i]?.sessions ?? 0) >= (totals[i]?.sessions ?? 0) && withoutCounts[i]?.sessions,
        )
      : [];
  if (noTokens.length > 0) {
    series.push({
      label: "Inference hours (no token counts)",
      color: "var(--hours)",
      kind: "line",
      right: true,
      dash: true,
      values: withoutCounts.map((bucket) => (bucket && bucket.sessions > 0 ? bucket.seconds / 3600 : null)),
    });
    model.rightUnit = "hours";
    model.shaded = { ts: noTokens, label: "no token counts" };
  }
  model.summary = summarize(input, model, aligned, totals, noTokens);
  return model;
}

/**
 * The buckets of a layer whose sessions carry no token counts, as the API says (SPEC 1.3:
 * `sessions > 0` and `tokenSessions == 0`: v1 receipts, token words beyond uint32, disputed or
 * malformed closes), never guessed from a 0 (the page is published with the API it reads, so
 * every bucket has `tokenSessions`).
 */
export function withoutTokenCounts(buckets: ReadonlyArray<Bucket | undefined>): Array<Bucket | undefined> {
  return buckets.map((bucket) =>
    bucket && bucket.sessions > 0 && bucket.tokenSessions === 0 ? bucket : undefined,
  );
}

/** Nothing closed in the periods shown: say so, and when the last close before them was. */
function emptyText(input: StackInput): string {
  const last = Math.max(
    ...input.layers.flatMap((layer) =>
      layer.series.filter((bucket) => bucket.sessions > 0).map((bucket) => bucket.ts),
    ),
  );
  return Number.isFinite(last)
    ? `${input.empty} The last one closed ${preposition[input.granularity]} ${format.period(input.granularity, last)}.`
    : input.empty;
}

function summarize(
  input: StackInput,
  model: ChartModel,
  aligned: ReadonlyArray<ReadonlyArray<Bucket | undefined>>,
  totals: ReadonlyArray<Bucket | undefined>,
  noTokens: readonly number[],
): string {
  const { granularity, metric, layers } = input;
  const { ts } = model;
  const span = `${format.period(granularity, ts[0] as number)} – ${format.period(granularity, ts[ts.length - 1] as number)}`;
  const parts =
    layers.length > 1
      ? ` (${layers.map((layer, i) => `${layer.label} ${formatTotal(aligned[i] ?? [], metric)}`).join(", ")})`
      : "";
  let highest = 0;
  totals.forEach((bucket, index) => {
    const best = totals[highest];
    if (bucket && (!best || metricValue(bucket, metric) > metricValue(best, metric))) highest = index;
  });
  const sentences = [
    `${metricInfo[metric].label} per ${periodWord[granularity]}${input.split}, ${input.rangeName} (${span}): ` +
      `${formatTotal(totals, metric)} in all${parts}.`,
    `Highest: ${format.period(granularity, ts[highest] as number)}, ${formatTotal([totals[highest]], metric)}.`,
  ];
  if (model.partial.length > 0) sentences.push(`The last ${periodWord[granularity]} is still in progress.`);
  if (noTokens.length > 0)
    sentences.push(
      `${describeRuns(granularity, ts, noTokens)}: sessions but no token counts (their receipts carry none: v1 receipts before February 2026); ` +
        "the dashed line shows their inference hours.",
    );
  return sentences.join(" ");
}
