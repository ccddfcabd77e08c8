import { element } from "./element.js";
import { format } from "./format.js";
import {
  type MarketColumn,
  type MarketRow,
  type MarketSort,
  marketColumns,
  sortMarketRows,
} from "./marketRows.js";
import { chainPriceText, renderChainPrices } from "./renderChainPrices.js";

const headers: Record<MarketColumn, (kind: "model" | "provider") => string> = {
  name: (kind) => (kind === "model" ? "Provider" : "Model"),
  price: () => "Price now",
  perMillion: () => "MOR per 1M tokens",
  ttft: () => "TTFT",
  tps: () => "Speed (tok/s)",
  disputed: () => "Disputed",
  sessions: () => "Sessions",
  tokens: () => "Tokens",
  hours: () => "Hours",
};

const hints: Partial<Record<MarketColumn, string>> = {
  price:
    "Its bid standing now on each chain, in MOR per hour of session: the cheapest chain first, the others below",
  perMillion:
    "What it earned per million tokens served in this window, at the prices of its sessions' bids on every chain (sessions pay for time, not tokens): not a price list",
  ttft: "Median time to first token; below it the 90th percentile over sessions (each session's mean), not over requests",
  tps: "Median output tokens per second; below it the 10th percentile over sessions (each session's mean), not over requests",
};

/** A median with its tail over sessions on a smaller line below ("p90 3.951 s"), when there is one. */
const withTail = (median: string, tail: string | undefined): Node | string =>
  tail === undefined
    ? median
    : element(
        "span",
        { class: "chain-prices" },
        element("span", { class: "chain-price" }, median),
        element("span", { class: "chain-price other tail" }, tail),
      );

function cell(row: MarketRow, column: MarketColumn): Node | string {
  const { window } = row;
  switch (column) {
    case "price":
      return renderChainPrices(
        row.chains,
        (chain) =>
          `${chainPriceText(chain)}: ${chain.bids > 1 ? `${chain.bids} bids, the lowest ` : "bid "}${format.shortHex(chain.cheapest.bidId)}, since ${format.utc(chain.cheapest.createdAt)}`,
        true,
      );
    case "perMillion":
      return window.earnedPerMillionTokens === undefined
        ? "—"
        : format.morShort(window.earnedPerMillionTokens);
    case "ttft":
      return withTail(
        format.seconds(window.ttft),
        window.ttftP90 === undefined ? undefined : `p90 ${format.seconds(window.ttftP90)}`,
      );
    case "tps":
      return window.tps === undefined
        ? "—"
        : withTail(
            format.decimal(window.tps, 3),
            window.tpsP10 === undefined ? undefined : `p10 ${format.decimal(window.tpsP10, 3)}`,
          );
    case "disputed":
      return format.share(window.disputed, window.sessions);
    case "hours":
      return format.hours(window.seconds).replace(" h", "");
    case "sessions":
      return format.integer(window.sessions);
    case "tokens":
      return format.integer(window.tokens);
    default:
      return row.name;
  }
}

/**
 * A market table: a model's providers (or a provider's models) side by side over one window,
 * sortable by every column (a header button; aria-sort says how), each name a link to its page.
 */
export function renderMarketTable(
  container: HTMLElement,
  kind: "model" | "provider",
  rows: readonly MarketRow[],
  sort: MarketSort,
  options: {
    href: (row: MarketRow) => string;
    label: (row: MarketRow) => string;
    onSort: (sort: MarketSort) => void;
  },
): void {
  const head = marketColumns.map((column) => {
    const sorted = sort.column === column;
    const button = element(
      "button",
      {
        type: "button",
        class: "sort",
        "data-focus": `market-sort-${column}`,
        "data-column": column,
        ...(hints[column] ? { title: hints[column] as string } : {}),
      },
      headers[column](kind),
      element(
        "span",
        { class: "sort-mark", "aria-hidden": "true" },
        sorted ? (sort.descending ? " ▼" : " ▲") : "",
      ),
    );
    // A first click sorts names A to Z, prices and times low to high, volumes high to low.
    const ascendingFirst = ["name", "price", "perMillion", "ttft", "disputed"].includes(column);
    button.addEventListener("click", () =>
      options.onSort({ column, descending: sorted ? !sort.descending : !ascendingFirst }),
    );
    return element(
      "th",
      {
        scope: "col",
        class: column === "name" ? "" : "number",
        "data-column": column,
        ...(sorted ? { "aria-sort": sort.descending ? "descending" : "ascending" } : {}),
      },
      button,
    );
  });
  const body = sortMarketRows(rows, sort).map((row) =>
    element(
      "tr",
      { "data-id": row.id, class: row.price === undefined ? "no-offer" : "" },
      element(
        "th",
        { scope: "row" },
        element(
          "a",
          {
            class: "page-link",
            href: options.href(row),
            "data-focus": `market-row-${row.id}`,
            title: row.name === row.id ? row.id : `${row.name}\n${row.id}`,
          },
          options.label(row),
        ),
      ),
      ...marketColumns
        .slice(1)
        .map((column) => element("td", { class: "number", "data-column": column }, cell(row, column))),
    ),
  );
  container.replaceChildren(
    element(
      "table",
      { class: "board market-table", "data-kind": kind },
      element("thead", {}, element("tr", {}, ...head)),
      element("tbody", {}, ...body),
    ),
  );
}
