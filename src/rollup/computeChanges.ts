import type { ApiFiles } from "../api/apiTypes.js";
import { compareLowercase } from "./compareLowercase.js";
import type { Labels } from "./computeChainFiles.js";
import type { DenseIndices } from "./createDenseIndices.js";
import type { PairBid } from "./pairBids.js";

type Change = ApiFiles["changes.json"]["changes"][number];

/** withdrawn first among changes of one time, chain and bid (a bid created and withdrawn in one second). */
const kindOrder = { withdrawn: 0, posted: 1, repriced: 1 } as const;

/**
 * changes.json (SPEC.md 1.3): every pair's bids (pairBids.ts) as market events. A bid is repriced
 * when the pair's bid of the same chain and nonce - 1 is among them and was deleted when this one
 * was created (a re-post deletes the previous bid in the same transaction); else posted. A bid
 * deleted at or before the as-of is withdrawn, unless the bid of nonce + 1 was created then (that
 * repricing covers it). A bid without a nonce (one a database before 1.3 holds and that could not
 * be read again) names no neighbour. Sorted by time descending, chainId, bidId, withdrawn first.
 */
export function computeChanges(
  ix: DenseIndices,
  labels: Labels,
  bidsByPair: ReadonlyMap<number, readonly PairBid[]>,
  asOf: number,
): ApiFiles["changes.json"] {
  const changes: Change[] = [];
  for (const [pair, bids] of bidsByPair) {
    const modelId = labels.modelIds.get(ix.modelRefs[ix.pairModel[pair] as number] as number) as string;
    const provider = labels.providers.get(
      ix.providerRefs[ix.pairProvider[pair] as number] as number,
    ) as string;
    const byNonce = new Map<string, PairBid>();
    for (const bid of bids) if (bid.nonce !== null) byNonce.set(`${bid.chainId}:${bid.nonce}`, bid);
    const neighbour = (bid: PairBid, step: bigint) =>
      bid.nonce === null ? undefined : byNonce.get(`${bid.chainId}:${bid.nonce + step}`);
    for (const bid of bids) {
      const common = { chainId: bid.chainId, modelId, provider, bidId: bid.bidId };
      const price = bid.pricePerSecond.toString();
      const previous = neighbour(bid, -1n);
      if (previous !== undefined && previous.deletedAt === bid.createdAt)
        changes.push({
          time: bid.createdAt,
          ...common,
          kind: "repriced",
          pricePerSecond: price,
          previousBidId: previous.bidId,
          previousPricePerSecond: previous.pricePerSecond.toString(),
        });
      else changes.push({ time: bid.createdAt, ...common, kind: "posted", pricePerSecond: price });
      if (bid.deletedAt > 0 && neighbour(bid, 1n)?.createdAt !== bid.deletedAt)
        changes.push({ time: bid.deletedAt, ...common, kind: "withdrawn", pricePerSecond: price });
    }
  }
  changes.sort(
    (a, b) =>
      b.time - a.time ||
      a.chainId - b.chainId ||
      compareLowercase(a.bidId, b.bidId) ||
      kindOrder[a.kind] - kindOrder[b.kind],
  );
  return { asOf, changes };
}
