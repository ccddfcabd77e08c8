import uPlot from "uplot";
import { type ChartModel, chartCsv } from "./chartModel.js";
import { cssColor } from "./chartTheme.js";
import { element } from "./element.js";
import { periodWord } from "./stackModel.js";
import { tooltipLines, tooltipPlugin } from "./tooltip.js";
import { uplotOptions } from "./uplotOptions.js";

export type ChartSize = "large" | "small";

/** The legend: each series' colour and name, and what a shaded period means. */
function legend(model: ChartModel): HTMLElement {
  const items = model.series.map((series) => {
    const swatch = element("span", { class: series.dash ? "swatch dashed" : "swatch" });
    swatch.style.setProperty("--swatch", cssColor(series.color));
    return element("li", {}, swatch, element("span", { class: "legend-label" }, series.label));
  });
  if (model.shaded)
    items.push(element("li", {}, element("span", { class: "swatch shaded" }), model.shaded.label));
  if (model.partial.length > 0)
    items.push(element("li", {}, element("span", { class: "swatch hatched" }), "partial: still in progress"));
  return element("ul", { class: "legend" }, ...items);
}

/** Saves the chart's data as a CSV file: exactly the periods and the values it draws. */
function downloadCsv(model: ChartModel, fileName: string): void {
  const url = URL.createObjectURL(new Blob([chartCsv(model)], { type: "text/csv;charset=utf-8" }));
  const link = element("a", { href: url, download: `${fileName}.csv`, hidden: "" });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Draws a chart as wide as its container (redrawn on resize: phones rotate) with its legend, a
 * floating tooltip (mouse or arrow keys), drag-to-zoom with a reset, a CSV download and a
 * one-line summary for screen readers; or, with nothing to draw, the sentence that says so.
 * Returns what removes it.
 */
export function mountChart(
  container: HTMLElement,
  model: ChartModel | string,
  size: ChartSize,
  fileName: string,
): () => void {
  if (typeof model === "string") {
    container.replaceChildren(element("p", { class: "empty" }, model));
    container.dataset.periods = "0";
    return () => {};
  }
  const height = () => (size === "small" ? 180 : container.clientWidth < 600 ? 230 : 300);
  const plot = element("div", {
    class: "plot",
    tabindex: "0",
    role: "img",
    "aria-label": `${model.summary} Arrow keys read one ${periodWord[model.granularity]} at a time.`,
  });
  const readout = element("p", { class: "visually-hidden", "aria-live": "polite" });
  const reset = element("button", { type: "button", class: "link-button", hidden: "" }, "Reset zoom");
  const csv = element("button", { type: "button", class: "link-button csv" }, "Download CSV");
  const hint = element("span", { class: "hint" }, "Drag across the chart to zoom.");
  container.dataset.granularity = model.granularity;
  container.dataset.periods = String(model.ts.length);
  container.dataset.summary = model.summary;
  container.dataset.noCounts = (model.shaded?.ts ?? []).join(",");
  container.replaceChildren(
    legend(model),
    plot,
    readout,
    element("div", { class: "chart-foot" }, hint, reset, csv),
  );
  const { options, data } = uplotOptions(model, height());
  const first = model.ts[0] as number;
  const last = model.ts[model.ts.length - 1] as number;
  options.width = Math.max(240, container.clientWidth);
  options.plugins = [tooltipPlugin(model)];
  options.hooks = {
    ...options.hooks,
    setScale: [
      (chart, key) => {
        if (key !== "x") return;
        const { min = first, max = last } = chart.scales.x ?? {};
        reset.hidden = min <= first && max >= last;
      },
    ],
  };
  const chart = new uPlot(options, data, plot);
  reset.addEventListener("click", () => chart.setScale("x", { min: first, max: last }));
  csv.addEventListener("click", () => downloadCsv(model, fileName));

  let index: number | undefined;
  plot.addEventListener("keydown", (event) => {
    const moves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    const current = index ?? model.ts.length - 1;
    index = Math.min(model.ts.length - 1, Math.max(0, index === undefined ? current : current + move));
    const top = chart.over.clientHeight / 2;
    chart.setCursor({ left: chart.valToPos(model.ts[index] as number, "x"), top });
    const { title, rows } = tooltipLines(model, index);
    readout.textContent = `${title}: ${rows.map((row) => `${row[1]} ${row[2]}`.trim()).join(", ")}`;
  });
  plot.addEventListener("blur", () => {
    index = undefined;
    chart.setCursor({ left: -10, top: -10 });
  });

  let width = container.clientWidth;
  const observer = new ResizeObserver(() => {
    if (container.clientWidth === width) return;
    width = container.clientWidth;
    chart.setSize({ width: Math.max(240, width), height: height() });
  });
  observer.observe(container);
  return () => {
    observer.disconnect();
    chart.destroy();
  };
}
