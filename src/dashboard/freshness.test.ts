import { describe, expect, test } from "vitest";
import type { Audit, AuditPair, Meta, MetaChain } from "../api/responseTypes.js";
import { auditText } from "./auditText.js";
import { freshness } from "./freshness.js";

const asOf = Date.UTC(2026, 10, 20, 12) / 1000;
const chain = (chainId: number, name: string, extra: Partial<MetaChain> = {}): MetaChain => ({
  chainId,
  name,
  contract: "0x0",
  fromBlock: 100,
  fromCreationBlock: true,
  toBlock: 600,
  toBlockHash: "0x0",
  asOf,
  caughtUp: true,
  ...extra,
});
const meta = (extra: Partial<Meta> = {}): Meta => ({
  schemaVersion: "1.3.0",
  chainId: 8453,
  contract: "0x0",
  fromBlock: 100,
  toBlock: 600,
  asOf,
  chains: [chain(8453, "base"), chain(42161, "arbitrum")],
  complete: true,
  backfillComplete: true,
  updatedAt: asOf + 7200,
  updateIntervalSeconds: 3600,
  anomalies: {},
  ...extra,
});

describe("freshness", () => {
  test("default: the as-of and the last update, with their ages; nothing to warn about", () => {
    const fresh = freshness(meta(), "all", asOf + 3 * 3600);
    expect(fresh.asOf).toBe("Data as of 2026-11-20 12:00 UTC (3 h ago)");
    expect(fresh.updated).toBe("updated 1 h ago; the publication updates every hour");
    expect(fresh.stale).toBeUndefined();
    expect(fresh.backfill).toEqual([]);
  });

  test("behavior: older than twice the interval is stale, and says so", () => {
    const stale = freshness(meta(), "all", asOf + 7200 + 2 * 3600 + 1).stale;
    expect(stale).toMatch(/^These numbers may be out of date: the last update was 2 h ago/);
    expect(freshness(meta(), "all", asOf + 7200 + 2 * 3600).stale).toBeUndefined();
    // A publication from before updatedAt: its as-of time is its age (as `mor-throughput check` reads it).
    const { updatedAt: _, ...unknownUpdate } = meta();
    expect(freshness(unknownUpdate, "all", asOf + 2 * 3600).stale).toBeUndefined();
    expect(freshness(unknownUpdate, "all", asOf + 9 * 86_400).stale).toMatch(/last update was 9 days ago/);
    expect(freshness(unknownUpdate, "all", asOf).updated).toBeUndefined();
  });

  test("behavior: a backfill in progress gives its share of blocks, for the chain shown", () => {
    const backfilling = meta({
      backfillComplete: false,
      chains: [chain(8453, "base"), chain(42161, "arbitrum", { caughtUp: false, targetBlock: 1100 })],
    });
    expect(freshness(backfilling, "all", asOf).backfill).toEqual([
      "History still being backfilled on Arbitrum One: 50 % (block 600 of 1,100). Totals are low until it finishes.",
    ]);
    expect(freshness(backfilling, 8453, asOf).backfill).toEqual([]);
  });
});

const pair = (chainId: number, match: boolean): AuditPair => ({
  chainId,
  modelId: `0x${"ab".repeat(32)}`,
  provider: "0x6C4e716e54f8350d0961e8c11849274322197b5E",
  contract: { totalCount: match ? 10 : 12, successCount: 9, totalDuration: 100 },
  index: { closes: 10, signedCloses: 9, duration: 100 },
  match,
});
const audit = (items: AuditPair[], extra: Partial<Audit> = {}): Audit => ({
  asOf,
  pairs: items.length,
  matching: items.filter((item) => item.match).length,
  complete: items.every((item) => item.match),
  items,
  unavailable: [],
  partial: [],
  ...extra,
});
const names = [
  (id: string) => `model ${id.slice(2, 4)}`,
  (id: number) => (id === 8453 ? "Base" : "Arbitrum One"),
] as const;

describe("the audit in plain words", () => {
  test("default: N of N pairs agree", () => {
    const text = auditText(audit([pair(8453, true), pair(42161, true)]), "all", ...names);
    expect(text.sentence).toBe(
      "Verified: the index agrees with the contract's own counters for 2 of 2 model/provider pairs.",
    );
    expect(auditText(audit([pair(8453, true), pair(42161, true)]), 8453, ...names).sentence).toContain(
      "for 1 of 1 model/provider pairs on Base.",
    );
  });

  test("behavior: the pairs that do not match, what they mean; partial and unverifiable chains", () => {
    const text = auditText(
      audit([pair(8453, true), pair(42161, false)], { partial: [42161], unavailable: [10] }),
      "all",
      ...names,
    );
    expect(text.verdict).toBe("mismatch");
    expect(text.sentence).toBe(
      "The index agrees with the contract's own counters for only 1 of 2 model/provider pairs: 1 do not match.",
    );
    expect(text.pairs).toEqual([
      "model ab × 0x6C4e…7b5E on Arbitrum One: the contract counts 12 closes (9 signed), the index 10 (9 signed)",
    ]);
    expect(text.notes.join(" ")).toMatch(/closes the index missed.*On Arbitrum One the index starts after/);
    expect(auditText(audit([]), "all", ...names).sentence).toBe(
      "Nothing to check yet: no model/provider pair has a closed session.",
    );
  });
});
