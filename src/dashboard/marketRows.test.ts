import { describe, expect, test } from "vitest";
import type { Market, Offer, PairWindow } from "../api/responseTypes.js";
import { chainPrices, modelRows } from "./marketRows.js";

const offer = (chainId: number, pricePerSecond: string, bidId = `0x${chainId}`): Offer => ({
  chainId,
  bidId,
  pricePerSecond,
  createdAt: 1_731_671_979,
});

describe("chainPrices", () => {
  test("default: each chain at its lowest bid, the cheapest chain first", () => {
    // A 2024 bid on Arbitrum One 5,700 times cheaper than the Base bid: both shown, each on its chain.
    const chains = chainPrices([offer(8453, "400000000000000"), offer(42161, "70000000000")]);
    expect(chains.map(({ chainId, price, bids }) => ({ chainId, price, bids }))).toEqual([
      { chainId: 42161, price: 70_000_000_000n, bids: 1 },
      { chainId: 8453, price: 400_000_000_000_000n, bids: 1 },
    ]);
  });

  test("behavior: several bids on one chain count, the lowest stands for it; equal prices in chain order", () => {
    const cheap = offer(8453, "5", "0xcheap");
    const chains = chainPrices([offer(8453, "9"), cheap, offer(42161, "5"), offer(8453, "7")]);
    expect(chains.map((chain) => [chain.chainId, chain.price, chain.bids])).toEqual([
      [8453, 5n, 3],
      [42161, 5n, 1],
    ]);
    expect(chains[0]?.cheapest).toBe(cheap);
    expect(chainPrices([])).toEqual([]);
  });
});

describe("modelRows", () => {
  test("default: a provider's row carries its chains, its price the cheapest chain's", () => {
    const window: PairWindow = {
      tokens: 0,
      tokenSessions: 0,
      sessions: 0,
      seconds: 0,
      earned: "0",
      disputed: 0,
      providers: 0,
      models: 0,
    };
    const windows = { "24h": window, "7d": window, "30d": window, all: window };
    const market: Market = {
      asOf: 1,
      models: [
        {
          modelId: "0xmodel",
          name: "m",
          providers: [
            { provider: "0xA", offers: [offer(8453, "900"), offer(42161, "3")], bids: [], windows },
            { provider: "0xB", offers: [], bids: [], windows },
          ],
          router: [],
        },
      ],
    };
    const rows = modelRows(market, "0xmodel", "all")?.rows ?? [];
    expect(rows.map((row) => [row.id, row.price, row.chains.map((chain) => chain.chainId)])).toEqual([
      ["0xA", 3n, [42161, 8453]],
      ["0xB", undefined, []],
    ]);
  });
});
