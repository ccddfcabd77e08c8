import { chainName } from "./chartTheme.js";
import { element } from "./element.js";
import { format } from "./format.js";
import type { ChainPrice } from "./marketRows.js";

/** A chain's price as a line: "0.0108 MOR/h on Base". */
export const chainPriceText = (chain: ChainPrice): string =>
  `${format.perHour(chain.price)} on ${chainName(chain.chainId)}`;

/**
 * Prices by chain in a table cell: the cheapest chain's price and name on the first line, each other
 * chain's on a smaller line below, so that a reader sees what a session costs where (where the
 * table is short of room, the first chain's name moves to a line of its own: tables.css); `title`
 * (a tooltip) says more of each chain's bid. `countBids`: one offerer's cell, where several bids of one chain say "(2 bids)".
 */
export function renderChainPrices<O extends ChainPrice["cheapest"]>(
  chains: ReadonlyArray<ChainPrice<O>>,
  title: (chain: ChainPrice<O>) => string,
  countBids = false,
): HTMLElement | string {
  if (chains.length === 0) return "no offer";
  return element(
    "span",
    { class: "chain-prices", title: chains.map(title).join("\n") },
    ...chains.map((chain, k) =>
      element(
        "span",
        { class: k === 0 ? "chain-price" : "chain-price other", "data-chain": String(chain.chainId) },
        element("span", { class: "amount" }, format.perHour(chain.price)),
        " ",
        element(
          "span",
          { class: "chain-name" },
          `on ${chainName(chain.chainId)}${countBids && chain.bids > 1 ? ` (${chain.bids} bids)` : ""}`,
        ),
      ),
    ),
  );
}
