import { describe, expect, test } from "vitest";
import type { ChainRunSummary } from "../../sync/syncChains.js";
import type { RunSummary } from "./renderRunSummary.js";
import { renderRunSummary } from "./renderRunSummary.js";

const base: ChainRunSummary = {
  chainId: 8453,
  name: "base",
  contract: "0x6abe1d282f72b474e54527d93b979a4f64d3030a",
  fromBlock: 0,
  creationBlock: undefined,
  toBlock: 1_213,
  head: 1_243,
  target: 1_213,
  confirmations: 30,
  blocksSynced: 200,
  logs: 300,
  sessionsOpened: 160,
  sessionsClosed: 140,
  reorg: null,
  complete: true,
  upgrades: [],
  models: 5,
  refilled: 0,
  bidsRefilled: 0,
  bidScan: { blocks: 0, logs: 0, complete: true },
  audit: "read",
  router: "read",
  rpc: { httpRequests: 12, rpcCalls: 1_500, retries: 1, reader: "multicall" },
};

const summary: RunSummary = {
  sync: { chains: [base], leftOut: [], complete: true, durationMs: 2_345 },
  build: {
    out: "out",
    releaseId: "0a277188fc5256c2",
    releaseKey: "5f0c4b9e2d7a1836",
    changed: true,
    asOf: Date.UTC(2026, 10, 20, 12) / 1000,
    chains: [{ chainId: 8453, toBlock: 1_213, asOf: Date.UTC(2026, 10, 20, 12) / 1000 }],
    files: ["api/throughput/summary.json", "index.html"],
    closedSessions: 9_084,
    stuckSessions: 46,
    audit: { pairs: 12, matching: 12, complete: true },
    snapshot: null,
    durationMs: 120,
  },
};

describe("renderRunSummary", () => {
  test("default: the human lines, every number taken from the --json object", () => {
    expect(renderRunSummary(summary)).toEqual([
      "base (8453) synced: blocks 1,014–1,213 (head 1,243): 160 sessions opened, 140 closed, 5 models",
      "base (8453) rpc: 12 requests, 1,500 calls, 1 retries (multicall)",
      "sync took 2.3 s",
      "published: release 0a277188fc5256c2 in out (2 files)",
      "as of 2026-11-20T12:00:00Z (chain 8453 block 1,213): 9,084 closed sessions, 46 stuck",
      "audit: the index agrees with the contract's own counters on all 12 model/provider pairs",
    ]);
  });

  test("behavior: nothing new, an unchanged set, a reorg, a mismatch and a chain left out say so", () => {
    const lines = renderRunSummary({
      sync: {
        ...summary.sync,
        chains: [{ ...base, blocksSynced: 0, reorg: { depth: 3, ancestor: 1_210 } }],
        leftOut: [42161],
      },
      build: { ...summary.build, changed: false, audit: { pairs: 12, matching: 11, complete: false } },
    });
    expect(lines[0]).toBe("base (8453) reorg: 3 block(s) rolled back to block 1,210");
    expect(lines[1]).toBe("base (8453) synced: nothing new, up to block 1,213 (head 1,243)");
    expect(lines[3]).toBe("chain 42161: in the database, left out of this run's configuration");
    expect(lines[5]).toMatch(/^published set unchanged: release 0a277188fc5256c2/);
    expect(lines[7]).toBe("audit: the index agrees with the contract's own counters on 11 of 12 pairs");
  });

  test("behavior: a published snapshot is named with its size and hash", () => {
    const sha256 = "ab".repeat(32);
    const lines = renderRunSummary({
      ...summary,
      build: { ...summary.build, snapshot: { path: "snapshot.ndjson.gz", bytes: 12_345, sha256 } },
    });
    expect(lines.at(-1)).toBe(`snapshot: api/throughput/snapshot.ndjson.gz, 12,345 bytes, sha256 ${sha256}`);
  });

  test("behavior: a chain whose head is not yet as deep as the confirmations says so, with no negative block", () => {
    const young = { ...base, fromBlock: 0, toBlock: -1, head: 2, target: -1, blocksSynced: 0 };
    const lines = renderRunSummary({ sync: { ...summary.sync, chains: [young] }, build: summary.build });
    expect(lines[0]).toBe(
      "base (8453) synced: no block yet: the head, block 2, is not yet 30 confirmations past block 0, where indexing starts; a run syncs once the head reaches block 30",
    );
  });

  test("behavior: a sync stopped by --time-limit says where it stopped", () => {
    const lines = renderRunSummary({
      sync: { ...summary.sync, chains: [{ ...base, complete: false, target: 1_500 }] },
      build: summary.build,
    });
    expect(lines[1]).toBe("base (8453) time limit: stopped at block 1,213 of 1,500; the next run continues");
  });
});
