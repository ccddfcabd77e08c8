import uPlot from "uplot";
import { secondsPerDay, secondsPerHour } from "../api/periods.js";
import type { Rollup } from "../api/responseTypes.js";
import { colorAt, fromZero, paddedRange, timeAxes, utcDate } from "./chartTheme.js";
import { format } from "./format.js";
import type { ChartSpec } from "./mountChart.js";

/** A period's length, for the charts' padding (a month as 30 days). */
export const periodSeconds: Record<Rollup["bucket"], number> = {
  hourly: secondsPerHour,
  daily: secondsPerDay,
  monthly: 30 * secondsPerDay,
};

/** Tokens (bars, left axis) and sessions (line, right axis) per period; none when the series is empty. */
export function volumeChart(rollup: Rollup): ChartSpec | undefined {
  if (rollup.series.length === 0) return undefined;
  const bars = uPlot.paths.bars;
  const integer = (_chart: uPlot, value: number | null) => (value === null ? "—" : format.integer(value));
  return {
    data: [
      rollup.series.map((bucket) => bucket.ts),
      rollup.series.map((bucket) => bucket.tokens),
      rollup.series.map((bucket) => bucket.sessions),
    ],
    options: {
      tzDate: utcDate,
      scales: {
        x: { time: true, range: paddedRange(periodSeconds[rollup.bucket]) },
        y: { range: fromZero },
        right: { range: fromZero },
      },
      axes: timeAxes("both"),
      series: [
        {},
        {
          label: "Tokens",
          scale: "y",
          stroke: colorAt(0),
          fill: `${colorAt(0)}99`,
          ...(bars ? { paths: bars({ size: [0.8, 48] }) } : {}),
          value: integer,
        },
        {
          label: "Sessions",
          scale: "right",
          stroke: colorAt(1),
          width: 2,
          value: integer,
          points: { show: false },
        },
      ],
    },
  };
}
