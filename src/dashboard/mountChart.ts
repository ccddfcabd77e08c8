import uPlot from "uplot";
import { element } from "./element.js";

export type ChartSpec = { options: Omit<uPlot.Options, "width" | "height">; data: uPlot.AlignedData };

/**
 * Draws a chart as wide as its container (redrawn on resize: phones rotate), or a line of
 * text when there is nothing to draw. Returns what removes it.
 */
export function mountChart(
  container: HTMLElement,
  spec: ChartSpec | undefined,
  emptyText: string,
): () => void {
  container.replaceChildren();
  if (!spec) {
    container.append(element("p", { class: "empty" }, emptyText));
    return () => {};
  }
  const size = () => {
    const width = Math.max(240, container.clientWidth);
    return { width, height: width < 600 ? 220 : 280 };
  };
  const chart = new uPlot({ ...spec.options, ...size() }, spec.data, container);
  let width = container.clientWidth;
  const observer = new ResizeObserver(() => {
    if (container.clientWidth === width) return;
    width = container.clientWidth;
    chart.setSize(size());
  });
  observer.observe(container);
  return () => {
    observer.disconnect();
    chart.destroy();
  };
}
