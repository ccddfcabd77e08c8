import { describe, expect, test } from "vitest";
import type { TestClose } from "../../tooling/rollup/makeCloseDays.js";
import { rollupOf } from "../../tooling/rollup/rollupOf.js";
import { seededRandom } from "../util/seededRandom.js";
import { perMillion } from "./computeMarket.js";
import { medianIndex } from "./nearestRank.js";

const day = 86_400;
const asOf = Date.UTC(2026, 4, 10, 9, 15, 30) / 1000;
// Bids 1 and 2: model 1 by provider 1, on two chains (one pair); 3: model 1 by provider 2; 4: model
// 2 by provider 1; 5: model 3 by provider 3, offered and never closed.
const world = {
  bids: {
    1: { model: 1, provider: 1, price: 3n },
    2: { model: 1, provider: 1, price: 10n ** 15n + 7n, chainId: 42161 },
    3: { model: 1, provider: 2, price: 11n },
    4: { model: 2, provider: 1, price: 5n },
    5: { model: 3, provider: 3, price: 2n },
  },
  providers: [9],
};
const prices = new Map(Object.entries(world.bids).map(([ref, bid]) => [Number(ref), bid.price]));
const pairOfBid: Record<number, string> = { 1: "1:1", 2: "1:1", 3: "1:2", 4: "2:1", 5: "3:3" };

/** The nearest-rank median by sorting. */
const median = (values: number[]) =>
  values.length === 0 ? undefined : [...values].sort((a, b) => a - b)[medianIndex(values.length)];

/** The value at 1-based rank `rank(n)` of the sorted values: the tails of SPEC.md 1.3. */
const atRank = (values: number[], rank: (n: number) => number) =>
  values.length === 0 ? undefined : [...values].sort((a, b) => a - b)[rank(values.length) - 1];

/** A pair window computed the plain way, from its closes (SPEC.md 1.2). */
function oracle(closes: TestClose[], from: number) {
  const inside = closes.filter((c) => c.closedAt > from && c.closedAt <= asOf);
  const sum = (pick: (c: TestClose) => bigint) => inside.reduce((total, c) => total + pick(c), 0n);
  const tokens = sum((c) => BigInt(c.tokens ?? 0));
  const earned = (list: TestClose[]) =>
    list.reduce(
      (total, c) => total + BigInt(c.seconds ?? 0) * (prices.get(c.bidRef as number) as bigint),
      0n,
    );
  const ttfts = inside.filter((c) => (c.ttftMs ?? 0) > 0).map((c) => c.ttftMs as number);
  const tpss = inside.filter((c) => (c.tps ?? 0) > 0).map((c) => c.tps as number);
  const ttft = median(ttfts);
  const tps = median(tpss);
  const ttftP90 = atRank(ttfts, (n) => Math.ceil((9 * n) / 10)) as number;
  const tpsP10 = atRank(tpss, (n) => Math.ceil(n / 10)) as number;
  const closed = inside.length > 0 ? 1 : 0;
  return {
    tokens: Number(tokens),
    tokenSessions: inside.filter((c) => c.tokenCounted ?? (c.tokens ?? 0) > 0).length,
    sessions: inside.length,
    ...(ttft === undefined ? {} : { ttft: ttft / 1000, ttftP90: ttftP90 / 1000 }),
    ...(tps === undefined ? {} : { tps: tps / 1000, tpsP10: tpsP10 / 1000 }),
    seconds: Number(sum((c) => BigInt(c.seconds ?? 0))),
    earned: earned(inside).toString(),
    disputed: inside.filter((c) => c.disputed).length,
    providers: closed,
    models: closed,
    ...(tokens > 0n
      ? {
          earnedPerMillionTokens: (
            (1_000_000n * earned(inside.filter((c) => (c.tokens ?? 0) > 0))) /
            tokens
          ).toString(),
        }
      : {}),
  };
}

describe("computeMarket", () => {
  const random = seededRandom(23);
  const closes: TestClose[] = [];
  for (let k = 0; k < 3_000; k++) {
    const bidRef = [1, 1, 1, 2, 3, 3, 4, 0][Math.floor(random() * 8)] as number;
    const signed = random() < 0.9;
    const v2 = random() < 0.6;
    closes.push({
      // 60 days before the as-of to a day after it (closes after the as-of count nowhere).
      closedAt: asOf - Math.floor(random() * 61 * day) + day,
      chainId: bidRef === 2 ? 42161 : 8453,
      tokens: signed && v2 ? Math.floor(random() * 5_000) : 0,
      ttftMs: signed && random() < 0.9 ? 1 + Math.floor(random() * 3_000) : 0,
      tps: signed && random() < 0.9 ? 1 + Math.floor(random() * 90_000) : 0,
      seconds: Math.floor(random() * 7_200),
      disputed: !signed,
      bidRef,
      providerRef: bidRef === 0 ? 9 : (world.bids[bidRef as 1].provider as number),
    });
  }
  const { files } = rollupOf(closes, asOf, world);
  const market = files["market.json"];

  test("default: each pair's windows are its closes' summary windows plus earnedPerMillionTokens", () => {
    expect(market.asOf).toBe(asOf);
    // Model 3 has neither a close nor an offer: no item. Models and providers by their ids.
    expect(
      market.models.map((m) => [m.modelId.slice(-1), m.providers.map((p) => p.provider.slice(-1))]),
    ).toEqual([
      ["1", ["1", "2"]],
      ["2", ["1"]],
    ]);
    for (const model of market.models) {
      for (const pair of model.providers) {
        const key = `${Number(model.modelId)}:${Number(pair.provider)}`;
        const mine = closes.filter((c) => c.bidRef && pairOfBid[c.bidRef] === key);
        expect(pair.offers).toEqual([]);
        expect(pair.windows).toEqual({
          "24h": oracle(mine, asOf - day),
          "7d": oracle(mine, asOf - 7 * day),
          "30d": oracle(mine, asOf - 30 * day),
          all: oracle(mine, -Infinity),
        });
      }
    }
  });

  test("behavior: offers by the offer rule, on every chain, sorted by chain, createdAt, bidId; a pair with an offer only", () => {
    const times = (ref: number, chainId: number, bidId: string, createdAt: number, deletedAt = 0) => ({
      ref,
      chainId,
      bidId,
      nonce: 0n,
      createdAt,
      deletedAt,
      deletionIndexed: deletedAt > 0,
    });
    const { files: withOffers } = rollupOf(closes, asOf, {
      ...world,
      bidTimes: [
        times(2, 42161, `0x${"2".repeat(64)}`, asOf - 50),
        times(1, 8453, `0x${"b".repeat(64)}`, asOf - 100),
        times(3, 8453, `0x${"3".repeat(64)}`, asOf - 100, asOf),
        times(4, 8453, `0x${"4".repeat(64)}`, asOf + 1),
        times(5, 8453, `0x${"5".repeat(64)}`, asOf, asOf + 1),
      ],
    });
    const offered = withOffers["market.json"].models.map((m) => [
      m.modelId.slice(-1),
      m.providers.map((p) => [
        p.provider.slice(-1),
        p.offers.map((o) => [o.chainId, o.bidId.slice(-1), o.pricePerSecond]),
      ]),
    ]);
    expect(offered).toEqual([
      [
        "1",
        [
          [
            "1",
            [
              [8453, "b", "3"],
              [42161, "2", (10n ** 15n + 7n).toString()],
            ],
          ],
          ["2", []],
        ],
      ],
      ["2", [["1", []]]],
      ["3", [["3", [[8453, "5", "2"]]]]],
    ]);
    const zero = {
      tokens: 0,
      tokenSessions: 0,
      sessions: 0,
      seconds: 0,
      earned: "0",
      disputed: 0,
      providers: 0,
      models: 0,
    };
    expect(withOffers["market.json"].models[2]?.providers[0]?.windows).toEqual({
      "24h": zero,
      "7d": zero,
      "30d": zero,
      all: zero,
    });
  });
});

describe("perMillion", () => {
  test("default: floor(1,000,000 * earned / tokens), exact past 2^53", () => {
    expect(perMillion(600n, 3n)).toBe("200000000");
    expect(perMillion(600n, 7n)).toBe("85714285");
    expect(perMillion(1n, 3_000_000n)).toBe("0");
    expect(perMillion(2n ** 100n + 1n, 3n)).toBe((((2n ** 100n + 1n) * 1_000_000n) / 3n).toString());
  });
});
