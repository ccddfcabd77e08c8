import "uplot/dist/uPlot.min.css";
import "./style.css";
import "./controls.css";
import "./charts.css";
import "./tables.css";
import type { Meta, ModelLeaderboard } from "../api/responseTypes.js";
import type { Names } from "./chartData.js";
import { chainName, colorAt } from "./chartTheme.js";
import { renderFilterChips, renderSwitch } from "./controls.js";
import { byId, element } from "./element.js";
import { loadChainFile, loadFile, onReleaseChange } from "./files.js";
import { format } from "./format.js";
import { modelLabel } from "./modelLabel.js";
import { type Range, ranges } from "./ranges.js";
import { renderCards } from "./renderCards.js";
import { renderChanges } from "./renderChanges.js";
import { renderCharts } from "./renderCharts.js";
import { renderLeaderboard } from "./renderLeaderboard.js";
import { renderMarketIndex } from "./renderMarketIndex.js";
import { renderMarketView } from "./renderMarketView.js";
import { renderAudit, renderFreshness } from "./renderStatus.js";
import { renderStuck } from "./renderStuck.js";
import { fill, setRetry } from "./section.js";
import { modelStandings, providerStandings, windowLabels, windows } from "./standings.js";
import { formatState, type Metric, metrics, parseState, toggleFilter, type ViewState } from "./viewState.js";

/** The dashboard: every part drawn from its own files, so that one missing file blanks only its part. */
let state = parseState(location.hash);
let cycle = 0;
const root = document.documentElement;
const overviewTitle = document.title;

/**
 * meta.json and models.json, when they load: names for chains and models (the page works without),
 * and the key of the release this draw reads.
 */
async function loadNames(): Promise<Names & { releaseKey: string | undefined }> {
  const [meta, models] = await Promise.allSettled([loadFile("meta.json"), loadFile("models.json")]);
  const chains = meta.status === "fulfilled" ? meta.value.chains : [];
  const modelNames = new Map(
    models.status === "fulfilled"
      ? (models.value as ModelLeaderboard).models.map((item) => [
          item.modelId,
          modelLabel(item.name, item.modelId),
        ])
      : [],
  );
  return {
    releaseKey: meta.status === "fulfilled" ? meta.value.releaseKey : undefined,
    chains,
    model: (modelId) => modelNames.get(modelId) ?? modelLabel("", modelId),
    provider: (address) => format.shortHex(address),
    chain: (chainId) => chainName(chainId, chains.find((chain) => chain.chainId === chainId)?.name),
  };
}

function update(change: Partial<ViewState>): void {
  state = { ...state, ...change };
  history.replaceState(null, "", formatState(state) || `${location.pathname}${location.search}`);
  void render();
}

const rangeLabels: Record<Range, string> = {
  "24h": "24 h",
  "7d": "7 d",
  "30d": "30 d",
  "90d": "90 d",
  "1y": "1 y",
  all: "All",
};
const metricLabels: Record<Metric, string> = {
  tokens: "Tokens",
  sessions: "Sessions",
  hours: "Hours",
  earned: "Earned",
};

/** The switches (chain, range, measure, window) and the chosen items' chips, as the state says. */
function renderControls(names: Names): void {
  renderSwitch(
    byId("chain-switch"),
    "chain",
    [
      { value: "all" as const, label: "All chains" },
      ...names.chains.map((chain) => ({ value: chain.chainId, label: names.chain(chain.chainId) })),
    ],
    state.chain,
    (chain) => update({ chain }),
  );
  renderSwitch(
    byId("range-switch"),
    "range",
    ranges.map((value) => ({ value, label: rangeLabels[value] })),
    state.range,
    (range) => update({ range }),
  );
  renderSwitch(
    byId("metric-switch"),
    "metric",
    metrics.map((value) => ({ value, label: metricLabels[value] })),
    state.metric,
    (metric) => update({ metric }),
  );
  renderSwitch(
    byId("window-switch"),
    "window",
    windows.map((value) => ({ value, label: windowLabels[value] })),
    state.window,
    (window) => update({ window }),
  );
  const filter = state.filter;
  renderFilterChips(
    byId("filters"),
    (filter?.ids ?? []).map((id, index) => ({
      id,
      label: filter?.kind === "model" ? names.model(id) : names.provider(id),
      color: colorAt(index),
    })),
    filter?.kind ?? "model",
    (id) => filter && update({ filter: toggleFilter(filter, filter.kind, id) }),
    () => update({ filter: undefined }),
  );
  const boardsNote = byId("boards-note");
  boardsNote.hidden = state.chain === "all";
  boardsNote.textContent =
    "The leaderboards count both chains together: the API publishes them for all chains only.";
}

async function render(): Promise<void> {
  const mine = ++cycle;
  root.dataset.state = "loading";
  const focused = (document.activeElement as HTMLElement | null)?.dataset.focus;
  const names = await loadNames();
  // Every part below is drawn from this release (files.ts): the page says which, for the tests.
  root.dataset.release = names.releaseKey ?? "";
  const place = state.chain === "all" ? "all chains" : `on ${names.chain(state.chain)}`;

  renderControls(names);

  const status: Array<Promise<void>> = [
    fill(
      byId("status"),
      () => loadFile("meta.json"),
      (meta: Meta) => renderFreshness(byId("status"), meta, state.chain),
    ),
    fill(
      byId("audit"),
      () => loadFile("audit.json"),
      (audit) => renderAudit(byId("audit"), audit, state.chain, (id) => names.model(id), names.chain),
    ),
  ];
  // A market page (#market=<model or provider>) or the newest changes (#view=changes) instead of the overview.
  const market = state.market;
  byId("market-page").hidden = !market;
  byId("changes-page").hidden = !state.changes;
  byId("overview").hidden = market !== undefined || state.changes;
  byId("controls").hidden = market !== undefined || state.changes;
  if (market) {
    const view = { state, update, href: marketHref, changes: changesHref(), title: overviewTitle };
    await Promise.all([...status, renderMarketView(market, view)]);
    finish(mine, focused);
    return;
  }
  if (state.changes) {
    await Promise.all([...status, renderChangesView(names)]);
    finish(mine, focused);
    return;
  }
  document.title = overviewTitle;
  (byId("changes-link") as HTMLAnchorElement).href = changesHref();

  const tasks: Array<Promise<void>> = [
    ...status,
    fill(
      byId("headline"),
      () => loadChainFile(state.chain, "summary.json"),
      (summary) => renderCards(byId("headline"), byId("today"), summary, place),
    ),
    ...renderCharts(state, names),
    fill(
      byId("stuck"),
      () => loadChainFile(state.chain, "stuck-sessions.json"),
      (stuck) => {
        byId("stuck-count").textContent = `(${format.integer(stuck.count)}, ${place})`;
        renderStuck(byId("stuck"), stuck, (id) => names.model(id), names.chain);
      },
    ),
  ];
  for (const kind of ["model", "provider"] as const) {
    const board = byId(`${kind}s-board`);
    const rows = () =>
      kind === "model"
        ? loadFile("models.json").then((file) => modelStandings(file, state.window))
        : loadFile("providers.json").then((file) => providerStandings(file, state.window));
    const chosen = state.filter?.kind === kind ? state.filter.ids : [];
    tasks.push(
      fill(board, rows, (standings) =>
        renderLeaderboard(board, kind, standings, state.sort[kind], chosen, {
          sort: (sort) => update({ sort: { ...state.sort, [kind]: sort } }),
          toggle: (id) => update({ filter: toggleFilter(state.filter, kind, id) }),
          href: (id) => marketHref(kind, id),
        }),
      ),
    );
  }
  tasks.push(
    fill(
      byId("market-index"),
      () => loadFile("market.json"),
      (file) => renderMarketIndex(byId("market-index"), file, state.window, marketHref),
    ),
  );
  // The "today" cards come from the same file as the headline: they show its error too.
  await Promise.all(tasks);
  const today = byId("today");
  if (byId("headline").dataset.state === "error") today.replaceChildren();
  finish(mine, focused);
}

/** A market page's link: the view as it is (chain, window, filter: the back link restores it), on that page. */
function marketHref(kind: "model" | "provider", id: string): string {
  return formatState({ ...state, changes: false, market: { kind, id } });
}

/** The newest market events (changes.json), on the chosen chain. */
function renderChangesView(names: Names): Promise<void> {
  document.title = `Market changes · ${overviewTitle}`;
  (byId("changes-back") as HTMLAnchorElement).href = formatState({ ...state, changes: false }) || "#overview";
  const container = byId("changes");
  return fill(
    container,
    () => loadFile("changes.json"),
    (file) => renderChanges(container, file, state.chain, names, marketHref),
  );
}

/** The changes view's link, keeping the chain. */
const changesHref = () => formatState({ ...state, market: undefined, changes: true });

/** After a draw: the focus back where it was, and the page marked drawn (tests wait for it). */
function finish(mine: number, focused: string | undefined): void {
  if (mine !== cycle) return;
  if (focused) document.querySelector<HTMLElement>(`[data-focus="${CSS.escape(focused)}"]`)?.focus();
  root.dataset.state = "ready";
  root.dataset.draws = String(Number(root.dataset.draws ?? "0") + 1);
}

if (location.protocol === "file:") {
  const folder = decodeURIComponent(location.pathname.replace(/\/[^/]*$/, "")) || ".";
  const banner = element(
    "div",
    { class: "file-error", role: "alert", id: "file-protocol" },
    "This page reads its numbers from the JSON files beside it, which a browser will not fetch for a page opened from disk. Serve the folder and open the address it prints: ",
    element("code", {}, `npx mor-throughput serve --out ${folder}`),
  );
  document.querySelector("main")?.replaceChildren(banner);
  byId("chain-switch").hidden = true;
  root.dataset.state = "error";
} else {
  setRetry(() => void render());
  // A new release found while loading: draw every part again from it, never a mix of two.
  onReleaseChange(() => void render());
  addEventListener("hashchange", () => {
    state = parseState(location.hash);
    void render();
  });
  // Colours are read from the page's theme when a chart is drawn: draw again when the system's changes.
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => void render());
  void render();
}
