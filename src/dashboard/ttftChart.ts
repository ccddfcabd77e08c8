import type uPlot from "uplot";
import type { Rollup } from "../api/responseTypes.js";
import { colorAt, fromZero, paddedRange, timeAxes, utcDate } from "./chartTheme.js";
import { format } from "./format.js";
import type { ChartSpec } from "./mountChart.js";
import { periodSeconds } from "./volumeChart.js";

/** The median time to first token per period, with gaps where nothing measured it. */
export function ttftChart(rollup: Rollup): ChartSpec | undefined {
  if (!rollup.series.some((bucket) => bucket.ttft !== undefined)) return undefined;
  return {
    data: [rollup.series.map((bucket) => bucket.ts), rollup.series.map((bucket) => bucket.ttft ?? null)],
    options: {
      tzDate: utcDate,
      scales: { x: { time: true, range: paddedRange(periodSeconds[rollup.bucket]) }, y: { range: fromZero } },
      axes: timeAxes(),
      series: [
        {},
        {
          label: "TTFT",
          stroke: colorAt(2),
          width: 2,
          points: { show: rollup.series.length <= 120, size: 5 },
          value: (_chart: uPlot, value: number | null) => format.seconds(value ?? undefined),
        },
      ],
    },
  };
}
