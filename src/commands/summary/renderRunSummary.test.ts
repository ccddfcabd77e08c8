import { describe, expect, test } from "vitest";
import type { RunSummary } from "./renderRunSummary.js";
import { renderRunSummary } from "./renderRunSummary.js";

const summary: RunSummary = {
  sync: {
    fromBlock: 0,
    toBlock: 1_213,
    head: 1_243,
    target: 1_213,
    blocksSynced: 200,
    logs: 300,
    sessionsOpened: 160,
    sessionsClosed: 140,
    reorg: null,
    complete: true,
    chainId: 8453,
    contract: "0x6abe1d282f72b474e54527d93b979a4f64d3030a",
    models: 5,
    rpc: { httpRequests: 12, rpcCalls: 1_500, retries: 1, reader: "multicall" },
    durationMs: 2_345,
  },
  build: {
    out: "out",
    releaseId: "0a277188fc5256c2",
    changed: true,
    asOf: Date.UTC(2026, 10, 20, 12) / 1000,
    toBlock: 1_213,
    files: ["api/throughput/summary.json", "index.html"],
    closedSessions: 9_084,
    stuckSessions: 46,
    durationMs: 120,
  },
};

describe("renderRunSummary", () => {
  test("default: the human lines, every number taken from the --json object", () => {
    expect(renderRunSummary(summary)).toEqual([
      "synced: chain 8453 blocks 1,014–1,213 (head 1,243): 160 sessions opened, 140 closed, 5 models",
      "rpc: 12 requests, 1,500 calls, 1 retries (multicall) in 2.3 s",
      "published: release 0a277188fc5256c2 in out (2 files)",
      "as of 2026-11-20T12:00:00Z (block 1,213): 9,084 closed sessions, 46 stuck",
    ]);
  });

  test("behavior: nothing new, an unchanged set and a reorg say so", () => {
    const lines = renderRunSummary({
      sync: { ...summary.sync, blocksSynced: 0, reorg: { depth: 3, ancestor: 1_210 } },
      build: { ...summary.build, changed: false },
    });
    expect(lines[0]).toBe("reorg: 3 block(s) rolled back to block 1,210");
    expect(lines[1]).toBe("synced: nothing new, chain 8453 up to block 1,213 (head 1,243)");
    expect(lines[3]).toMatch(/^published set unchanged: release 0a277188fc5256c2/);
  });

  test("behavior: a sync stopped by --time-limit says where it stopped", () => {
    const lines = renderRunSummary({
      sync: { ...summary.sync, complete: false, target: 1_500 },
      build: summary.build,
    });
    expect(lines[1]).toBe("time limit: stopped at block 1,213 of 1,500; the next run continues");
  });
});
