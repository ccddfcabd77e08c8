import type uPlot from "uplot";
import { type ChartModel, type ChartSeries, formatValue, periodTotal } from "./chartModel.js";
import { cssColor } from "./chartTheme.js";
import { element } from "./element.js";
import { format } from "./format.js";

/** The lines of a period's tooltip: its name, each series' value (top of the stack first), the total. */
export function tooltipLines(model: ChartModel, index: number): { title: string; rows: string[][] } {
  const ts = model.ts[index] as number;
  const partial = model.partial.includes(ts) ? " (partial)" : "";
  const rows: string[][] = [];
  const row = (series: ChartSeries) => {
    const value = series.values[index];
    const unit = series.right ? (model.rightUnit ?? model.unit) : model.unit;
    rows.push([
      series.color,
      series.label,
      formatValue(unit, value, series.wei?.[index]),
      series.notes?.[index] ?? "",
    ]);
  };
  const layers = model.series.filter((series) => !series.right);
  // A stack reads from the top down; a layer absent from this period (a chain not yet live) is left out.
  if (model.stacked) for (const series of [...layers].reverse()) series.values[index] !== null && row(series);
  else for (const series of layers) row(series);
  if (model.stacked && rows.length > 1) {
    const wei = layers.every((series) => series.wei)
      ? layers.reduce((sum, series) => sum + BigInt(series.wei?.[index] ?? "0"), 0n).toString()
      : undefined;
    rows.push(["", "Total", formatValue(model.unit, periodTotal(model, index), wei), ""]);
  }
  for (const series of model.series) if (series.right && series.values[index] !== null) row(series);
  if (model.shaded?.ts.includes(ts)) rows.push(["", "No token counts: their receipts carry none", "", ""]);
  return { title: `${format.period(model.granularity, ts)}${partial}`, rows };
}

/** A floating tooltip that follows the cursor (or the arrow keys) over the plot. */
export function tooltipPlugin(model: ChartModel): uPlot.Plugin {
  const tip = element("div", { class: "tooltip", "aria-hidden": "true" });
  tip.hidden = true;
  return {
    hooks: {
      init: (chart) => {
        chart.over.append(tip);
      },
      setCursor: (chart) => {
        const index = chart.cursor.idx;
        const left = chart.cursor.left ?? -1;
        if (index === null || index === undefined || left < 0) {
          tip.hidden = true;
          return;
        }
        const { title, rows } = tooltipLines(model, index);
        tip.replaceChildren(
          element("div", { class: "tooltip-title" }, title),
          ...rows.map(([color, label, value, note]) => {
            const swatch = element("span", { class: "swatch" });
            if (color) swatch.style.background = cssColor(color);
            else swatch.classList.add("none");
            return element(
              "div",
              { class: "tooltip-row" },
              swatch,
              element("span", { class: "tooltip-label" }, label ?? ""),
              element("span", { class: "tooltip-value" }, value ?? ""),
              ...(note ? [element("span", { class: "tooltip-note" }, note)] : []),
            );
          }),
        );
        tip.hidden = false;
        const width = chart.over.clientWidth;
        const height = chart.over.clientHeight;
        const x = left + 14 + tip.offsetWidth > width ? left - 14 - tip.offsetWidth : left + 14;
        const top = Math.min(
          Math.max(0, (chart.cursor.top ?? 0) - tip.offsetHeight / 2),
          height - tip.offsetHeight,
        );
        tip.style.left = `${Math.max(-40, x)}px`;
        tip.style.top = `${Math.max(0, top)}px`;
      },
    },
  };
}
