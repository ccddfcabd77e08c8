import { describe, expect, test } from "vitest";
import type { TestClose } from "../../tooling/rollup/makeCloseDays.js";
import { rollupOf } from "../../tooling/rollup/rollupOf.js";
import { type AuditedChain, computeAudit } from "./computeAudit.js";
import type { PairStatRecord } from "./IndexReader.js";

const asOf = Date.UTC(2026, 2, 15, 12, 34, 56) / 1000;
const base = 8453;
const arbitrum = 42161;
// EIP-55 addresses: the second sorts first as a lowercase string, last by code units.
const addressA = "0xB000000000000000000000000000000000000001";
const addressB = "0xa000000000000000000000000000000000000002";
const model1 = `0x${"1".repeat(64)}`;
const model2 = `0x${"0".repeat(63)}2`;

/**
 * On Base, bids 1 and 2 share the pair (model 1, provider A), bid 3 is (model 2, B), bid 5 is
 * (model 1, B); on Arbitrum, bid 4 is (model 1, A).
 */
const world = {
  bids: {
    1: { model: 1, provider: 1 },
    2: { model: 1, provider: 1 },
    3: { model: 2, provider: 2 },
    4: { model: 1, provider: 1, chainId: arbitrum },
    5: { model: 1, provider: 2 },
  },
  modelIds: { 1: model1, 2: model2 },
  providerAddresses: { 1: addressA, 2: addressB },
};
const close = (bidRef: number, duration: number, more: Partial<TestClose> = {}): TestClose => ({
  closedAt: asOf - 100,
  bidRef,
  providerRef: bidRef === 3 || bidRef === 5 ? 2 : 1,
  chainId: bidRef === 4 ? arbitrum : base,
  duration,
  ...more,
});
const closes = [
  close(1, 100),
  close(1, 200),
  close(1, 50, { disputed: true }),
  close(2, 30, { closedAt: asOf + 10 }), // after the as-of: the audit still counts it
  close(3, 70, { disputed: true }),
  close(4, 5),
  close(5, 10),
  close(0, 999), // its bid could not be read: no pair
];
const { tally, bids, labels } = rollupOf(closes, asOf, world);

const stat = (modelRef: number, providerRef: number, counters: [number, number, number]): PairStatRecord => ({
  modelRef,
  providerRef,
  totalCount: counters[0],
  successCount: counters[1],
  totalDuration: counters[2],
});
const chain = (
  chainId: number,
  pairStats: PairStatRecord[],
  more: Partial<AuditedChain> = {},
): AuditedChain => ({
  chainId,
  fromBlock: 100,
  creationBlock: 100,
  blockNumber: 500,
  statsBlock: 500,
  statsAvailable: true,
  pairStats,
  ...more,
});
const matchingBase = [stat(1, 1, [4, 3, 330]), stat(2, 2, [1, 0, 0]), stat(1, 2, [1, 1, 10])];
const matchingArbitrum = [stat(1, 1, [1, 1, 5])];
const audit = (chains: AuditedChain[]) => computeAudit(tally, bids, chains, labels, asOf);

describe("computeAudit", () => {
  test("default: the index's closes, signed closes and their duration per (chain, model, provider) beside the contract's", () => {
    const item = (chainId: number, modelId: string, provider: string, counts: [number, number, number]) => ({
      chainId,
      modelId,
      provider,
      contract: { totalCount: counts[0], successCount: counts[1], totalDuration: counts[2] },
      index: { closes: counts[0], signedCloses: counts[1], duration: counts[2] },
      match: true,
    });
    expect(audit([chain(arbitrum, matchingArbitrum), chain(base, matchingBase)])).toEqual({
      asOf,
      pairs: 4,
      matching: 4,
      complete: true,
      // By chain id as a number, then modelId, then provider as lowercase strings.
      items: [
        item(base, model2, addressB, [1, 0, 0]),
        item(base, model1, addressB, [1, 1, 10]),
        item(base, model1, addressA, [4, 3, 330]),
        item(arbitrum, model1, addressA, [1, 1, 5]),
      ],
      unavailable: [],
      partial: [],
    });
  });

  test("behavior: one counter apart is a mismatch; an index that started at the creation block is not partial", () => {
    for (const counters of [
      [5, 3, 330],
      [4, 2, 330],
      [4, 3, 331],
    ] as Array<[number, number, number]>) {
      const result = audit([
        chain(base, [stat(1, 1, counters), stat(2, 2, [1, 0, 0]), stat(1, 2, [1, 1, 10])]),
      ]);
      expect(result.items.map((i) => i.match)).toEqual([true, true, false]);
      expect([result.pairs, result.matching, result.complete]).toEqual([3, 2, false]);
      expect(result.items[2]?.contract).toEqual({
        totalCount: counters[0],
        successCount: counters[1],
        totalDuration: counters[2],
      });
      expect(result.partial).toEqual([]);
    }
  });

  test("behavior: partial: the contract counts more closes and the index started after the creation block", () => {
    const behind = [stat(1, 1, [9, 3, 330]), stat(2, 2, [1, 0, 0])];
    expect(audit([chain(base, behind, { fromBlock: 101 })]).partial).toEqual([base]);
    expect(audit([chain(base, behind, { fromBlock: 101, creationBlock: null })]).partial).toEqual([base]);
    // From the creation block, or from block 0 (nothing can come before it): only a mismatch.
    expect(audit([chain(base, behind, { fromBlock: 0, creationBlock: null })]).partial).toEqual([]);
    expect(audit([chain(base, behind, { fromBlock: 90, creationBlock: 100 })]).partial).toEqual([]);
    // The index ahead of the contract does not make it partial.
    const ahead = [stat(1, 1, [3, 3, 330]), stat(2, 2, [1, 0, 0])];
    const result = audit([chain(base, ahead, { fromBlock: 101 })]);
    expect([result.partial, result.complete]).toEqual([[], false]);
  });

  test("behavior: a pair the contract does not count reads as zeros: a mismatch", () => {
    const result = audit([chain(base, [stat(1, 1, [4, 3, 330])], { fromBlock: 101 })]);
    expect(result.items[0]).toMatchObject({
      modelId: model2,
      contract: { totalCount: 0, successCount: 0, totalDuration: 0 },
      index: { closes: 1, signedCloses: 0, duration: 0 },
      match: false,
    });
    expect(result.partial).toEqual([]);
  });

  test("behavior: unavailable: counters not there, or read at another block than the last synced", () => {
    for (const more of [
      { statsAvailable: false },
      { statsAvailable: null },
      { statsBlock: 499 },
      { statsBlock: null },
    ]) {
      const result = audit([chain(base, matchingBase, more), chain(arbitrum, matchingArbitrum)]);
      expect(result.unavailable).toEqual([base]);
      expect(result.items.map((i) => i.chainId)).toEqual([arbitrum]);
      expect([result.pairs, result.matching, result.complete]).toEqual([1, 1, true]);
    }
  });

  test("behavior: a chain not audited contributes no items", () => {
    const result = audit([chain(base, matchingBase)]);
    expect(result.items.map((i) => i.chainId)).toEqual([base, base, base]);
  });
});
