import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { presets } from "../../src/chain/presets.js";
import { nodeCall } from "../../tooling/devchain/nodeCall.js";
import { oneSessionHistory } from "../support/oneSessionHistory.js";
import { readPublishedJson } from "../support/readPublished.js";
import { runCli } from "../support/runCli.js";
import { useDevChains } from "../support/useDevChains.js";
import { useTempDir } from "../support/useTempDir.js";

const endTime = Date.UTC(2026, 4, 4, 12, 0, 0) / 1000;

type ChainSummary = { chainId: number; fromBlock: number; toBlock: number; head: number; target: number };

/**
 * A chain younger than its confirmation depth: two anvil nodes that report Base's and Arbitrum
 * One's chain ids, a few blocks each, run without --confirmations, so that the presets' 30 and 240
 * blocks apply. Nothing may be synced yet: the run says why and what to do, and exits 75 (a later
 * run, once the chains have grown, publishes); `build` alone says how a database gets its blocks.
 */
describe("a chain whose head is not yet as deep as its confirmation depth, through the CLI", () => {
  const { base, arbitrum } = useDevChains({
    base: [oneSessionHistory(endTime), { chainId: presets.base.chainId, at: presets.base.contract }],
    arbitrum: [
      oneSessionHistory(endTime),
      { chainId: presets.arbitrum.chainId, at: presets.arbitrum.contract },
    ],
  });
  const dir = useTempDir("mor-young-");
  const db = join(dir, "young.sqlite");
  const out = join(dir, "out");
  // The presets' contracts and depths; each first run finds the creation block itself.
  const endpoints = () => ["--rpc-url", base.rpcUrl, "--rpc-url", arbitrum.rpcUrl, "--db", db];

  test("error: `run` says the heads are not yet 30 and 240 confirmations deep, and exits 75", async () => {
    expect(base.lastBlock).toBeLessThan(30);
    const ran = await runCli(["run", ...endpoints(), "--out", out]);
    expect(ran.code).toBe(75);
    expect(ran.stderr).toContain(
      `base (8453): the head, block ${base.lastBlock}, is not yet 30 confirmations past block`,
    );
    expect(ran.stderr).toContain(
      `arbitrum (42161): the head, block ${arbitrum.lastBlock}, is not yet 240 confirmations past block`,
    );
    expect(ran.stderr).toContain("--confirmations");
    expect(ran.stderr).not.toMatch(/-\d/); // no negative block anywhere
    expect(ran.stderr).not.toContain("holds no synced block");
    expect(ran.stderr).not.toContain("first, with the same --db");
    expect(existsSync(join(out, "meta.json"))).toBe(false);

    // --json: the sync's summary with the error; no target below what is synced.
    const failed = await runCli(["run", ...endpoints(), "--out", out, "--json"]);
    expect(failed.code).toBe(75);
    const json = JSON.parse(failed.stdout) as {
      sync: { chains: ChainSummary[] };
      error: { exitCode: number };
    };
    expect(json.error.exitCode).toBe(75);
    for (const chain of json.sync.chains) {
      expect(chain.toBlock).toBe(chain.fromBlock - 1);
      expect(chain.target).toBe(chain.toBlock);
    }
  });

  test("behavior: `sync` alone says the same and exits 0; `build` alone says how the database gets a block", async () => {
    const synced = await runCli(["sync", ...endpoints()]);
    expect(synced.code).toBe(0);
    expect(synced.stderr).toContain(`base (8453) synced: no block yet: the head, block ${base.lastBlock}`);
    expect(synced.stderr).not.toMatch(/-\d/);

    const built = await runCli(["build", "--db", db, "--out", out]);
    expect(built.code).toBe(1);
    expect(built.stderr).toContain("The database holds no synced block yet");
    expect(built.stderr).toContain("confirmation depth");
    expect(built.stderr).toContain("--confirmations");
  });

  test("behavior: once the chains have grown past their depths, the same `run` publishes both", async () => {
    await nodeCall(base.rpcUrl, "anvil_mine", ["0x1e"]); // 30 blocks
    await nodeCall(arbitrum.rpcUrl, "anvil_mine", ["0xf0"]); // 240 blocks
    const ran = await runCli(["run", ...endpoints(), "--out", out]);
    expect(ran.code).toBe(0);
    const meta = readPublishedJson(out)["meta.json"] as {
      chains: Array<{ chainId: number; toBlock: number }>;
    };
    expect(meta.chains).toEqual([
      expect.objectContaining({ chainId: 8453, toBlock: base.lastBlock }),
      expect.objectContaining({ chainId: 42161, toBlock: arbitrum.lastBlock }),
    ]);
  });
});
