import type { ApiFiles, Offer, PairMarket, PairWindow } from "../api/apiTypes.js";
import { compareLowercase } from "./compareLowercase.js";
import type { Labels } from "./computeChainFiles.js";
import type { DenseIndices } from "./createDenseIndices.js";
import { type Tally, windowNames } from "./createTally.js";
import { earnedOf, figuresOf } from "./figuresOf.js";
import type { BidRecord, BidTimesRecord } from "./IndexReader.js";
import { standsAt } from "./standsAt.js";

/** A configured chain as the market sees it: its id and the time before its first indexed block. */
export type MarketChain = { chainId: number; fromParentTime: number | null };

/**
 * market.json (SPEC.md 1.2): every model with a closed session of a pair, or with an offer; for
 * each, every provider with a closed session of that pair or an offer for it, with the pair's
 * offers (the known bids standing at the as-of on every configured chain) and its four windows,
 * each with earnedPerMillionTokens where the window has closes with tokens.
 */
export function computeMarket(
  tally: Tally,
  ix: DenseIndices,
  labels: Labels,
  bids: ReadonlyMap<number, BidRecord>,
  bidTimes: readonly BidTimesRecord[],
  chains: readonly MarketChain[],
  asOf: number,
): ApiFiles["market.json"] {
  const W = windowNames.length;
  const all = W - 1;
  const fromParentTime = new Map(chains.map((chain) => [chain.chainId, chain.fromParentTime]));
  const offers = new Map<number, Offer[]>();
  for (const bid of bidTimes) {
    if (!fromParentTime.has(bid.chainId) || !standsAt(bid, asOf, fromParentTime.get(bid.chainId) ?? null))
      continue;
    const pair = ix.bidPair[bid.ref] ?? -1;
    const record = bids.get(bid.ref);
    if (pair < 0 || !record) throw new Error(`bid ${bid.ref} is known, but not among the readable bids`);
    const list = offers.get(pair) ?? [];
    list.push({
      chainId: bid.chainId,
      bidId: bid.bidId,
      pricePerSecond: record.pricePerSecond.toString(),
      createdAt: bid.createdAt,
    });
    offers.set(pair, list);
  }

  const byModel = new Map<number, PairMarket[]>();
  for (let k = 0; k < ix.pairCount; k++) {
    const pairOffers = offers.get(k) ?? [];
    if ((tally.pairWindows.sums.sessions[k * W + all] as number) === 0 && pairOffers.length === 0) continue;
    pairOffers.sort(
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
      offers: pairOffers,
      windows,
    });
    byModel.set(model, list);
  }

  const models = [...byModel].map(([model, providers]) => {
    const ref = ix.modelRefs[model] as number;
    providers.sort((a, b) => compareLowercase(a.provider, b.provider));
    return { modelId: labels.modelIds.get(ref) as string, name: labels.modelName(ref), providers };
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
