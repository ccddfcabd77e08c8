import type { RouterEntry } from "../api/responseTypes.js";
import type { RouterRecord } from "./IndexReader.js";
import { routerScore } from "./routerScore.js";

/**
 * A model's `router` (SPEC.md 1.3): per chain whose read holds active bids of the model, the bids
 * in getModelActiveBids' order, scored (routerScore.ts), those with a NaN or infinite score left
 * out, sorted by score descending, ties in that order (a stable sort, as the router's for a
 * dozen bids); on a chain whose views reverted, `available: false` and no bids where the model
 * has an offer there (`offeredOn`). Chains by chainId.
 */
export function computeRouter(
  modelId: string,
  reads: readonly RouterRecord[],
  offeredOn: ReadonlySet<number>,
): RouterEntry[] {
  const entries: RouterEntry[] = [];
  for (const read of reads) {
    if (!read.available) {
      if (offeredOn.has(read.chainId)) entries.push({ chainId: read.chainId, available: false, bids: [] });
      continue;
    }
    const model = read.models.get(modelId);
    if (!model || model.bids.length === 0) continue;
    const bids = model.bids
      .map((bid) => ({
        bidId: bid.bidId,
        provider: bid.provider,
        ...routerScore({
          pair: bid.stats,
          model: model.stats,
          pricePerSecond: bid.pricePerSecond,
          stake: bid.stake,
          minimumStake: read.minimumStake,
        }),
      }))
      .filter((bid) => Number.isFinite(bid.score));
    bids.sort((a, b) => b.score - a.score);
    entries.push({ chainId: read.chainId, available: true, bids });
  }
  return entries;
}
