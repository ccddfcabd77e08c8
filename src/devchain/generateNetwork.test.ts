import { size } from "viem";
import { describe, expect, test } from "vitest";
import { generateNetwork } from "./generateNetwork.js";
import type { History } from "./history.js";
import { validateBids } from "./planHistoryBlocks.js";

const endTime = Date.UTC(2026, 10, 20, 12) / 1000;
const options = { seed: 1, days: 735, sessionsPerDay: 4, endTime };
const utc = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;
const network = generateNetwork(options);
const both: History[] = [network.base, network.arbitrum];

describe("generateNetwork", () => {
  test("default: deterministic from the seed", () => {
    expect(generateNetwork(options)).toEqual(network);
    expect(generateNetwork({ ...options, seed: 2 }).base.providerStakes).not.toEqual(
      network.base.providerStakes,
    );
  });

  test("behavior: activity moves from Arbitrum One to Base in December 2025", () => {
    const opens = (h: History) => h.sessions.map((s) => s.openedAt);
    expect(Math.min(...opens(network.base))).toBeGreaterThanOrEqual(utc("2025-12-01"));
    expect(Math.min(...opens(network.base))).toBeLessThan(utc("2025-12-03"));
    expect(Math.max(...opens(network.arbitrum))).toBeLessThanOrEqual(utc("2025-12-31"));
    expect(Math.max(...opens(network.arbitrum))).toBeGreaterThan(utc("2025-12-29"));
    expect(Math.min(...opens(network.arbitrum))).toBeLessThan(utc("2024-11-20"));
    expect(network.arbitrum.endTime).toBe(endTime);
  });

  test("behavior: prices inside the deployed bounds (10^13 to 10^16 wei a second)", () => {
    for (const h of both) {
      for (const bid of h.bids) {
        expect(bid.pricePerSecond).toBeGreaterThanOrEqual(10n ** 13n);
        expect(bid.pricePerSecond).toBeLessThanOrEqual(10n ** 16n);
      }
    }
  });

  test("behavior: stakes from the 0.1 MOR minimum up, one past 2^63 wei, set for every provider with a bid", () => {
    const stakes = network.base.providerStakes ?? [];
    expect(network.arbitrum.providerStakes).toEqual(stakes);
    const bidders = new Set(both.flatMap((h) => h.bids.map((b) => b.provider)));
    expect(new Set(stakes.map((s) => s.provider))).toEqual(bidders);
    for (const { stake } of stakes) expect(stake).toBeGreaterThanOrEqual(10n ** 17n);
    expect(stakes.some((s) => s.stake === 10n ** 17n)).toBe(true);
    expect(stakes.some((s) => s.stake > 2n ** 63n)).toBe(true);
  });

  test("behavior: v1 receipts before 3 February 2026, v2 from then", () => {
    const cutover = utc("2026-02-03");
    let v1 = 0;
    let v2 = 0;
    for (const h of both) {
      for (const s of h.sessions) {
        if (!s.close) continue;
        const length = size(s.close.receipt);
        if (s.close.closedAt < cutover) expect(length).toBeLessThan(224);
        else expect(length).not.toBe(160);
        if (length === 160) v1++;
        if (length === 224) v2++;
      }
    }
    expect(v1).toBeGreaterThan(100);
    expect(v2).toBeGreaterThan(100);
  });

  test("behavior: bids re-posted and withdrawn all along, in a timeline the contract can hold", () => {
    for (const h of both) {
      validateBids(h);
      const days = (h.endTime - Math.min(...h.sessions.map((s) => s.openedAt))) / 86_400;
      const reposts = h.bids.filter(
        (b) => b.postedAt !== undefined && b.postedAt > h.endTime - days * 86_400,
      );
      const months = new Set(reposts.map((b) => Math.floor((b.postedAt as number) / (30 * 86_400))));
      expect(months.size).toBeGreaterThan(days / 30 / 2);
      expect(h.bids.filter((b) => b.deletedAt !== undefined).length).toBeGreaterThan(3);
    }
  });
});
