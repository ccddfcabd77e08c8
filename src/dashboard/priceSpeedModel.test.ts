import { describe, expect, test } from "vitest";
import type { PairWindow } from "../api/responseTypes.js";
import { chainPrices, type MarketRow } from "./marketRows.js";
import { fittedAxis, plotArea, priceSpeedModel } from "./priceSpeedModel.js";

const values = (axis: ReturnType<typeof fittedAxis>) => axis.ticks.map((tick) => tick.value);

describe("fittedAxis", () => {
  test("default: speeds of 44 to 47 tok/s get an axis around them, not from 0", () => {
    const axis = fittedAxis([44.153, 46.605], 0, 1000);
    expect(values(axis)).toEqual([42, 44, 46, 48]);
    expect(axis.at(42)).toBe(0);
    expect(axis.at(48)).toBe(1000);
    // Each speed inside, away from the ends.
    for (const speed of [44.153, 46.605]) expect(axis.at(speed)).toBeGreaterThan(100);
    for (const speed of [44.153, 46.605]) expect(axis.at(speed)).toBeLessThan(900);
  });

  test("behavior: one speed, equal speeds, speeds near 0 and far apart sit inside; never below 0", () => {
    for (const speeds of [[45], [30, 30], [0.4, 2], [3, 180], [0]]) {
      const axis = fittedAxis(speeds, 0, 100);
      const ticks = values(axis);
      expect(ticks[0]).toBeGreaterThanOrEqual(0);
      for (const speed of speeds) {
        expect(axis.at(speed), `${speeds}`).toBeGreaterThanOrEqual(0);
        expect(axis.at(speed), `${speeds}`).toBeLessThan(100);
      }
      expect(ticks.length).toBeGreaterThanOrEqual(2);
    }
  });
});

describe("priceSpeedModel", () => {
  const row = (id: string, tps: number | undefined, ...prices: Array<[number, string]>): MarketRow => {
    const offers = prices.map(([chainId, pricePerSecond]) => ({
      chainId,
      bidId: id,
      pricePerSecond,
      createdAt: 1,
    }));
    const chains = chainPrices(offers);
    const window: PairWindow = {
      tokens: 1,
      tokenSessions: 1,
      sessions: 1,
      seconds: 1,
      earned: "0",
      disputed: 0,
      providers: 1,
      models: 1,
      ...(tps === undefined ? {} : { tps }),
    };
    return { id, name: id, chains, price: chains[0]?.price, window };
  };

  test("default: each provider at its cheapest chain, speeds on a fitted axis, prices on a log one", () => {
    const model = priceSpeedModel(
      [
        row("a", 46.605, [8453, "400000000000000"], [42161, "70000000000"]),
        row("b", 44.153, [8453, "3000000000000"], [42161, "7000000000000000"]),
        row("c", undefined, [8453, "1"]),
        row("d", 40),
      ],
      { width: 640, height: 300 },
      (r) => r.id,
    );
    expect(model.points.map((p) => [p.id, p.cheapest.chainId])).toEqual([
      ["a", 42161],
      ["b", 8453],
    ]);
    expect(model.left.map((l) => [l.id, l.reason])).toEqual([
      ["c", "no speed measured in this window"],
      ["d", "no offer now"],
    ]);
    expect(model.x.ticks[0]?.value).toBeGreaterThan(0);
    expect(model.x.ticks[0]?.at).toBe(plotArea.left);
    expect(model.y.log).toBe(true);
  });
});
