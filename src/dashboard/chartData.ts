import type { Period } from "../api/periods.js";
import type { Bucket, MetaChain } from "../api/responseTypes.js";
import { chainColor, colorAt } from "./chartTheme.js";
import { loadChainFile } from "./files.js";
import type { Layer } from "./layers.js";
import type { ViewState } from "./viewState.js";

/** What the page knows to name things by: models (models.json), chains (meta.json). */
export type Names = {
  chains: readonly MetaChain[];
  /** A model's name in models.json, else "(unnamed) 0x1234…". */
  model: (modelId: string) => string;
  provider: (address: string) => string;
  chain: (chainId: number) => string;
};

export type Layers = { layers: Layer[]; split: string; scope: string };

/** The period starts still in progress: each series ends with the one holding its as-of time. */
export function partialPeriods(layers: readonly Layer[]): number[] {
  return layers.flatMap((layer) => {
    const last = layer.series[layer.series.length - 1];
    return last ? [last.ts] : [];
  });
}

/** The daily series of the chosen models or providers on the chosen chain(s), one layer each. */
export async function filteredLayers(state: ViewState, names: Names): Promise<Layers> {
  const filter = state.filter as NonNullable<ViewState["filter"]>;
  const items = new Map((await breakdownItems(state, names, filter.kind)).map((item) => [item.id, item]));
  const label = filter.kind === "model" ? names.model : names.provider;
  return {
    layers: filter.ids.map((id, index) => ({
      label: items.get(id)?.label ?? label(id),
      color: colorAt(index),
      series: items.get(id)?.series ?? [],
    })),
    split: ` by ${filter.kind}`,
    scope: `of the chosen ${filter.kind}s${where(state, names)}`,
  };
}

const where = (state: ViewState, names: Names) =>
  state.chain === "all" ? "" : ` on ${names.chain(state.chain)}`;

/**
 * The throughput chart's layers: each chain's own rollup (stacked: the move from Arbitrum One to
 * Base shows) for every chain, the chosen chain's rollup alone, or the chosen models or providers.
 */
export async function volumeLayers(state: ViewState, names: Names, granularity: Period): Promise<Layers> {
  if (state.filter) return filteredLayers(state, names);
  const path = `rollup/${granularity}.json` as const;
  if (state.chain === "all" && names.chains.length > 1) {
    const files = await Promise.all(names.chains.map((chain) => loadChainFile(chain.chainId, path)));
    return {
      layers: names.chains.map((chain, index) => ({
        label: names.chain(chain.chainId),
        color: chainColor(chain.chainId, index),
        series: files[index]?.series ?? [],
      })),
      split: " by chain",
      scope: "",
    };
  }
  return { layers: [await overallLayer(state, names, granularity)], split: "", scope: where(state, names) };
}

/** The whole view as one layer: every chain's (top-level) rollup, or the chosen chain's. */
async function overallLayer(state: ViewState, names: Names, granularity: Period): Promise<Layer> {
  const file = await loadChainFile(state.chain, `rollup/${granularity}.json`);
  const index = names.chains.findIndex((chain) => chain.chainId === state.chain);
  return {
    label: state.chain === "all" ? "All chains" : names.chain(state.chain),
    color: state.chain === "all" ? "var(--accent)" : chainColor(state.chain, Math.max(0, index)),
    series: file.series,
  };
}

/** The speed and dispute charts' lines: the whole view (its own medians), or each chosen item. */
export async function qualityLayers(state: ViewState, names: Names, granularity: Period): Promise<Layers> {
  if (state.filter) return filteredLayers(state, names);
  return { layers: [await overallLayer(state, names, granularity)], split: "", scope: where(state, names) };
}

/** Every model's or provider's daily series on the chosen chain(s), labelled. */
export async function breakdownItems(state: ViewState, names: Names, kind: "model" | "provider") {
  if (kind === "model") {
    const file = await loadChainFile(state.chain, "rollup/by-model-daily.json");
    return file.models.map((item) => ({
      id: item.modelId,
      // A chain's own files carry its own names (a model may be named differently on another chain).
      label: item.name.trim() !== "" ? item.name : names.model(item.modelId),
      series: item.series as readonly Bucket[],
    }));
  }
  const file = await loadChainFile(state.chain, "rollup/by-provider-daily.json");
  return file.providers.map((item) => ({
    id: item.provider,
    label: names.provider(item.provider),
    series: item.series as readonly Bucket[],
  }));
}
