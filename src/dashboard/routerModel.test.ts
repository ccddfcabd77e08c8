import { describe, expect, test } from "vitest";
import type { Market, ModelMarket } from "../api/responseTypes.js";
import { providerRanks, type RouterBid, type RouterChain, record, routerRows } from "./routerModel.js";

const bid = (provider: string, terms: Partial<RouterBid>, pricePerSecond: bigint): [RouterBid, bigint] => {
  const full = { tps: 0.5, ttft: 0.5, duration: 0.5, success: 1, stake: 1, ...terms };
  // The score as the router computes it: the record over the price in MOR a second.
  const score =
    (0.24 * full.tps + 0.08 * full.ttft + 0.24 * full.duration + 0.32 * full.success + 0.12 * full.stake) /
    (Number(pricePerSecond) / 1e18);
  return [{ bidId: `0xbid${provider}`, provider: `0x${provider}`, score, ...full }, pricePerSecond];
};

/** A model whose pairs hold the bids' prices, and its router entry on Base in the given (router's) order. */
function modelOf(bids: Array<[RouterBid, bigint]>): { model: ModelMarket; chain: RouterChain } {
  const model = {
    modelId: "0xmodel",
    name: "m",
    providers: bids.map(([b, price]) => ({
      provider: b.provider,
      offers: [],
      bids: [{ chainId: 8453, bidId: b.bidId, pricePerSecond: price.toString(), createdAt: 1, deletedAt: 0 }],
    })),
  } as unknown as ModelMarket;
  return { model, chain: { chainId: 8453, available: true, bids: bids.map(([b]) => b) } };
}

describe("the router's order, in words", () => {
  test("behavior: equal records: the cheaper leads ('cheapest at equal record'); the last without a successful session says so", () => {
    const { model, chain } = modelOf([
      bid("a", {}, 10n ** 14n),
      bid("b", {}, 2n * 10n ** 14n),
      bid("c", { success: 0 }, 10n ** 14n),
    ]);
    const rows = routerRows(chain, model);
    expect(rows.map((row) => [row.rank, row.price, row.reason])).toEqual([
      [1, 10n ** 14n, "cheapest at equal record"],
      [2, 2n * 10n ** 14n, undefined],
      [3, 10n ** 14n, "no successful signed session yet: scores 0 on success"],
    ]);
    // 0.24 * 0.5 + 0.08 * 0.5 + 0.24 * 0.5 + 0.32 + 0.12 = 0.72
    expect(rows[0]?.record).toBeCloseTo(0.72, 15);
  });

  test("behavior: a better record at a higher price names its leading term; stake 0 says why it may be 0", () => {
    const { model, chain } = modelOf([
      bid("a", { tps: 1 }, 3n * 10n ** 14n),
      bid("b", { stake: 0 }, 2n * 10n ** 14n),
    ]);
    const rows = routerRows(chain, model);
    expect(rows[0]?.reason).toBe("better record (most on speed), worth its higher price");
    expect(rows[1]?.reason).toBe(
      "scores 0 on stake: a stake under the minimum, or of 2^63 wei (9.22 MOR) or more, which the router reduces to 64 bits",
    );
    const { model: one, chain: alone } = modelOf([bid("a", {}, 10n ** 14n)]);
    expect(routerRows(alone, one).map((row) => row.reason)).toEqual(["the only bid the router can try here"]);
  });

  test("behavior: a weaker record leads on price; the last is dearer at an equal record, or despite a better one", () => {
    const { model, chain } = modelOf([
      bid("a", { duration: 0 }, 10n ** 13n),
      bid("b", {}, 10n ** 14n),
      bid("c", {}, 10n ** 15n),
    ]);
    const rows = routerRows(chain, model);
    expect(rows.map((row) => row.reason)).toEqual([
      "cheaper: its price outweighs a weaker record",
      undefined,
      "dearer at equal record",
    ]);
    const { model: other, chain: dear } = modelOf([
      bid("a", {}, 10n ** 13n),
      bid("b", { tps: 1 }, 10n ** 15n),
    ]);
    expect(routerRows(dear, other)[1]?.reason).toBe("dearer: its price outweighs a better record");
    const { model: weak, chain: weaker } = modelOf([
      bid("a", {}, 10n ** 14n),
      bid("b", { ttft: 0 }, 10n ** 14n),
    ]);
    expect(routerRows(weaker, weak)[1]?.reason).toBe("weaker record (least on time to first token)");
  });

  test("behavior: a provider's ranks, and the price that would pass the bid above (record / its score)", () => {
    const { model, chain } = modelOf([
      bid("a", {}, 10n ** 14n), // 0.72 / 1e-4 = 7200
      bid("b", { success: 0 }, 10n ** 14n), // 0.40 / 1e-4 = 4000
    ]);
    const market = { asOf: 1, models: [{ ...model, router: [chain] }] } as unknown as Market;
    const label = (address: string) => address.toUpperCase();
    expect(providerRanks(market, "0xB", label).map(({ rank, of, advice }) => [rank, of, advice])).toEqual([
      [
        2,
        2,
        // 0.40 / 7200 MOR a second, 0.2 MOR an hour; rounded down by a wei, shown to three digits.
        "a price under 0.200 MOR/h would pass 0XA; or a successful signed session (scores 0 on success)",
      ],
    ]);
    expect(providerRanks(market, "0xa", label)[0]?.advice).toBe("first: the router tries it first");
    expect(providerRanks(market, "0xc", label)).toEqual([]);
    expect(record(chain.bids[1] as RouterBid)).toBeCloseTo(0.4, 15);
  });
});
