import type { BidRecord } from "./IndexReader.js";

/**
 * Dense indices over the models, providers and bids a computation can meet, so that the tally
 * files everything in typed arrays. Every bid belongs to one model and one provider, so to one
 * (model, provider) pair (SPEC.md 1.2: the market's pairs); within each it has a local index
 * (for the session time that `earned` multiplies by its price).
 */
export type DenseIndices = {
  modelCount: number;
  providerCount: number;
  bidCount: number;
  pairCount: number;
  /** By model index: its ref. By provider index: its ref. By bid index: its price. */
  modelRefs: number[];
  providerRefs: number[];
  bidPrices: bigint[];
  /** By provider ref: its index, -1 when unknown. */
  providerIndex: Int32Array;
  /** By bid ref: the bid's index, its model's and provider's, and its place among their bids. */
  bidIndex: Int32Array;
  bidModel: Int32Array;
  bidProvider: Int32Array;
  bidInModel: Int32Array;
  bidInProvider: Int32Array;
  /** By model / provider index: its bids, in bid index order. */
  modelBids: number[][];
  providerBids: number[][];
  /** By bid ref: its pair's index, and its place among the pair's bids. */
  bidPair: Int32Array;
  bidInPair: Int32Array;
  /**
   * By pair index: its model's and provider's index, and its bids in bid index order. Pairs are
   * numbered model by model: model m's are modelPairs[m] to modelPairs[m + 1] (exclusive).
   */
  pairModel: number[];
  pairProvider: number[];
  pairBids: number[][];
  modelPairs: Int32Array;
};

export function createDenseIndices(
  bids: ReadonlyMap<number, BidRecord>,
  providerRefs: Iterable<number>,
): DenseIndices {
  const providers = [...new Set(providerRefs)].sort((a, b) => a - b);
  const providerIndex = new Int32Array(maxOf(providers) + 1).fill(-1);
  providers.forEach((ref, i) => {
    providerIndex[ref] = i;
  });
  const bidRefs = [...bids.keys()].sort((a, b) => a - b);
  const size = maxOf(bidRefs) + 1;
  const bidIndex = new Int32Array(size).fill(-1);
  const bidModel = new Int32Array(size).fill(-1);
  const bidProvider = new Int32Array(size).fill(-1);
  const bidInModel = new Int32Array(size).fill(-1);
  const bidInProvider = new Int32Array(size).fill(-1);
  const bidPair = new Int32Array(size).fill(-1);
  const bidInPair = new Int32Array(size).fill(-1);
  const pairIndex = new Map<number, number>();
  const pairModel: number[] = [];
  const pairProvider: number[] = [];
  const pairBids: number[][] = [];
  const modelRefs: number[] = [];
  const modelIndex = new Map<number, number>();
  const modelBids: number[][] = [];
  const providerBids: number[][] = providers.map(() => []);
  const bidPrices: bigint[] = [];
  bidRefs.forEach((ref, i) => {
    const bid = bids.get(ref) as BidRecord;
    let model = modelIndex.get(bid.modelRef);
    if (model === undefined) {
      model = modelRefs.length;
      modelIndex.set(bid.modelRef, model);
      modelRefs.push(bid.modelRef);
      modelBids.push([]);
    }
    const provider = providerIndex[bid.providerRef] ?? -1;
    if (provider < 0) throw new Error(`bid ${ref} names provider ${bid.providerRef}, which is not stored`);
    bidIndex[ref] = i;
    bidModel[ref] = model;
    bidProvider[ref] = provider;
    bidInModel[ref] = (modelBids[model] as number[]).push(i) - 1;
    bidInProvider[ref] = (providerBids[provider] as number[]).push(i) - 1;
    const key = model * providers.length + provider;
    let pair = pairIndex.get(key);
    if (pair === undefined) {
      pair = pairModel.length;
      pairIndex.set(key, pair);
      pairModel.push(model);
      pairProvider.push(provider);
      pairBids.push([]);
    }
    bidPair[ref] = pair;
    bidInPair[ref] = (pairBids[pair] as number[]).push(i) - 1;
    bidPrices.push(bid.pricePerSecond);
  });
  // Number the pairs model by model (in the order found within a model).
  const order = pairModel
    .map((_, k) => k)
    .sort((a, b) => (pairModel[a] as number) - (pairModel[b] as number) || a - b);
  const renumbered = new Int32Array(order.length);
  order.forEach((old, k) => {
    renumbered[old] = k;
  });
  for (const ref of bidRefs) bidPair[ref] = renumbered[bidPair[ref] as number] as number;
  const modelPairs = new Int32Array(modelRefs.length + 1);
  for (const old of order)
    modelPairs[(pairModel[old] as number) + 1] = (modelPairs[(pairModel[old] as number) + 1] as number) + 1;
  for (let m = 0; m < modelRefs.length; m++)
    modelPairs[m + 1] = (modelPairs[m + 1] as number) + (modelPairs[m] as number);
  return {
    modelCount: modelRefs.length,
    providerCount: providers.length,
    bidCount: bidRefs.length,
    pairCount: pairModel.length,
    modelRefs,
    providerRefs: providers,
    bidPrices,
    providerIndex,
    bidIndex,
    bidModel,
    bidProvider,
    bidInModel,
    bidInProvider,
    modelBids,
    providerBids,
    bidPair,
    bidInPair,
    pairModel: order.map((old) => pairModel[old] as number),
    pairProvider: order.map((old) => pairProvider[old] as number),
    pairBids: order.map((old) => pairBids[old] as number[]),
    modelPairs,
  };
}

/**
 * Where each (key, period) bucket's bids start, for buckets numbered key * periods + period:
 * keys in order, each with `periods` runs of its own bids.
 */
export function keyedEarnBase(keyBids: number[][], periods: number): { base: Int32Array; size: number } {
  const base = new Int32Array(keyBids.length * periods);
  let offset = 0;
  keyBids.forEach((bids, key) => {
    for (let period = 0; period < periods; period++) {
      base[key * periods + period] = offset;
      offset += bids.length;
    }
  });
  return { base, size: offset };
}

/** The largest of ascending refs, 0 when there is none (spreading a long array into Math.max overflows the stack). */
function maxOf(ascending: readonly number[]): number {
  return ascending.length > 0 ? (ascending[ascending.length - 1] as number) : 0;
}
