import { describe, expect, test } from "vitest";
import { rollupOf } from "../../tooling/rollup/rollupOf.js";
import type { BidTimesRecord } from "./IndexReader.js";

const asOf = 1_800_000_000;
const hex = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;

/**
 * Model 1 by provider 1 on Base (bids 1 to 4: nonces 0 to 3) and on Arbitrum One (bid 5, nonce 0),
 * model 2 by provider 1 (bid 6), model 3 by provider 2 (bid 7, read before 1.3: no nonce).
 */
const world = {
  bids: {
    1: { model: 1, provider: 1, price: 10n },
    2: { model: 1, provider: 1, price: 12n },
    3: { model: 1, provider: 1, price: 9n },
    4: { model: 1, provider: 1, price: 15n },
    5: { model: 1, provider: 1, price: 11n, chainId: 42161 },
    6: { model: 2, provider: 1, price: 7n },
    7: { model: 3, provider: 2, price: 8n },
  },
};

const times = (
  ref: number,
  nonce: bigint | null,
  createdAt: number,
  deletedAt = 0,
  chainId = 8453,
): BidTimesRecord => ({
  ref,
  chainId,
  bidId: hex(ref),
  nonce,
  createdAt,
  deletedAt,
  deletionIndexed: deletedAt > 0,
});

describe("computeChanges", () => {
  // Bid 1 re-posted as bid 2 (same second), bid 2 withdrawn, bid 3 posted later (not a repricing:
  // the gap), bid 3 re-posted as bid 4 after the as-of (bid 3 stands at the as-of, bid 4 is
  // unknown to it); bid 5 on another chain with nonce 0 beside bid 1's; bid 6 posted and
  // withdrawn in one second; bid 7 withdrawn, its nonce unknown.
  const { files } = rollupOf([], asOf, {
    ...world,
    bidTimes: [
      times(1, 0n, asOf - 1000, asOf - 900),
      times(2, 1n, asOf - 900, asOf - 800),
      times(3, 2n, asOf - 500, asOf + 10),
      times(4, 3n, asOf + 10),
      times(5, 0n, asOf - 900, 0, 42161),
      times(6, 0n, asOf - 300, asOf - 300),
      times(7, null, asOf - 200, asOf - 100),
    ],
  });
  const changes = files["changes.json"].changes;

  test("default: posted, repriced (the previous bid deleted as this one was created), withdrawn; newest first", () => {
    expect(files["changes.json"].asOf).toBe(asOf);
    expect(changes.map((c) => [c.time - asOf, c.chainId, Number(c.bidId), c.kind])).toEqual([
      [-100, 8453, 7, "withdrawn"],
      [-200, 8453, 7, "posted"],
      // One second, one bid: withdrawn before posted.
      [-300, 8453, 6, "withdrawn"],
      [-300, 8453, 6, "posted"],
      [-500, 8453, 3, "posted"],
      [-800, 8453, 2, "withdrawn"],
      [-900, 8453, 2, "repriced"],
      [-900, 42161, 5, "posted"],
      [-1000, 8453, 1, "posted"],
    ]);
  });

  test("behavior: a repricing names the bid it replaced and its price; the replaced bid is not withdrawn", () => {
    const repriced = changes.find((c) => c.kind === "repriced");
    expect(repriced).toEqual({
      time: asOf - 900,
      chainId: 8453,
      modelId: hex(1),
      provider: `0x${"1".padStart(40, "0")}`,
      kind: "repriced",
      bidId: hex(2),
      pricePerSecond: "12",
      previousBidId: hex(1),
      previousPricePerSecond: "10",
    });
    expect(changes.filter((c) => Number(c.bidId) === 1).map((c) => c.kind)).toEqual(["posted"]);
  });

  test("behavior: market.json's bids are the pair's prices over time; its offers, the bids standing", () => {
    const model1 = files["market.json"].models.find((m) => m.modelId === hex(1));
    const pair = model1?.providers[0];
    expect(
      pair?.bids.map((b) => [
        Number(b.bidId),
        b.chainId,
        b.createdAt - asOf,
        b.deletedAt && b.deletedAt - asOf,
      ]),
    ).toEqual([
      [1, 8453, -1000, -900],
      [2, 8453, -900, -800],
      [5, 42161, -900, 0],
      // Deleted after the as-of: standing at it.
      [3, 8453, -500, 0],
    ]);
    expect(pair?.offers.map((o) => Number(o.bidId))).toEqual([3, 5]);
    // Model 3's provider withdrew its only bid and never closed a session: there, with no offer.
    const model3 = files["market.json"].models.find((m) => m.modelId === hex(3));
    expect(model3?.providers.map((p) => [p.offers.length, p.bids.length, p.windows.all.sessions])).toEqual([
      [0, 1, 0],
    ]);
  });
});
