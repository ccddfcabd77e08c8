import { describe, expect, test } from "vitest";
import { ExitCode } from "../errors/BaseError.js";
import type { ChainRunSummary } from "../sync/syncChains.js";
import { noBlockToPublish } from "./noBlockToPublish.js";

const chain = (chainId: number, name: string, more: Partial<ChainRunSummary>): ChainRunSummary => ({
  chainId,
  name,
  contract: "0x6abe1d282f72b474e54527d93b979a4f64d3030a",
  fromBlock: 100,
  creationBlock: 100,
  toBlock: 99,
  head: 120,
  target: 99,
  confirmations: 30,
  blocksSynced: 0,
  logs: 0,
  sessionsOpened: 0,
  sessionsClosed: 0,
  reorg: null,
  complete: true,
  upgrades: [],
  models: 0,
  refilled: 0,
  bidsRefilled: 0,
  bidScan: { blocks: 0, logs: 0, complete: true },
  audit: "nothing to read",
  router: "nothing to read",
  rpc: { httpRequests: 4, rpcCalls: 9, retries: 0, reader: "multicall" },
  ...more,
});

const sync = (...chains: ChainRunSummary[]) => ({ chains, leftOut: [], complete: true, durationMs: 10 });

describe("noBlockToPublish", () => {
  test("default: heads short of the confirmation depth: retry later (75), each chain's reason, --confirmations", () => {
    const error = noBlockToPublish(
      sync(
        chain(8453, "base", { head: 120_000, fromBlock: 119_990, toBlock: 119_989, target: 119_989 }),
        chain(42161, "arbitrum", { head: 120, confirmations: 240 }),
      ),
      [
        { chainId: 8453, toBlock: "latest" },
        { chainId: 42161, toBlock: "latest" },
      ],
    );
    expect(error?.exitCode).toBe(ExitCode.transient);
    expect(error?.message).toBe(
      [
        "No block to sync yet, so nothing to publish",
        "base (8453): the head, block 120,000, is not yet 30 confirmations past block 119,990, where indexing starts; a run syncs once the head reaches block 120,020",
        "arbitrum (42161): the head, block 120, is not yet 240 confirmations past block 100, where indexing starts; a run syncs once the head reaches block 340",
        "A later run, once the chain has grown, syncs and publishes. --confirmations lowers the depth: 0 on a local chain, where nothing reorganises unasked (--confirmations 8453=0 for one chain).",
      ].join("\n"),
    );
  });

  test("behavior: one chain with a block to publish: no error", () => {
    const synced = chain(42161, "arbitrum", { toBlock: 110, blocksSynced: 11, target: 110 });
    expect(noBlockToPublish(sync(chain(8453, "base", {}), synced), [])).toBeUndefined();
  });

  test("error: a --to-block number before the start never passes: exit 1; a safe block before it does: 75", () => {
    const asked = chain(8453, "base", { head: 500 });
    const fixed = noBlockToPublish(sync(asked), [{ chainId: 8453, toBlock: 50 }]);
    expect(fixed?.exitCode).toBe(ExitCode.badInput);
    expect(fixed?.message).toContain(
      "the block asked for (--to-block) is before block 100, where indexing starts",
    );
    expect(noBlockToPublish(sync(asked), [{ chainId: 8453, toBlock: "safe" }])?.exitCode).toBe(
      ExitCode.transient,
    );
  });
});
