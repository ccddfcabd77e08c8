import type {
  Market,
  ModelMarket,
  RouterBid as ResponseRouterBid,
  RouterEntry,
} from "../api/responseTypes.js";
import { format } from "./format.js";

/** One bid of a model's `router` (SPEC 1.3): its score and the five terms before weighting. */
export type RouterBid = ResponseRouterBid;
/** One chain's entry of a model's `router`: its active bids in the router's order. */
export type RouterChain = RouterEntry;
/** A model of market.json, with its `router`. */
export type RouterModel = ModelMarket;

export const routerTerms = ["tps", "ttft", "duration", "success", "stake"] as const;
export type RouterTerm = (typeof routerTerms)[number];
/** The router's default weights (SPEC 1.3). */
export const routerWeights: Record<RouterTerm, number> = {
  tps: 0.24,
  ttft: 0.08,
  duration: 0.24,
  success: 0.32,
  stake: 0.12,
};
/** The terms as a reader names them. */
export const termNames: Record<RouterTerm, string> = {
  tps: "speed",
  ttft: "time to first token",
  duration: "session time",
  success: "success",
  stake: "stake",
};

/** A bid's record: the weighted sum of its terms, added in the router's order; its score is this over its price in MOR a second. */
export const record = (bid: RouterBid): number =>
  0.24 * bid.tps + 0.08 * bid.ttft + 0.24 * bid.duration + 0.32 * bid.success + 0.12 * bid.stake;

export type RouterRow = {
  rank: number;
  bid: RouterBid;
  /** The bid's price (wei of MOR a second), from the pair's bids in market.json; undefined if not there. */
  price: bigint | undefined;
  record: number;
  /** Why it is first or last (rows between have none). */
  reason?: string;
};

/** Records this close are equal: the same terms added in another order differ in the last bits only. */
const same = (a: number, b: number) => Math.abs(a - b) <= 1e-12;

/** The term in which `a` leads `b` most, weighted (`a` ahead of `b` when positive). */
function leadingTerm(a: RouterBid, b: RouterBid): RouterTerm {
  const lead = (term: RouterTerm) => routerWeights[term] * (a[term] - b[term]);
  return routerTerms.reduce((best, term) => (lead(term) > lead(best) ? term : best));
}

const stakeZero =
  "scores 0 on stake: a stake under the minimum, or of 2^63 wei (9.22 MOR) or more, which the router reduces to 64 bits";
const successZero = "no successful signed session yet: scores 0 on success";

/**
 * Why the first bid leads, from the terms and prices alone (no stake amount is published):
 * - the only bid: said so;
 * - an equal record (weighted terms) to the second's: "cheapest at equal record", or, at an equal
 *   price too, first by the router's input order;
 * - a better record: at no higher price, "better record"; at a higher price, that record (the term
 *   it leads most in) outweighs the price;
 * - a weaker record (so a lower price): the lower price outweighs it.
 */
export function topReason(rows: readonly RouterRow[]): string {
  const [first, second] = rows;
  if (!first) return "";
  if (!second) return "the only bid the router can try here";
  const cheaper = first.price !== undefined && second.price !== undefined && first.price < second.price;
  const dearer = first.price !== undefined && second.price !== undefined && first.price > second.price;
  if (same(first.record, second.record))
    return cheaper ? "cheapest at equal record" : "equal record and price: first in the router's input order";
  if (first.record > second.record)
    return `better record (most on ${termNames[leadingTerm(first.bid, second.bid)]})${dearer ? ", worth its higher price" : ", at no higher price"}`;
  return "cheaper: its price outweighs a weaker record";
}

/**
 * Why the last bid trails (two bids or more): a term at 0 that costs it most (no successful signed
 * session; nothing on stake); else, against the bid above it, a weaker record (the term it trails
 * most in), or a higher price at an equal record, or a price that outweighs a better record.
 */
export function bottomReason(rows: readonly RouterRow[]): string {
  const last = rows[rows.length - 1];
  const above = rows[rows.length - 2];
  if (!last || !above) return "";
  const zeros = [
    ...(last.bid.success === 0 ? [successZero] : []),
    ...(last.bid.stake === 0 ? [stakeZero] : []),
  ];
  if (zeros.length > 0) return zeros.join("; ");
  if (same(last.record, above.record)) return "dearer at equal record";
  if (last.record < above.record)
    return `weaker record (least on ${termNames[leadingTerm(above.bid, last.bid)]})`;
  return "dearer: its price outweighs a better record";
}

/** A chain's router entry as rows: ranks from 1, each bid's price from the model's pairs, the first's and the last's reasons. */
export function routerRows(chain: RouterChain, model: ModelMarket): RouterRow[] {
  const prices = new Map(
    model.providers.flatMap((pair) =>
      pair.bids
        .filter((bid) => bid.chainId === chain.chainId)
        .map((bid) => [bid.bidId, BigInt(bid.pricePerSecond)] as const),
    ),
  );
  const rows: RouterRow[] = chain.bids.map((bid, index) => ({
    rank: index + 1,
    bid,
    price: prices.get(bid.bidId),
    record: record(bid),
  }));
  if (rows[0]) rows[0].reason = topReason(rows);
  const last = rows[rows.length - 1];
  if (last && rows.length > 1) last.reason = bottomReason(rows);
  return rows;
}

/** A provider's place in one model's router order on one chain, and what would raise it. */
export type ProviderRank = {
  model: RouterModel;
  chainId: number;
  rank: number;
  of: number;
  advice: string;
};

/**
 * What would raise a bid one place, from the scores and terms alone, the others unchanged: first,
 * nothing; else a price under the one at which its score passes the bid above (score = record /
 * price, so that price is record / the above's score), and the terms that cost it (success or
 * stake at 0) or, failing those, the term it trails the bid above most in.
 */
export function raiseAdvice(rows: readonly RouterRow[], index: number, label: (provider: string) => string) {
  const row = rows[index];
  const above = rows[index - 1];
  if (!row) return "";
  if (!above) return "first: the router tries it first";
  const tips: string[] = [];
  if (row.record > 0 && above.bid.score > 0) {
    const perHour = BigInt(Math.floor((row.record / above.bid.score) * 3600 * 1e18));
    tips.push(`a price under ${format.morShort(perHour)}/h would pass ${label(above.bid.provider)}`);
  }
  if (row.bid.success === 0) tips.push("a successful signed session (scores 0 on success)");
  if (row.bid.stake === 0)
    tips.push("a stake of at least the minimum and under 2^63 wei (scores 0 on stake)");
  if (tips.length < 2 && row.record < above.record)
    tips.push(`a better ${termNames[leadingTerm(above.bid, row.bid)]}`);
  return tips.join("; or ");
}

/** Every place a provider holds in the router's order, by model and chain. */
export function providerRanks(
  market: Market,
  provider: string,
  label: (provider: string) => string,
): ProviderRank[] {
  const wanted = provider.toLowerCase();
  return (market.models as RouterModel[]).flatMap((model) =>
    (model.router ?? []).flatMap((chain) => {
      const rows = routerRows(chain, model);
      const index = rows.findIndex((row) => row.bid.provider.toLowerCase() === wanted);
      if (index < 0) return [];
      return [
        {
          model,
          chainId: chain.chainId,
          rank: index + 1,
          of: rows.length,
          advice: raiseAdvice(rows, index, label),
        },
      ];
    }),
  );
}
