import "uplot/dist/uPlot.min.css";
import "./style.css";
import type { Rollup } from "../api/responseTypes.js";
import { format } from "./format.js";
import type { Metric } from "./groupTopSeries.js";
import { type DashboardData, loadData } from "./loadData.js";
import { modelLabel } from "./modelLabel.js";
import { mountChart } from "./mountChart.js";
import { renderCards } from "./renderCards.js";
import { renderStuckTable } from "./renderStuckTable.js";
import { stackedChart } from "./stackedChart.js";
import { ttftChart } from "./ttftChart.js";
import { volumeChart } from "./volumeChart.js";

/** The dashboard: every file of the API, fetched from beside the page, drawn once loaded. */
const byId = (id: string): HTMLElement => {
  const found = document.getElementById(id);
  if (!found) throw new Error(`the page has no #${id}`);
  return found;
};

const noSessions = "No closed sessions yet.";

function render(data: DashboardData): void {
  const { meta } = data;
  byId("as-of").textContent =
    `As of ${format.utc(meta.asOf)} · chain ${meta.chainId} · block ${format.integer(meta.toBlock)} · updated hourly`;
  renderCards(byId("cards"), data.summary);

  const removers = new Map<string, () => void>();
  const draw = (id: string, spec: Parameters<typeof mountChart>[1], empty: string) => {
    removers.get(id)?.();
    removers.set(id, mountChart(byId(id), spec, empty));
  };

  const drawBucket = (bucket: Rollup["bucket"]) => {
    const rollup = data.rollups[bucket];
    draw("chart-volume", volumeChart(rollup), noSessions);
    draw(
      "chart-ttft",
      ttftChart(rollup),
      rollup.series.length === 0 ? noSessions : "No time to first token measured yet.",
    );
  };
  const drawMetric = (metric: Metric) => {
    const days = data.rollups.daily.series;
    const models = data.byModel.models.map((model) => ({
      label: modelLabel(model.name, model.modelId),
      series: model.series,
    }));
    const providers = data.byProvider.providers.map((item) => ({
      label: format.shortHex(item.provider),
      series: item.series,
    }));
    draw("chart-models", stackedChart(models, days, metric), noSessions);
    draw("chart-providers", stackedChart(providers, days, metric), noSessions);
  };
  bindSwitch(byId("bucket-switch"), "bucket", (value) => drawBucket(value as Rollup["bucket"]));
  bindSwitch(byId("metric-switch"), "metric", (value) => drawMetric(value as Metric));

  byId("stuck-count").textContent = `(${format.integer(data.stuck.count)})`;
  renderStuckTable(byId("stuck"), data.stuck, data.byModel);
}

/** Buttons with data-<key>: the pressed one is drawn now, a click draws another. */
function bindSwitch(group: HTMLElement, key: string, onSelect: (value: string) => void): void {
  const buttons = [...group.querySelectorAll<HTMLButtonElement>(`button[data-${key}]`)];
  const select = (button: HTMLButtonElement) => {
    for (const other of buttons) other.setAttribute("aria-pressed", String(other === button));
    onSelect(button.dataset[key] ?? "");
  };
  for (const button of buttons) button.addEventListener("click", () => select(button));
  const pressed = buttons.find((button) => button.getAttribute("aria-pressed") === "true") ?? buttons[0];
  if (pressed) select(pressed);
}

loadData(document.baseURI)
  .then((data) => {
    render(data);
    document.documentElement.dataset.state = "ready";
  })
  .catch((error: unknown) => {
    const banner = byId("error");
    banner.textContent = `Could not load the data: ${(error as Error).message}`;
    banner.hidden = false;
    byId("as-of").textContent = "";
    document.documentElement.dataset.state = "error";
  });
