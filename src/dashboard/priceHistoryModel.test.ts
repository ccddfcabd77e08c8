import { describe, expect, test } from "vitest";
import type { ModelMarket } from "../api/responseTypes.js";
import { historyArea, priceHistoryModel } from "./priceHistoryModel.js";
import { priceTick } from "./renderPriceSpeed.js";

const day = 86_400;
const start = Date.UTC(2025, 0, 10) / 1000;
const bid = (chainId: number, price: string, createdAt: number, deletedAt: number) => ({
  chainId,
  bidId: `0x${chainId}${createdAt}`,
  pricePerSecond: price,
  createdAt,
  deletedAt,
});
// Provider A on Base: posted, re-posted cheaper (a repricing: the same second), withdrawn, posted again.
// Provider B: one bid on Arbitrum One, 100 times dearer, still standing.
const model = {
  modelId: "0xmodel",
  name: "m",
  providers: [
    {
      provider: "0xA",
      offers: [],
      bids: [
        bid(8453, "1000000000000000", start, start + 30 * day),
        bid(8453, "500000000000000", start + 30 * day, start + 60 * day),
        bid(8453, "20000000000000", start + 90 * day, 0),
      ],
    },
    { provider: "0xB", offers: [], bids: [bid(42161, "2000000000000000", start + 10 * day, 0)] },
  ],
} as unknown as ModelMarket;
const asOf = start + 120 * day;

describe("prices over time", () => {
  test("behavior: one picture per chain; a step where a re-post replaced a bid, a gap where one was withdrawn", () => {
    const [base, arbitrum] = priceHistoryModel(model, asOf, { width: 400, height: 200 });
    expect([base?.chainId, arbitrum?.chainId]).toEqual([8453, 42161]);
    const line = base?.lines[0];
    expect(base?.lines.map((l) => [l.provider, l.index])).toEqual([["0xA", 0]]);
    // Move, level, step down (L), level; a gap (M) after the withdrawal, a level to the as-of.
    expect(line?.path.replace(/[0-9. ]+/g, "")).toBe("MHLHMH");
    // The time axis runs from the chain's first bid to the as-of; the standing bid ends there.
    expect(line?.standing?.x).toBeCloseTo(400 - historyArea.right, 6);
    expect(line?.path.startsWith(`M${historyArea.left.toFixed(1)} `)).toBe(true);
    // 0.072 to 3.6 MOR an hour: fifty-fold, a log scale.
    expect(base?.y.log).toBe(true);
    // Month ticks no closer than 84 pixels: every other month in 320 pixels, each in 720.
    expect(base?.x.labels).toEqual(["Feb 2025", "Apr 2025"]);
    const wide = priceHistoryModel(model, asOf, { width: 800, height: 200 })[0];
    expect(wide?.x.labels).toEqual(["Feb 2025", "Mar 2025", "Apr 2025", "May 2025"]);
    // One price on Arbitrum One: a linear scale from 0; its line spans its bid's life to the as-of.
    expect(arbitrum?.y.log).toBe(false);
    expect(arbitrum?.lines[0]?.path).toMatch(/^M64\.0 [0-9.]+H384\.0$/);
  });

  test("behavior: the price ticks: a linear axis's 0 is written 0 (its decimals once came out infinite)", () => {
    const [, arbitrum] = priceHistoryModel(model, asOf, { width: 400, height: 200 });
    expect(arbitrum?.y.ticks.map((tick) => priceTick(tick.value))).toEqual(["0", "2", "4", "6"]); // 7.2 MOR an hour, and a tenth above
    expect([0.0072, 0.5, 12].map(priceTick)).toEqual(["0.0072", "0.5", "12"]);
  });
});
