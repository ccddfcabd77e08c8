import type { Period } from "../api/periods.js";
import { format } from "./format.js";

/** What the values of a chart are, for its axis, its tooltip and its text summary. */
export type Unit = "count" | "hours" | "mor" | "seconds" | "tps" | "share";

export type ChartSeries = {
  label: string;
  color: string;
  /** One value per period: what is drawn (for a stacked chart, this series alone, not the running total). */
  values: Array<number | null>;
  /** MOR series: the exact amounts in wei, printed in the tooltip and the CSV (the drawn number is a float). */
  wei?: Array<string | null>;
  kind: "bars" | "line";
  /** Drawn against the right axis, in `ChartModel.rightUnit`. */
  right?: boolean;
  dash?: boolean;
  /** A remark on one period of this series, shown in its tooltip ("no token counts"). */
  notes?: Array<string | undefined>;
};

export type ChartModel = {
  /** The chart's file name in a CSV download, e.g. "throughput-tokens-daily". */
  name: string;
  granularity: Period;
  ts: number[];
  series: ChartSeries[];
  /** Bars stacked on one another (the top of the stack is the total). */
  stacked: boolean;
  unit: Unit;
  rightUnit?: Unit;
  /** Period starts still in progress at the as-of time (the last hour, day or month). */
  partial: number[];
  /** Periods drawn shaded, with what the shading means. */
  shaded?: { ts: number[]; label: string };
  /** A sentence for screen readers (and under the chart): what the chart shows. */
  summary: string;
};

/** A value for people, in its unit (MOR from its exact wei when there is one). */
export function formatValue(unit: Unit, value: number | null | undefined, wei?: string | null): string {
  if (value === null || value === undefined) return "—";
  switch (unit) {
    case "count":
      return format.integer(value);
    case "hours":
      return format.hours(value * 3600);
    case "mor":
      return wei ? format.mor(wei) : `${format.decimal(value, 2)} MOR`;
    case "seconds":
      return format.seconds(value);
    case "tps":
      return format.tps(value);
    case "share":
      return `${format.decimal(value * 100, 1)} %`;
  }
}

/** The total of a period over the series of a stacked chart (null when no series has a value). */
export function periodTotal(model: ChartModel, index: number): number | null {
  let total: number | null = null;
  for (const series of model.series) {
    if (series.right) continue;
    const value = series.values[index];
    if (value !== null && value !== undefined) total = (total ?? 0) + value;
  }
  return total;
}

/** The chart as CSV: one row per period (UTC start, ISO), one column per series, and whether it is partial. */
export function chartCsv(model: ChartModel): string {
  const quote = (text: string) => (/[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
  const header = ["period_start_utc", ...model.series.map((series) => series.label), "partial"];
  const partial = new Set(model.partial);
  const rows = model.ts.map((ts, index) => [
    new Date(ts * 1000).toISOString().replace(".000Z", "Z"),
    ...model.series.map((series) => {
      const wei = series.wei?.[index];
      if (wei !== undefined && wei !== null) return format.morExact(wei);
      const value = series.values[index];
      return value === null || value === undefined ? "" : String(value);
    }),
    partial.has(ts) ? "yes" : "",
  ]);
  return `${[header, ...rows].map((row) => row.map(quote).join(",")).join("\n")}\n`;
}

/** Consecutive runs of period starts, as "Nov 2024 – Jun 2025" texts. */
export function describeRuns(granularity: Period, all: readonly number[], picked: readonly number[]): string {
  const chosen = new Set(picked);
  const runs: Array<[number, number]> = [];
  let open: [number, number] | undefined;
  for (const ts of all) {
    if (chosen.has(ts)) {
      if (open) open[1] = ts;
      else {
        open = [ts, ts];
        runs.push(open);
      }
    } else open = undefined;
  }
  return runs
    .map(([from, to]) =>
      from === to
        ? format.period(granularity, from)
        : `${format.period(granularity, from)} – ${format.period(granularity, to)}`,
    )
    .join(", ");
}
