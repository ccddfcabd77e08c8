import { defaultMarketSort, type MarketColumn, type MarketSort, marketColumns } from "./marketRows.js";
import { type Range, ranges } from "./ranges.js";
import { columns, type Sort, type Window, windows } from "./standings.js";

export const metrics = ["tokens", "sessions", "hours", "earned"] as const;
export type Metric = (typeof metrics)[number];
export type FilterKind = "model" | "provider";

/** Everything a visitor chose, kept in the URL's fragment so that a view can be shared. */
export type ViewState = {
  /** "all", or one chain id. */
  chain: "all" | number;
  range: Range;
  metric: Metric;
  /** Charts narrowed to these models or these providers (one kind at a time: they would overlap). */
  filter: { kind: FilterKind; ids: string[] } | undefined;
  /** The leaderboards' window (and the market pages'). */
  window: Window;
  sort: Record<FilterKind, Sort>;
  /** A market page instead of the overview: a model's (its providers) or a provider's (its models). */
  market: { kind: FilterKind; id: string } | undefined;
  /** The market page's table order. */
  marketSort: MarketSort;
  /** The newest market events instead of the overview (`#view=changes`). */
  changes: boolean;
};

export const defaultState: ViewState = {
  chain: "all",
  range: "all",
  metric: "tokens",
  filter: undefined,
  window: "30d",
  sort: {
    model: { column: "sessions", descending: true },
    provider: { column: "sessions", descending: true },
  },
  market: undefined,
  marketSort: defaultMarketSort,
  changes: false,
};

const idPatterns: Record<FilterKind, RegExp> = {
  model: /^0x[0-9a-f]{64}$/,
  provider: /^0x[0-9a-fA-F]{40}$/,
};
const sortKeys: Record<FilterKind, string> = { model: "msort", provider: "psort" };

const pick = <T extends string>(allowed: readonly T[], value: string | null, fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

function parseSort<C extends string>(
  value: string | null,
  allowed: readonly C[],
  fallback: { column: C; descending: boolean },
): { column: C; descending: boolean } {
  const [column, direction] = (value ?? "").split("-");
  if (!allowed.includes(column as C) || (direction !== "asc" && direction !== "desc")) return fallback;
  return { column: column as C, descending: direction === "desc" };
}

const formatSort = (sort: { column: string; descending: boolean }) =>
  `${sort.column}-${sort.descending ? "desc" : "asc"}`;

/** `market=`: a modelId (a model's page) or a provider's address (a provider's page). */
function parseMarket(value: string | null): ViewState["market"] {
  if (value && idPatterns.model.test(value)) return { kind: "model", id: value };
  if (value && idPatterns.provider.test(value)) return { kind: "provider", id: value };
  return undefined;
}

/**
 * The state a fragment ("#chain=8453&range=1y&model=0x…", "#market=0x…" for a market page) says;
 * anything unknown falls back to the default.
 */
export function parseState(fragment: string): ViewState {
  const params = new URLSearchParams(fragment.replace(/^#/, ""));
  const chain = params.get("chain");
  let filter: ViewState["filter"];
  for (const kind of ["model", "provider"] as const) {
    const ids = (params.get(kind) ?? "").split(",").filter((id) => idPatterns[kind].test(id));
    if (ids.length > 0 && !filter) filter = { kind, ids: [...new Set(ids)] };
  }
  return {
    chain: chain && /^[1-9][0-9]{0,15}$/.test(chain) ? Number(chain) : "all",
    range: pick(ranges, params.get("range"), defaultState.range),
    metric: pick(metrics, params.get("metric"), defaultState.metric),
    filter,
    window: pick(windows, params.get("window"), defaultState.window),
    sort: {
      model: parseSort(params.get(sortKeys.model), columns, defaultState.sort.model),
      provider: parseSort(params.get(sortKeys.provider), columns, defaultState.sort.provider),
    },
    market: parseMarket(params.get("market")),
    marketSort: parseSort<MarketColumn>(params.get("sort"), marketColumns, defaultState.marketSort),
    changes: params.get("view") === "changes" && !params.has("market"),
  };
}

/** The fragment of a state: only what differs from the default, in a fixed order. */
export function formatState(state: ViewState): string {
  const params = new URLSearchParams();
  if (state.chain !== defaultState.chain) params.set("chain", String(state.chain));
  if (state.range !== defaultState.range) params.set("range", state.range);
  if (state.metric !== defaultState.metric) params.set("metric", state.metric);
  if (state.filter && state.filter.ids.length > 0) params.set(state.filter.kind, state.filter.ids.join(","));
  if (state.window !== defaultState.window) params.set("window", state.window);
  for (const kind of ["model", "provider"] as const) {
    const sort = state.sort[kind];
    const fallback = defaultState.sort[kind];
    if (sort.column !== fallback.column || sort.descending !== fallback.descending)
      params.set(sortKeys[kind], formatSort(sort));
  }
  if (state.market) params.set("market", state.market.id);
  const marketSort = state.marketSort;
  if (
    marketSort.column !== defaultState.marketSort.column ||
    marketSort.descending !== defaultState.marketSort.descending
  )
    params.set("sort", formatSort(marketSort));
  if (state.changes && !state.market) params.set("view", "changes");
  const text = params.toString().replaceAll("%2C", ",");
  return text === "" ? "" : `#${text}`;
}

/** The filter after a click on an item: toggled within its kind; an item of the other kind starts anew. */
export function toggleFilter(filter: ViewState["filter"], kind: FilterKind, id: string): ViewState["filter"] {
  if (!filter || filter.kind !== kind) return { kind, ids: [id] };
  const ids = filter.ids.includes(id) ? filter.ids.filter((other) => other !== id) : [...filter.ids, id];
  return ids.length === 0 ? undefined : { kind, ids };
}
