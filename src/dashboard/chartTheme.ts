import uPlot from "uplot";
import { format } from "./format.js";

/** Distinct colours that read on light and dark backgrounds. */
const palette = [
  "#2f6fde",
  "#e8743b",
  "#19a979",
  "#c94fa8",
  "#945ecf",
  "#d4a017",
  "#13a4b4",
  "#e0474c",
  "#6c8893",
];

export function colorAt(index: number): string {
  return palette[index % palette.length] as string;
}

/** The page's own colours (CSS variables), so that axes follow light and dark mode. */
function cssColor(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** The x axis (UTC time) and a y axis with compact numbers. */
export function timeAxes(side: "left" | "both" = "left"): uPlot.Axis[] {
  const stroke = cssColor("--muted", "#62656e");
  const grid = { stroke: cssColor("--line", "#e3e4ea"), width: 1 };
  const axes: uPlot.Axis[] = [
    { stroke, grid, ticks: grid },
    { stroke, grid, ticks: grid, size: 56, values: (_chart, splits) => splits.map(format.compact) },
  ];
  if (side === "both") {
    axes.push({
      stroke,
      side: 1,
      scale: "right",
      grid: { show: false },
      ticks: grid,
      size: 48,
      values: (_chart, splits) => splits.map(format.compact),
    });
  }
  return axes;
}

/** UTC on the time axis and in the legend: buckets are UTC periods. */
export const utcDate = (ts: number): Date => uPlot.tzDate(new Date(ts * 1000), "Etc/UTC");

/** An x range padded by half a period, so that the first and last bars are whole. */
export function paddedRange(step: number): uPlot.Range.Function {
  return (_chart, min, max) => [min - step / 2, max + step / 2];
}

/** A y range from 0 with some headroom (1 when everything is 0). */
export const fromZero: uPlot.Range.Function = (_chart, _min, max) => [0, max > 0 ? max * 1.08 : 1];
