import {
  breakdownItems,
  type Layers,
  type Names,
  partialPeriods,
  qualityLayers,
  volumeLayers,
} from "./chartData.js";
import type { ChartModel } from "./chartModel.js";
import { colorAt } from "./chartTheme.js";
import { byId } from "./element.js";
import { format } from "./format.js";
import { metricInfo, topLayers } from "./layers.js";
import { lineModel, type Quality } from "./lineModel.js";
import { type ChartSize, mountChart } from "./mountChart.js";
import { granularityOf, periodsOf, rangeGranularity, rangeNames, viewPeriods } from "./ranges.js";
import { fill } from "./section.js";
import { periodWord, stackModel } from "./stackModel.js";
import type { ViewState } from "./viewState.js";

/** Models and providers drawn one by one in the charts over time; the rest are summed. */
const topCount = 6;
const mounted = new Map<string, () => void>();

function mount(id: string, model: ChartModel | string, size: ChartSize, file: string): void {
  mounted.get(id)?.();
  mounted.set(id, mountChart(byId(id), model, size, file));
}

function note(id: string, text: string): void {
  const element = byId(id);
  element.textContent = text;
  element.hidden = text === "";
}

/** Every chart of the page for a state: throughput, speed and disputes, models and providers over time. */
export function renderCharts(state: ViewState, names: Names): Array<Promise<void>> {
  const granularity = granularityOf(state.range, state.filter !== undefined);
  const count = periodsOf(state.range, granularity);
  // A filtered view is daily: "all time" is then the 365 days of the daily series.
  const rangeName = rangeNames[state.filter && state.range === "all" ? "1y" : state.range];
  const chain = state.chain === "all" ? "all-chains" : `chain-${state.chain}`;
  const file = (name: string) => `morpheus-${name}-${chain}-${state.range}`;
  const per = periodWord[granularity];
  const daily =
    state.filter && granularity !== rangeGranularity[state.range]
      ? ` Series per ${state.filter.kind} are published by day: this view is daily${state.range === "all" ? " and covers the last 365 days" : ""}.`
      : "";

  const volume = volumeLayers(state, names, granularity);
  byId("volume-subtitle").textContent = `(${metricInfo[state.metric].per} per ${per}, ${rangeName})`;
  const tasks = [
    fill(
      byId("chart-volume"),
      () => volume,
      ({ layers, split, scope }: Layers) => {
        const model = stackModel({
          name: "throughput",
          layers,
          metric: state.metric,
          granularity,
          count,
          partial: partialPeriods(layers),
          split,
          rangeName,
          empty: `No closed sessions${scope} in the ${rangeName.replace("all time", "whole history")}.`,
        });
        mount("chart-volume", model, "large", file(typeof model === "string" ? "throughput" : model.name));
        note("volume-note", daily.trim());
      },
    ),
  ];

  const quality = qualityLayers(state, names, granularity);
  byId("speed-subtitle").textContent =
    `(per ${per}, ${rangeName}${state.filter ? `, by ${state.filter.kind}` : ""})`;
  for (const [id, which] of [
    ["chart-ttft", "ttft"],
    ["chart-tps", "tps"],
    ["chart-disputed", "disputed"],
  ] as Array<[string, Quality]>)
    tasks.push(
      fill(
        byId(id),
        () => quality,
        ({ layers }: Layers) => {
          const partial = partialPeriods(layers);
          const model = lineModel({ quality: which, layers, granularity, count, partial, rangeName });
          mount(id, model, "small", file(typeof model === "string" ? which : model.name));
        },
      ),
    );

  const dailyCount = periodsOf(state.range, "daily");
  // Series per model and per provider are daily, over the daily rollup's 365 days.
  const dailyRange = state.range === "all" ? rangeNames["1y"] : rangeName;
  byId("over-time-subtitle").textContent =
    `(${metricInfo[state.metric].per} per day, ${dailyRange}; the top ${topCount}, the rest as "others")`;
  for (const kind of ["model", "provider"] as const) {
    const id = kind === "model" ? "chart-models" : "chart-providers";
    const other = state.filter && state.filter.kind !== kind;
    byId(`${kind}s-chart-note`).textContent = other
      ? `(every ${kind}: the API has no series per ${kind} of one ${state.filter?.kind})`
      : "";
    tasks.push(
      fill(
        byId(id),
        () => breakdownItems(state, names, kind),
        (items) => {
          const first = items[0]?.series;
          const shown = new Set(
            first && first.length > 0
              ? viewPeriods("daily", first[0]?.ts ?? 0, first[first.length - 1]?.ts ?? 0, dailyCount)
              : [],
          );
          const chosen = state.filter?.kind === kind ? state.filter.ids : undefined;
          const layers = chosen
            ? chosen.map((itemId, index) => ({
                label: items.find((item) => item.id === itemId)?.label ?? format.shortHex(itemId),
                color: colorAt(index),
                series: items.find((item) => item.id === itemId)?.series ?? [],
              }))
            : topLayers(items, state.metric, topCount, shown, colorAt);
          const model = stackModel({
            name: `${kind}s`,
            layers,
            metric: state.metric,
            granularity: "daily",
            count: dailyCount,
            partial: partialPeriods(layers),
            split: ` by ${kind}`,
            rangeName: dailyRange,
            empty: `No closed sessions${chosen ? ` of the chosen ${kind}s` : ""} in the ${dailyRange}.`,
          });
          mount(id, model, "large", file(typeof model === "string" ? `${kind}s` : model.name));
        },
      ),
    );
  }
  return tasks;
}
