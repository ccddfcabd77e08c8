import type { MarketChange } from "../../../src/api/responseTypes.js";
import type { ChainHistory } from "./chainHistory.js";
import { compareLowercase } from "./compareLowercase.js";
import { marketBids } from "./marketFile.js";

/** A change as changes.json's schema types it (the shape; what fills it is worked out here). */
type Change = MarketChange;

/**
 * changes.json (SPEC.md 1.3), read literally from the pairs' bids (marketBids): a bid is repriced
 * when the bid of the same chain, modelId, provider and nonce - 1 is among them with deletedAt
 * equal to its createdAt, else posted; a bid with a deletedAt is withdrawn unless the bid of
 * nonce + 1 is among them created at that time. Newest first, then chainId, bidId, withdrawn first.
 */
export function changesFile(
  chains: readonly ChainHistory[],
  asOf: number,
): { asOf: number; changes: Change[] } {
  const all = marketBids(chains, asOf);
  const find = (chainId: number, modelId: string, provider: string, nonce: bigint) =>
    all.find(
      (o) =>
        o.bid.chainId === chainId &&
        o.modelId === modelId &&
        o.provider === provider &&
        o.bid.nonce === nonce,
    )?.bid;
  const changes: Change[] = [];
  for (const { modelId, provider, bid } of all) {
    const base = { chainId: bid.chainId, modelId, provider, bidId: bid.bidId };
    const previous = find(bid.chainId, modelId, provider, bid.nonce - 1n);
    if (previous && previous.deletedAt === bid.createdAt)
      changes.push({
        time: bid.createdAt,
        ...base,
        kind: "repriced",
        pricePerSecond: bid.pricePerSecond,
        previousBidId: previous.bidId,
        previousPricePerSecond: previous.pricePerSecond,
      });
    else changes.push({ time: bid.createdAt, ...base, kind: "posted", pricePerSecond: bid.pricePerSecond });
    const next = find(bid.chainId, modelId, provider, bid.nonce + 1n);
    if (bid.deletedAt > 0 && !(next && next.createdAt === bid.deletedAt))
      changes.push({ time: bid.deletedAt, ...base, kind: "withdrawn", pricePerSecond: bid.pricePerSecond });
  }
  const rank = (c: Change) => (c.kind === "withdrawn" ? 0 : 1);
  changes.sort(
    (a, b) =>
      b.time - a.time || a.chainId - b.chainId || compareLowercase(a.bidId, b.bidId) || rank(a) - rank(b),
  );
  return { asOf, changes };
}
