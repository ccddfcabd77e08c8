import type { Market, ModelLeaderboard, ProviderLeaderboard, WindowTotals } from "../api/responseTypes.js";
import { element } from "./element.js";
import { format } from "./format.js";
import {
  type MarketHref,
  type MarketRow,
  type MarketSort,
  modelChainPrices,
  modelRows,
  providerRows,
} from "./marketRows.js";
import { modelLabel } from "./modelLabel.js";
import { chainPriceText } from "./renderChainPrices.js";
import { renderMarketTable } from "./renderMarketTable.js";
import { renderPriceHistory } from "./renderPriceHistory.js";
import { renderPriceSpeed } from "./renderPriceSpeed.js";
import { renderProviderRanks, renderRouter, wholeHex } from "./renderRouter.js";
import { providerRanks } from "./routerModel.js";
import type { Window } from "./standings.js";

export type MarketPageParts = {
  title: HTMLElement;
  summary: HTMLElement;
  record: HTMLElement;
  table: HTMLElement;
  /** The router's order (a model's page) or the provider's places in it (a provider's page). */
  router: HTMLElement;
  picture: HTMLElement;
  pictureTitle: HTMLElement;
  /** Prices over time (a model's page). */
  history: HTMLElement;
};

const windowWords: Record<Window, string> = {
  "24h": "the last 24 hours",
  "7d": "the last 7 days",
  "30d": "the last 30 days",
  all: "all time",
};

/**
 * A record's figures as small cards: sessions, tokens (how many sessions counted them, when not
 * all did), hours, earned, disputed, TTFT and speed (medians, their tails over sessions below).
 */
function recordCards(totals: WindowTotals): HTMLElement[] {
  const card = (field: string, title: string, value: string, hint?: string, detail?: string) =>
    element(
      "article",
      { class: "card", "data-record": field, ...(hint ? { title: hint } : {}) },
      element("h3", {}, title),
      element("p", { class: "value" }, value),
      ...(detail ? [element("p", { class: "detail" }, detail)] : []),
    );
  const counted = totals.tokenSessions;
  return [
    card("sessions", "Sessions", format.integer(totals.sessions)),
    totals.sessions > 0 && counted === 0
      ? card("tokens", "Tokens", "no counts", "Its sessions' receipts carry no token counts")
      : card(
          "tokens",
          "Tokens",
          format.integer(totals.tokens),
          undefined,
          counted < totals.sessions
            ? `counted in ${format.integer(counted)} of ${format.integer(totals.sessions)} sessions`
            : undefined,
        ),
    card("hours", "Hours", format.hours(totals.seconds), "Inference hours: session time paid for by stake"),
    card("earned", "Earned", format.mor(totals.earned, 0), "Entitlement, not money paid"),
    card("disputed", "Disputed", format.share(totals.disputed, totals.sessions)),
    card(
      "ttft",
      "TTFT",
      format.seconds(totals.ttft),
      "Median time to first token; p90: the 90th percentile over sessions (each session's mean), not over requests",
      totals.ttftP90 === undefined ? undefined : `p90 ${format.seconds(totals.ttftP90)} over sessions`,
    ),
    card(
      "tps",
      "Speed",
      format.tps(totals.tps),
      "Median output tokens per second; p10: the 10th percentile over sessions (each session's mean), not over requests",
      totals.tpsP10 === undefined ? undefined : `p10 ${format.tps(totals.tpsP10)} over sessions`,
    ),
  ];
}

/**
 * A model's page: its providers side by side over the window (price now, MOR per million tokens,
 * TTFT, speed, disputes, volume), sortable, and each provider a point of price against speed.
 */
export function renderModelPage(
  parts: MarketPageParts,
  market: Market,
  models: ModelLeaderboard | undefined,
  view: {
    modelId: string;
    window: Window;
    sort: MarketSort;
    onSort: (sort: MarketSort) => void;
    href: MarketHref;
    changes: string;
  },
): void {
  const found = modelRows(market, view.modelId, view.window);
  if (!found) {
    parts.title.textContent = modelLabel("", view.modelId);
    parts.summary.replaceChildren(
      element(
        "p",
        { class: "empty" },
        "No provider serves or offers this model: market.json does not list it.",
      ),
    );
    for (const part of [parts.record, parts.table, parts.router, parts.picture, parts.history])
      part.replaceChildren();
    parts.pictureTitle.hidden = true;
    return;
  }
  const { model, rows } = found;
  parts.title.replaceChildren(
    modelLabel(model.name, model.modelId),
    " ",
    element("code", { class: "muted id", title: model.modelId }, format.shortHex(model.modelId)),
  );
  const offering = rows.filter((row) => row.price !== undefined);
  const serving = rows.filter((row) => row.window.sessions > 0);
  // The cheapest offer on each chain, the cheapest chain first.
  const cheapest = modelChainPrices(model).map(
    (chain) => `${chainPriceText(chain)} (${format.shortHex(chain.cheapest.provider)})`,
  );
  parts.summary.replaceChildren(
    element(
      "p",
      { id: "market-facts" },
      `${format.integer(offering.length)} provider${offering.length === 1 ? "" : "s"} offer it now`,
      cheapest.length > 0 ? `, from ${cheapest.join(" and from ")}` : "",
      `; ${format.integer(serving.length)} served it in ${windowWords[view.window]}.`,
    ),
  );
  const standing = models?.models.find((item) => item.modelId === model.modelId)?.windows[view.window];
  parts.record.replaceChildren(...(standing ? recordCards(standing) : []));
  const label = (row: MarketRow) => format.shortHex(row.name);
  const href = (row: MarketRow) => view.href("provider", row.id);
  renderMarketTable(parts.table, "model", rows, view.sort, { href, label, onSort: view.onSort });
  renderRouter(parts.router, model, view.href);
  parts.pictureTitle.hidden = false;
  renderPriceSpeed(parts.picture, rows, { label, href, what: "provider" });
  renderPriceHistory(parts.history, model, market.asOf, { href: view.href, changes: view.changes });
}

/** A provider's page: its record over the window, and each model it serves or offers, side by side. */
export function renderProviderPage(
  parts: MarketPageParts,
  market: Market,
  providers: ProviderLeaderboard | undefined,
  view: {
    provider: string;
    window: Window;
    sort: MarketSort;
    onSort: (sort: MarketSort) => void;
    href: MarketHref;
  },
): void {
  const name = (modelId: string, modelName: string) => modelLabel(modelName, modelId);
  const rows = providerRows(market, view.provider, view.window, name);
  const standing = providers?.providers.find(
    (item) => item.provider.toLowerCase() === view.provider.toLowerCase(),
  );
  const address = standing?.provider ?? rows[0]?.id ?? view.provider;
  parts.title.replaceChildren(
    `Provider ${format.shortHex(view.provider)} `,
    element("code", { class: "muted id", title: view.provider }, view.provider),
  );
  const offering = rows.filter((row) => row.price !== undefined).length;
  parts.summary.replaceChildren(
    element(
      "p",
      { id: "market-facts", "data-address": address },
      rows.length === 0
        ? "This provider neither served a model (with a readable bid) nor offers one now."
        : `Offers ${format.integer(offering)} model${offering === 1 ? "" : "s"} now; ${format.integer(
            rows.filter((row) => row.window.sessions > 0).length,
          )} served in ${windowWords[view.window]}. Its record over every model:`,
    ),
  );
  parts.record.replaceChildren(...(standing ? recordCards(standing.windows[view.window]) : []));
  renderMarketTable(parts.table, "provider", rows, view.sort, {
    href: (row) => view.href("model", row.id),
    label: (row) => row.name,
    onSort: view.onSort,
  });
  renderProviderRanks(parts.router, market, providerRanks(market, view.provider, wholeHex), view.href);
  parts.pictureTitle.hidden = true;
  parts.picture.replaceChildren();
  parts.history.replaceChildren();
}
