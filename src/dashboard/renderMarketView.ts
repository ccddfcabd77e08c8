import type { ModelLeaderboard, ProviderLeaderboard } from "../api/responseTypes.js";
import { renderSwitch } from "./controls.js";
import { byId } from "./element.js";
import { loadFile } from "./files.js";
import type { MarketHref } from "./marketRows.js";
import { renderModelPage, renderProviderPage } from "./renderMarketPage.js";
import { fill } from "./section.js";
import { windowLabels, windows } from "./standings.js";
import { formatState, type ViewState } from "./viewState.js";

/** The market page drawn last: another one starts from an empty table, not the last one's. */
let drawnMarket: string | undefined;

/** A model's or a provider's market page, from market.json (and the leaderboards for its record). */
export function renderMarketView(
  market: NonNullable<ViewState["market"]>,
  view: {
    state: ViewState;
    update: (change: Partial<ViewState>) => void;
    href: MarketHref;
    /** The changes view's link. */
    changes: string;
    /** The page's own title, after the market page's name. */
    title: string;
  },
): Promise<void> {
  const { state, update } = view;
  const back = byId("market-back") as HTMLAnchorElement;
  back.href = formatState({ ...state, market: undefined }) || "#overview";
  renderSwitch(
    byId("market-window-switch"),
    "window",
    windows.map((value) => ({ value, label: windowLabels[value] })),
    state.window,
    (window) => update({ window }),
  );
  const note = byId("market-note");
  note.hidden = state.chain === "all";
  note.textContent = "The market counts every chain together: the API publishes it for all chains only.";
  const parts = {
    title: byId("market-title"),
    summary: byId("market-summary"),
    record: byId("market-record"),
    table: byId("market-table"),
    router: byId("market-router"),
    picture: byId("market-picture"),
    pictureTitle: byId("market-picture-title"),
    history: byId("market-history"),
  };
  if (drawnMarket !== market.id) {
    for (const part of [parts.record, parts.table, parts.router, parts.picture, parts.history])
      part.replaceChildren();
    drawnMarket = market.id;
  }
  const page = {
    window: state.window,
    sort: state.marketSort,
    onSort: (marketSort: ViewState["marketSort"]) => update({ marketSort }),
    href: view.href,
    changes: view.changes,
  };
  const standings = <T>(load: Promise<T>) => load.catch(() => undefined);
  return fill(
    parts.summary,
    () =>
      Promise.all([
        loadFile("market.json"),
        market.kind === "model" ? standings(loadFile("models.json")) : standings(loadFile("providers.json")),
      ]),
    ([file, board]) => {
      if (market.kind === "model")
        renderModelPage(parts, file, board as ModelLeaderboard | undefined, { ...page, modelId: market.id });
      else
        renderProviderPage(parts, file, board as ProviderLeaderboard | undefined, {
          ...page,
          provider: market.id,
        });
      document.title = `${parts.title.firstChild?.textContent ?? "Market"} · ${view.title}`;
    },
  );
}
