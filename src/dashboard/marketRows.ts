import type { Market, ModelMarket, Offer, PairWindow } from "../api/responseTypes.js";
import type { Window } from "./standings.js";

export const marketColumns = [
  "name",
  "price",
  "perMillion",
  "ttft",
  "tps",
  "disputed",
  "sessions",
  "tokens",
  "hours",
] as const;
export type MarketColumn = (typeof marketColumns)[number];
export type MarketSort = { column: MarketColumn; descending: boolean };

/** The link to a market page (a model's by its modelId, a provider's by its address), keeping the view. */
export type MarketHref = (kind: "model" | "provider", id: string) => string;

/** The market tables' order until a reader picks another: the cheapest offer first. */
export const defaultMarketSort: MarketSort = { column: "price", descending: false };

/**
 * One row of a market table: a provider of a model (the model's page), or a model of a provider
 * (the provider's page), with its offers and its window.
 */
export type MarketRow = {
  /** The provider's address (a model's page) or the modelId (a provider's page). */
  id: string;
  name: string;
  /** Its standing offers by chain, the cheapest chain first. */
  chains: ChainPrice[];
  /** The lowest price among them (the first chain's), wei of MOR per second; undefined without an offer. */
  price: bigint | undefined;
  window: PairWindow;
};

/** One chain's part of some offers: the lowest bid standing there, and how many stand there. */
export type ChainPrice<O extends Offer = Offer> = {
  chainId: number;
  /** The lowest bid's price, wei of MOR per second. */
  price: bigint;
  /** The bid at that price (the first of them in the order given). */
  cheapest: O;
  bids: number;
};

/** Every offer of a model's providers, each with its provider: what chainPrices groups for a model. */
export function modelChainPrices(model: ModelMarket): Array<ChainPrice<Offer & { provider: string }>> {
  return chainPrices(
    model.providers.flatMap((pair) => pair.offers.map((offer) => ({ ...offer, provider: pair.provider }))),
  );
}

/**
 * Offers grouped by chain, each chain at its lowest bid, the cheapest chain first (equal prices in
 * chain order): what a reader pays where. A cheap bid on one chain says nothing of the other's.
 */
export function chainPrices<O extends Offer>(offers: readonly O[]): Array<ChainPrice<O>> {
  const byChain = new Map<number, ChainPrice<O>>();
  for (const offer of offers) {
    const price = BigInt(offer.pricePerSecond);
    const known = byChain.get(offer.chainId);
    if (!known) byChain.set(offer.chainId, { chainId: offer.chainId, price, cheapest: offer, bids: 1 });
    else {
      known.bids += 1;
      if (price < known.price) Object.assign(known, { price, cheapest: offer });
    }
  }
  return [...byChain.values()].sort((a, b) =>
    a.price < b.price ? -1 : a.price > b.price ? 1 : a.chainId - b.chainId,
  );
}

const rowOf = (id: string, name: string, offers: readonly Offer[], window: PairWindow): MarketRow => {
  const chains = chainPrices(offers);
  return { id, name, chains, price: chains[0]?.price, window };
};

/** A model's providers over one window (its page's rows); undefined when market.json has no such model. */
export function modelRows(
  market: Market,
  modelId: string,
  window: Window,
): { model: ModelMarket; rows: MarketRow[] } | undefined {
  const model = market.models.find((item) => item.modelId === modelId);
  if (!model) return undefined;
  const rows = model.providers.map((pair) =>
    rowOf(pair.provider, pair.provider, pair.offers, pair.windows[window]),
  );
  return { model, rows };
}

/** A provider's models over one window (its page's rows), named as the page names models. */
export function providerRows(
  market: Market,
  provider: string,
  window: Window,
  nameOf: (modelId: string, name: string) => string,
): MarketRow[] {
  const wanted = provider.toLowerCase();
  return market.models.flatMap((model) =>
    model.providers
      .filter((pair) => pair.provider.toLowerCase() === wanted)
      .map((pair) =>
        rowOf(model.modelId, nameOf(model.modelId, model.name), pair.offers, pair.windows[window]),
      ),
  );
}

/** What a column sorts by; undefined (no offer, nothing measured, no session) sorts last. */
function sortValue(row: MarketRow, column: MarketColumn): number | bigint | string | undefined {
  const { window } = row;
  switch (column) {
    case "name":
      return row.name.toLowerCase();
    case "price":
      return row.price;
    case "perMillion":
      return window.earnedPerMillionTokens === undefined ? undefined : BigInt(window.earnedPerMillionTokens);
    case "ttft":
      return window.ttft;
    case "tps":
      return window.tps;
    case "disputed":
      return window.sessions === 0 ? undefined : window.disputed / window.sessions;
    case "hours":
      return window.seconds;
    default:
      return window[column];
  }
}

/**
 * Rows sorted by a column, ties by sessions (most first) then name; rows without a value in that
 * column last whichever the direction.
 */
export function sortMarketRows(rows: readonly MarketRow[], sort: MarketSort): MarketRow[] {
  const compare = (a: number | bigint | string, b: number | bigint | string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...rows].sort((a, b) => {
    const left = sortValue(a, sort.column);
    const right = sortValue(b, sort.column);
    if (left === undefined || right === undefined) {
      if (left !== right) return left === undefined ? 1 : -1;
    } else {
      const order = compare(left, right);
      if (order !== 0) return sort.descending ? -order : order;
    }
    return b.window.sessions - a.window.sessions || compare(a.name.toLowerCase(), b.name.toLowerCase());
  });
}
