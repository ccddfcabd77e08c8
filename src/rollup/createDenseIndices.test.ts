import { describe, expect, test } from "vitest";
import { createDenseIndices } from "./createDenseIndices.js";
import type { BidRecord } from "./IndexReader.js";

const bid = (modelRef: number, providerRef: number, pricePerSecond = 1n): BidRecord => ({
  chainId: 8453,
  modelRef,
  providerRef,
  pricePerSecond,
});

describe("createDenseIndices", () => {
  test("default: dense indices by ref order; each bid's model, provider and place among their bids", () => {
    // Refs as the store hands them: not dense, not in order. Provider 9 only names closes.
    const bids = new Map([
      [7, bid(20, 5, 70n)],
      [3, bid(10, 4, 30n)],
      [5, bid(20, 4, 50n)],
    ]);
    const ix = createDenseIndices(bids, [9, 4, 5, 4]);
    expect([ix.modelCount, ix.providerCount, ix.bidCount]).toEqual([2, 3, 3]);
    // Models in the order their first bid comes (bid refs ascending); providers by ref.
    expect(ix.modelRefs).toEqual([10, 20]);
    expect(ix.providerRefs).toEqual([4, 5, 9]);
    expect(ix.bidPrices).toEqual([30n, 50n, 70n]);
    expect([4, 5, 9, 6].map((ref) => ix.providerIndex[ref])).toEqual([0, 1, 2, -1]);
    const byBid = (column: Int32Array) => [3, 5, 7].map((ref) => column[ref]);
    expect(byBid(ix.bidIndex)).toEqual([0, 1, 2]);
    expect(byBid(ix.bidModel)).toEqual([0, 1, 1]);
    expect(byBid(ix.bidProvider)).toEqual([0, 0, 1]);
    expect(byBid(ix.bidInModel)).toEqual([0, 0, 1]);
    expect(byBid(ix.bidInProvider)).toEqual([0, 1, 0]);
    expect(ix.bidIndex[4]).toBe(-1);
    expect(ix.modelBids).toEqual([[0], [1, 2]]);
    expect(ix.providerBids).toEqual([[0, 1], [2], []]);
    // One pair per (model, provider) its bids name, model by model.
    expect(ix.pairCount).toBe(3);
    expect([...ix.modelPairs]).toEqual([0, 1, 3]);
    expect([ix.pairModel, ix.pairProvider]).toEqual([
      [0, 1, 1],
      [0, 0, 1],
    ]);
    expect(byBid(ix.bidPair)).toEqual([0, 1, 2]);
    expect(byBid(ix.bidInPair)).toEqual([0, 0, 0]);
    expect(ix.pairBids).toEqual([[0], [1], [2]]);
  });

  test("behavior: bids of one model and provider on two chains are one pair", () => {
    const bids = new Map([
      [1, bid(10, 4, 1n)],
      [2, { ...bid(10, 4, 2n), chainId: 42161 }],
      [3, bid(10, 5, 3n)],
    ]);
    const ix = createDenseIndices(bids, [4, 5]);
    expect(ix.pairCount).toBe(2);
    expect(ix.pairBids).toEqual([[0, 1], [2]]);
    expect([1, 2, 3].map((ref) => ix.bidInPair[ref])).toEqual([0, 1, 0]);
  });

  test("behavior: pairs are numbered model by model, whatever the order of their bids", () => {
    const bids = new Map([
      [1, bid(10, 4)],
      [2, bid(20, 4)],
      [3, bid(10, 5)],
    ]);
    const ix = createDenseIndices(bids, [4, 5]);
    expect([ix.pairModel, ix.pairProvider]).toEqual([
      [0, 0, 1],
      [0, 1, 0],
    ]);
    expect([1, 2, 3].map((ref) => ix.bidPair[ref])).toEqual([0, 2, 1]);
    expect(ix.pairBids).toEqual([[0], [2], [1]]);
    expect([...ix.modelPairs]).toEqual([0, 2, 3]);
  });

  test("behavior: nothing stored: an empty universe", () => {
    const ix = createDenseIndices(new Map(), []);
    expect([ix.modelCount, ix.providerCount, ix.bidCount]).toEqual([0, 0, 0]);
    expect(ix.providerIndex[0]).toBe(-1);
  });

  test("error: a bid naming a provider that is not stored", () => {
    expect(() => createDenseIndices(new Map([[1, bid(1, 2)]]), [3])).toThrow(
      "bid 1 names provider 2, which is not stored",
    );
  });
});
