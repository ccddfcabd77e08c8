import type uPlot from "uplot";
import type { Bucket } from "../api/responseTypes.js";
import { colorAt, fromZero, paddedRange, timeAxes, utcDate } from "./chartTheme.js";
import { format } from "./format.js";
import { groupTopSeries, type LabeledSeries, type Metric } from "./groupTopSeries.js";
import type { ChartSpec } from "./mountChart.js";
import { stackSeries } from "./stackSeries.js";

/** Series drawn at most; the rest are summed into one. */
const maxSeries = 8;

/**
 * Daily `metric` stacked by item (model or provider), largest at the bottom. The legend shows
 * each item's own value, not the running total the chart draws.
 */
export function stackedChart(
  items: readonly LabeledSeries[],
  days: readonly Bucket[],
  metric: Metric,
): ChartSpec | undefined {
  if (items.length === 0 || days.length === 0) return undefined;
  const { labels, rows } = groupTopSeries(items, metric, maxSeries);
  const { data, bands } = stackSeries(rows);
  return {
    data: [days.map((bucket) => bucket.ts), ...data],
    options: {
      tzDate: utcDate,
      scales: { x: { time: true, range: paddedRange(86_400) }, y: { range: fromZero } },
      axes: timeAxes(),
      bands,
      series: [
        {},
        ...labels.map((label, index) => ({
          label,
          stroke: colorAt(index),
          fill: `${colorAt(index)}b3`,
          width: 1,
          points: { show: false },
          value: (_chart: uPlot, _value: number | null, _series: number, at: number | null) =>
            at === null ? "—" : format.integer(rows[index]?.[at] ?? 0),
        })),
      ],
    },
  };
}
