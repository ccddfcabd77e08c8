import type { Market } from "../api/responseTypes.js";
import { chainName } from "./chartTheme.js";
import { element } from "./element.js";
import { format } from "./format.js";
import type { MarketHref } from "./marketRows.js";
import { modelLabel } from "./modelLabel.js";
import {
  type ProviderRank,
  type RouterBid,
  type RouterModel,
  routerRows,
  routerTerms,
  termNames,
} from "./routerModel.js";

/** A short address that a line never breaks after its ellipsis (a word joiner): in running text. */
export const wholeHex = (address: string) => format.shortHex(address).replace("…", "…\u2060");

const th = (text: string, attributes: Record<string, string> = {}) =>
  element("th", { scope: "col", ...attributes }, text);
const table = (kind: string, head: HTMLElement[], rows: HTMLElement[]) =>
  element(
    "div",
    { class: "table-wrap" },
    element(
      "table",
      { class: `board ${kind}` },
      element("thead", {}, element("tr", {}, ...head)),
      element("tbody", {}, ...rows),
    ),
  );

/** The five terms as small bars (0 to 1 each, before weighting), each named with its value. */
function termBars(bid: RouterBid): HTMLElement {
  const bars = routerTerms.map((term) => {
    const value = bid[term];
    const bar = element("span", {
      class: value === 0 ? "term zero" : "term",
      "data-term": term,
      "data-value": String(value),
      title: `${termNames[term]}: ${format.decimal(value, 3)}`,
    });
    bar.style.setProperty("--v", String(Math.min(1, Math.max(0, value))));
    return bar;
  });
  return element(
    "span",
    {
      class: "terms",
      "aria-label": routerTerms
        .map((term) => `${termNames[term]} ${format.decimal(bid[term], 2)}`)
        .join(", "),
    },
    ...bars,
  );
}

const weights =
  "Score: (0.24 × speed + 0.08 × time to first token + 0.24 × session time + 0.32 × success + 0.12 × stake) ÷ the price in MOR a second; each term from 0 to 1, drawn as a bar in that order.";

/**
 * A model's `router` (SPEC 1.3): on each chain, its active bids in the order the network's own
 * router tries them (rank, provider, price, score, the five terms as bars), and why the first
 * leads and the last trails (routerModel.ts). Nothing when the publication has no `router`.
 */
export function renderRouter(container: HTMLElement, model: RouterModel, href: MarketHref): void {
  if (!model.router) {
    container.replaceChildren();
    return;
  }
  const chains = model.router.map((chain) => {
    const title = element("h4", {}, `On ${chainName(chain.chainId)}`);
    if (!chain.available)
      return [
        title,
        element(
          "p",
          { class: "note" },
          "The router's views cannot be read on this chain's contracts: no order to show.",
        ),
      ];
    const ranked = routerRows(chain, model);
    const rows = ranked.map((row) =>
      element(
        "tr",
        { "data-id": row.bid.provider, "data-bid": row.bid.bidId },
        element("td", { class: "number" }, String(row.rank)),
        element(
          "th",
          { scope: "row" },
          element(
            "a",
            { class: "page-link", href: href("provider", row.bid.provider), title: row.bid.provider },
            format.shortHex(row.bid.provider),
          ),
        ),
        element(
          "td",
          { class: "number", "data-column": "price" },
          row.price === undefined ? "—" : format.perHour(row.price),
        ),
        element(
          "td",
          { class: "number", "data-column": "score" },
          format.decimal(row.bid.score, Math.max(0, 2 - Math.floor(Math.log10(row.bid.score || 1)))),
        ),
        element("td", {}, termBars(row.bid)),
      ),
    );
    // Why the first leads and the last trails, below the table: whole on a phone too.
    const reasons = ranked.flatMap((row) =>
      row.reason
        ? [
            element(
              "li",
              { class: "reason", "data-rank": String(row.rank) },
              element("strong", {}, row.rank === 1 ? "First" : "Last"),
              ` (${wholeHex(row.bid.provider)}): ${row.reason}`,
            ),
          ]
        : [],
    );
    return [
      title,
      table(
        "router-table",
        [
          th("#", { class: "number" }),
          th("Provider"),
          th("Price now", { class: "number" }),
          th("Score", { class: "number" }),
          th("Terms", { title: weights }),
        ],
        rows,
      ),
      element("ul", { class: "reasons" }, ...reasons),
    ];
  });
  container.replaceChildren(
    element(
      "h3",
      {},
      "The router's order ",
      element("span", { class: "muted" }, "(whom the network's consumer node tries first)"),
    ),
    element(
      "p",
      { class: "note" },
      "Each chain's active bids in the order of the score the proxy-router (v5.14.0 on) gives them at the last synced block, the highest first. ",
      weights,
      " The router reduces stakes to 64 bits: a stake of 2^63 wei (9.22 MOR) or more may score 0 on stake.",
    ),
    ...(chains.length === 0
      ? [element("p", { class: "empty" }, "No active bid on any chain.")]
      : chains.flat()),
  );
}

/** A provider's place in each model's router order (as a list: whole on a phone), and what would raise it; nothing when the publication has no `router`. */
export function renderProviderRanks(
  container: HTMLElement,
  market: Market,
  ranks: readonly ProviderRank[],
  href: MarketHref,
): void {
  if (!(market.models as RouterModel[]).some((model) => model.router)) {
    container.replaceChildren();
    return;
  }
  const items = ranks.map((rank) =>
    element(
      "li",
      { "data-id": rank.model.modelId, "data-chain": String(rank.chainId) },
      element(
        "a",
        { class: "page-link", href: href("model", rank.model.modelId) },
        modelLabel(rank.model.name, rank.model.modelId),
      ),
      ` on ${chainName(rank.chainId)}: `,
      element("strong", { "data-column": "rank" }, `${rank.rank} of ${rank.of}`),
      rank.rank === 1 ? "; " : "; to rise (the others unchanged): ",
      element("span", { class: "reason" }, rank.advice),
    ),
  );
  container.replaceChildren(
    element("h3", {}, "Its place in the router's order"),
    items.length === 0
      ? element("p", { class: "empty" }, "None of its bids is active in the router's order now.")
      : element("ul", { class: "reasons ranks" }, ...items),
  );
}
