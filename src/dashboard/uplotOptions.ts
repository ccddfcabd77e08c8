import uPlot from "uplot";
import type { ChartModel, Unit } from "./chartModel.js";
import { canvasFont, cssColor } from "./chartTheme.js";
import { drawMarks } from "./drawMarks.js";
import { halfPeriod } from "./ranges.js";
import { countIncrements, timeLabels, timeSplits, valueLabels } from "./ticks.js";

const axisSuffix: Partial<Record<Unit, string>> = { seconds: " s", hours: " h", share: "%" };

/** The y axis of a unit: exact labels, whole steps for counts, from 0 with some headroom. */
function valueAxis(unit: Unit, right: boolean): uPlot.Axis {
  const stroke = cssColor("var(--axis)");
  const grid = { stroke: cssColor("var(--line)"), width: 1 };
  const factor = unit === "share" ? 100 : 1;
  return {
    scale: right ? "right" : "y",
    side: right ? 1 : 3,
    stroke,
    font: canvasFont(12),
    grid: right ? { show: false } : grid,
    ticks: { show: false },
    ...(unit === "count" ? { incrs: countIncrements } : {}),
    values: (_chart, splits) =>
      valueLabels(
        splits.map((value) => value * factor),
        axisSuffix[unit] ?? "",
      ),
    size: (_chart, values) =>
      Math.max(36, 12 + 7 * Math.max(0, ...(values ?? []).map((value) => value.length))),
  };
}

const fromZero: uPlot.Range.Function = (_chart, _min, max) => [0, max > 0 ? max * 1.06 : 1];

/**
 * uPlot's options and data for a chart: stacked series become running totals, drawn from the top
 * of the stack down so that each bar shows its own layer; the time axis is labelled by periods.
 */
export function uplotOptions(
  model: ChartModel,
  height: number,
): { options: uPlot.Options; data: uPlot.AlignedData } {
  const { ts, granularity } = model;
  const half = halfPeriod[granularity];
  const first = ts[0] as number;
  const last = ts[ts.length - 1] as number;
  const left = model.series.filter((series) => !series.right);
  const right = model.series.filter((series) => series.right);

  let running: Array<number | null> = ts.map(() => null);
  const stackedValues = left.map(
    (series) =>
      (running = series.values.map((value, index) =>
        model.stacked && (value !== null || running[index] !== null)
          ? (running[index] ?? 0) + (value ?? 0)
          : value,
      )),
  );
  const drawOrder = model.stacked ? [...left.keys()].reverse() : [...left.keys()];
  const bars = uPlot.paths.bars?.({ size: [0.82, 64], gap: ts.length > 200 ? 0 : 1 });
  const seriesOptions: uPlot.Series[] = [
    {},
    ...drawOrder.map((index) => {
      const series = left[index] as (typeof left)[number];
      const color = cssColor(series.color);
      return series.kind === "bars"
        ? {
            label: series.label,
            stroke: color,
            fill: color,
            width: 0,
            points: { show: false },
            ...(bars ? { paths: bars } : {}),
          }
        : {
            label: series.label,
            stroke: color,
            width: 2,
            spanGaps: false,
            points: { show: ts.length <= 45, size: 5, fill: color },
          };
    }),
    ...right.map((series) => ({
      label: series.label,
      scale: "right",
      stroke: cssColor(series.color),
      width: 2,
      dash: series.dash ? [6, 4] : [],
      points: { show: ts.length <= 45, size: 5 },
    })),
  ];
  const options: uPlot.Options = {
    width: 300,
    height,
    legend: { show: false },
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), "Etc/UTC"),
    cursor: {
      y: false,
      drag: { x: true, y: false, setScale: true },
      focus: { prox: -1 },
      points: { show: !model.stacked },
    },
    scales: {
      x: {
        time: true,
        range: (_chart, min, max) => (min <= first && max >= last ? [first - half, last + half] : [min, max]),
      },
      y: { range: fromZero },
      right: { range: fromZero },
    },
    axes: [
      {
        stroke: cssColor("var(--axis)"),
        font: canvasFont(12),
        grid: { show: false },
        ticks: { stroke: cssColor("var(--line)"), width: 1, size: 4 },
        size: 44,
        splits: (chart, _axis, min, max) =>
          timeSplits(granularity, min, max, chart.bbox.width / devicePixelRatio),
        values: (_chart, splits) => timeLabels(granularity, splits),
      },
      valueAxis(model.unit, false),
      ...(right.length > 0 ? [valueAxis(model.rightUnit ?? model.unit, true)] : []),
    ],
    series: seriesOptions,
    hooks: {
      drawAxes: [(chart) => drawMarks(chart, model, "under")],
      draw: [(chart) => drawMarks(chart, model, "over")],
    },
  };
  const data: uPlot.AlignedData = [
    ts,
    ...drawOrder.map((index) => stackedValues[index] as Array<number | null>),
    ...right.map((series) => series.values),
  ];
  return { options, data };
}
