import type uPlot from "uplot";
import type { ChartModel } from "./chartModel.js";
import { canvasFont, cssColor } from "./chartTheme.js";
import { halfPeriod } from "./ranges.js";

/**
 * The canvas x spans of runs of consecutive periods among `picked`: each period reaches halfway to
 * its neighbours (months differ in length), so that a run is one seamless block.
 */
function spans(chart: uPlot, model: ChartModel, picked: readonly number[]): Array<[number, number]> {
  const { ts } = model;
  const half = halfPeriod[model.granularity];
  const chosen = new Set(picked);
  const edge = (index: number, side: -1 | 1) => {
    const here = ts[index] as number;
    const next = ts[index + side];
    return chart.valToPos(next === undefined ? here + side * half : (here + next) / 2, "x", true);
  };
  const runs: Array<[number, number]> = [];
  ts.forEach((start, index) => {
    if (!chosen.has(start)) return;
    const from = edge(index, -1);
    const to = edge(index, 1);
    const open = runs[runs.length - 1];
    if (open && chosen.has(ts[index - 1] as number)) open[1] = to;
    else runs.push([from, to]);
  });
  const { left, width } = chart.bbox;
  return runs
    .map(([from, to]): [number, number] => [Math.max(left, from), Math.min(left + width, to)])
    .filter(([from, to]) => to > from);
}

/**
 * What the numbers alone do not say, drawn on the chart: under the series, the periods without
 * token counts (shaded, named once); over them, the period still in progress (hatched, "partial").
 */
export function drawMarks(chart: uPlot, model: ChartModel, layer: "under" | "over"): void {
  const { ctx } = chart;
  const { top, height, left, width } = chart.bbox;
  const pixel = devicePixelRatio;
  ctx.save();
  ctx.beginPath();
  ctx.rect(left, top, width, height);
  ctx.clip();
  ctx.font = canvasFont(11 * pixel);
  ctx.textBaseline = "top";
  if (layer === "under" && model.shaded) {
    ctx.fillStyle = cssColor("var(--shade)");
    for (const [from, to] of spans(chart, model, model.shaded.ts)) ctx.fillRect(from, top, to - from, height);
    // Named on the chart in the first shaded run with room for it (the legend names it anyway).
    const room = ctx.measureText(model.shaded.label).width + 8 * pixel;
    const first = spans(chart, model, model.shaded.ts).find(([from, to]) => to - from >= room);
    if (first) {
      ctx.fillStyle = cssColor("var(--muted)");
      ctx.fillText(model.shaded.label, first[0] + 4 * pixel, top + 4 * pixel);
    }
  }
  if (layer === "over") {
    for (const [from, to] of spans(chart, model, model.partial)) {
      ctx.save();
      ctx.beginPath();
      ctx.rect(from, top, to - from, height);
      ctx.clip();
      ctx.strokeStyle = cssColor("var(--panel)");
      ctx.globalAlpha = 0.6;
      ctx.lineWidth = Math.max(1, pixel);
      ctx.beginPath();
      for (let x = from - height; x < to; x += 5 * pixel) {
        ctx.moveTo(x, top + height);
        ctx.lineTo(x + height, top);
      }
      ctx.stroke();
      ctx.restore();
      if (width < 360 * pixel) continue; // on a phone, the legend says it
      ctx.fillStyle = cssColor("var(--muted)");
      ctx.textAlign = "right";
      ctx.fillText("partial", Math.min(left + width - 2 * pixel, to), top + 4 * pixel);
    }
  }
  ctx.restore();
}
