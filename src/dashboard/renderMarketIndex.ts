import type { Market, WindowTotals } from "../api/responseTypes.js";
import { element } from "./element.js";
import { format } from "./format.js";
import type { MarketHref } from "./marketRows.js";
import { modelChainPrices } from "./marketRows.js";
import { modelLabel } from "./modelLabel.js";
import { chainPriceText, renderChainPrices } from "./renderChainPrices.js";
import type { Window } from "./standings.js";

/**
 * The market on the overview: every model of market.json (offered or served), with how many
 * providers offer it now, the cheapest offer on each chain (the cheapest chain first), and its
 * volume over the window; each links to its page.
 */
export function renderMarketIndex(
  container: HTMLElement,
  market: Market,
  window: Window,
  href: MarketHref,
): void {
  if (market.models.length === 0) {
    container.replaceChildren(element("p", { class: "empty" }, "No model is served or offered yet."));
    return;
  }
  const rows = market.models.map((model) => {
    const sum = (pick: (w: WindowTotals) => number) =>
      model.providers.reduce((total, pair) => total + pick(pair.windows[window]), 0);
    return {
      model,
      offering: model.providers.filter((pair) => pair.offers.length > 0).length,
      serving: model.providers.filter((pair) => pair.windows[window].sessions > 0).length,
      chains: modelChainPrices(model),
      sessions: sum((w) => w.sessions),
      tokens: sum((w) => w.tokens),
    };
  });
  rows.sort(
    (a, b) =>
      b.sessions - a.sessions ||
      b.offering - a.offering ||
      modelLabel(a.model.name, a.model.modelId).localeCompare(modelLabel(b.model.name, b.model.modelId)),
  );
  const th = (text: string, number = true) =>
    element("th", { scope: "col", class: number ? "number" : "" }, text);
  container.replaceChildren(
    element(
      "table",
      { class: "board market-index" },
      element(
        "thead",
        {},
        element(
          "tr",
          {},
          th("Model", false),
          th("Offering now"),
          element(
            "th",
            {
              scope: "col",
              class: "number",
              title:
                "The cheapest bid standing now on each chain, in MOR per hour of session: the cheapest chain first",
            },
            "Cheapest now",
          ),
          th("Served by"),
          th("Sessions"),
          th("Tokens"),
        ),
      ),
      element(
        "tbody",
        {},
        ...rows.map((row) =>
          element(
            "tr",
            { "data-id": row.model.modelId },
            element(
              "th",
              { scope: "row" },
              element(
                "a",
                {
                  class: "page-link",
                  href: href("model", row.model.modelId),
                  "data-focus": `market-index-${row.model.modelId}`,
                  title: `${modelLabel(row.model.name, row.model.modelId)}\n${row.model.modelId}`,
                },
                modelLabel(row.model.name, row.model.modelId),
              ),
            ),
            element("td", { class: "number" }, format.integer(row.offering)),
            element(
              "td",
              { class: "number", "data-column": "cheapest" },
              renderChainPrices(
                row.chains,
                (chain) => `${chainPriceText(chain)}: ${format.shortHex(chain.cheapest.provider)}`,
              ),
            ),
            element("td", { class: "number" }, format.integer(row.serving)),
            element("td", { class: "number" }, format.integer(row.sessions)),
            element("td", { class: "number" }, format.integer(row.tokens)),
          ),
        ),
      ),
    ),
  );
}
