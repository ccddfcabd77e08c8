import type { Bucket } from "../api/responseTypes.js";

export type Metric = "tokens" | "sessions";
export type LabeledSeries = { label: string; series: Bucket[] };
export type Grouped = { labels: string[]; rows: number[][] };

/**
 * The `limit` items with the largest totals of `metric` (largest first) and, when there are
 * two or more beyond them, one "others" row summing those: a stacked chart stays readable on a phone.
 * Every item's series spans the same days (SPEC.md), so rows align by index.
 */
export function groupTopSeries(items: readonly LabeledSeries[], metric: Metric, limit: number): Grouped {
  const totals = items
    .map((item) => ({
      label: item.label,
      values: item.series.map((bucket) => bucket[metric]),
      total: item.series.reduce((sum, bucket) => sum + bucket[metric], 0),
    }))
    .sort((a, b) => b.total - a.total || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  // One item past the limit gets its own row rather than an "other" of one.
  const top = totals.length <= limit + 1 ? totals : totals.slice(0, limit);
  const rest = totals.slice(top.length);
  const labels = top.map((item) => item.label);
  const rows = top.map((item) => item.values);
  if (rest.length > 0) {
    labels.push(`${rest.length} others`);
    rows.push(
      rest[0]?.values.map((_, index) => rest.reduce((sum, item) => sum + (item.values[index] ?? 0), 0)) ?? [],
    );
  }
  return { labels, rows };
}
