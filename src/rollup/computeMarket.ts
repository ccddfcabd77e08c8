import type { ApiFiles, Offer, PairMarket, PairWindow } from "../api/apiTypes.js";
import { compareLowercase } from "./compareLowercase.js";
import type { Labels } from "./computeChainFiles.js";
import { computeRouter } from "./computeRouter.js";
import type { DenseIndices } from "./createDenseIndices.js";
import { type Tally, windowNames } from "./createTally.js";
import { earnedOf, figuresOf } from "./figuresOf.js";
import type { RouterRecord } from "./IndexReader.js";
import type { PairBid } from "./pairBids.js";

/**
 * market.json (SPEC.md 1.2, 1.3): every model with a closed session of a pair, or a bid; for each,
 * every provider with a closed session of that pair or a bid for it, with the pair's bids (its
 * prices over time: pairBids.ts), its offers (those of its bids standing at the as-of) and its
 * four windows, each with earnedPerMillionTokens where the window has closes with tokens; and each
 * model's router order on every chain (computeRouter.ts).
 */
export function computeMarket(
  tally: Tally,
  ix: DenseIndices,
  labels: Labels,
  bidsByPair: ReadonlyMap<number, readonly PairBid[]>,
  routerReads: readonly RouterRecord[],
  asOf: number,
): ApiFiles["market.json"] {
  const W = windowNames.length;
  const all = W - 1;
  const byModel = new Map<number, PairMarket[]>();
  for (let k = 0; k < ix.pairCount; k++) {
    const bids = bidsByPair.get(k) ?? [];
    if ((tally.pairWindows.sums.sessions[k * W + all] as number) === 0 && bids.length === 0) continue;
    const offers: Offer[] = bids
      .filter((bid) => bid.deletedAt === 0)
      .map(({ chainId, bidId, pricePerSecond, createdAt }) => ({
        chainId,
        bidId,
        pricePerSecond: pricePerSecond.toString(),
        createdAt,
      }));
    offers.sort(
      (a, b) => a.chainId - b.chainId || a.createdAt - b.createdAt || compareLowercase(a.bidId, b.bidId),
    );
    const bidsOfPair = ix.pairBids[k] as number[];
    const windows = Object.fromEntries(
      windowNames.map((name, w) => [name, pairWindow(tally, k * W + w, bidsOfPair, ix.bidPrices)]),
    ) as PairMarket["windows"];
    const model = ix.pairModel[k] as number;
    const list = byModel.get(model) ?? [];
    list.push({
      provider: labels.providers.get(ix.providerRefs[ix.pairProvider[k] as number] as number) as string,
      offers,
      bids: bids.map(({ chainId, bidId, pricePerSecond, createdAt, deletedAt }) => ({
        chainId,
        bidId,
        pricePerSecond: pricePerSecond.toString(),
        createdAt,
        deletedAt,
      })),
      windows,
    });
    byModel.set(model, list);
  }

  const models = [...byModel].map(([model, providers]) => {
    const ref = ix.modelRefs[model] as number;
    providers.sort((a, b) => compareLowercase(a.provider, b.provider));
    const modelId = labels.modelIds.get(ref) as string;
    const offeredOn = new Set(providers.flatMap((pair) => pair.offers.map((offer) => offer.chainId)));
    const router = computeRouter(modelId, routerReads, offeredOn);
    return { modelId, name: labels.modelName(ref), providers, router };
  });
  models.sort((a, b) => compareLowercase(a.modelId, b.modelId));
  return { asOf, models };
}

/** A pair's window: a summary window of its closes (the pair is its one provider and model). */
function pairWindow(
  tally: Tally,
  bucket: number,
  bids: readonly number[],
  prices: readonly bigint[],
): PairWindow {
  const figures = figuresOf(tally.pairWindows, bucket, bids, prices);
  const closed = figures.sessions > 0 ? 1 : 0;
  const window: PairWindow = { ...figures, providers: closed, models: closed } as PairWindow;
  const tokens = BigInt(figures.tokens);
  if (tokens > 0n) {
    const earned = earnedOf(tally.pairTokenTime, bucket, bids, prices);
    window.earnedPerMillionTokens = perMillion(earned, tokens);
  }
  return window;
}

/** floor(1,000,000 * earned / tokens) as a decimal string: exact integer arithmetic (tokens > 0). */
export function perMillion(earned: bigint, tokens: bigint): string {
  return ((1_000_000n * earned) / tokens).toString();
}
