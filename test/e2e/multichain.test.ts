import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, test } from "vitest";
import { chainFileSchemas } from "../../src/api/fileSchemas.js";
import { presets } from "../../src/chain/presets.js";
import { diffFiles } from "../support/diffFiles.js";
import { expectedPublication } from "../support/expected/expectedPublication.js";
import { withRouterOf } from "../support/expected/withRouter.js";
import { readPublished, readPublishedJson } from "../support/readPublished.js";
import { parseJson, runCli } from "../support/runCli.js";
import { treeState } from "../support/treeState.js";
import { arbitrumEnd, baseEnd, twoChainHistories } from "../support/twoChainHistories.js";
import { useDevChains } from "../support/useDevChains.js";
import { useTempDir } from "../support/useTempDir.js";

/**
 * SPEC.md 1.1's whole history: Base and Arbitrum One in one record, each chain on its own, on
 * two anvil nodes that report the real chain ids, the marketplace at each preset's address.
 */
describe("two chains in one record, end to end through the CLI", () => {
  const histories = twoChainHistories();
  const { base, arbitrum } = useDevChains({
    base: [histories.base, { chainId: presets.base.chainId, at: presets.base.contract }],
    arbitrum: [histories.arbitrum, { chainId: presets.arbitrum.chainId, at: presets.arbitrum.contract }],
  });
  const dir = useTempDir("mor-two-chains-");

  /** The automation's two-chain command line, exactly: the presets' contracts, base first. */
  const twoChains = (name: string, ...more: string[]) => [
    "run",
    "--rpc-url",
    base.rpcUrl,
    "--rpc-url",
    arbitrum.rpcUrl,
    "--from-block",
    "0",
    "--confirmations",
    "0",
    "--db",
    join(dir, `${name}.sqlite`),
    "--out",
    join(dir, name),
    ...more,
  ];
  const expected = () =>
    expectedPublication([
      { chainId: 8453, history: histories.base, asOf: baseEnd },
      { chainId: 42161, history: histories.arbitrum, asOf: arbitrumEnd },
    ]);

  test("default: the combined and per-chain files equal SPEC.md's, computed independently", async () => {
    const summary = parseJson<{ sync: { chains: Array<{ chainId: number; toBlock: number }> } }>(
      await runCli([...twoChains("both"), "--json"]),
    );
    expect(summary.sync.chains.map((chain) => chain.chainId)).toEqual([8453, 42161]);
    const published = readPublishedJson(join(dir, "both"));
    expect(diffFiles(published, await withRouterOf(expected(), published, [base, arbitrum]))).toEqual([]);
    const meta = published["meta.json"] as {
      asOf: number;
      chains: Array<{ chainId: number; asOf: number; name: string }>;
    };
    expect(meta.asOf).toBe(baseEnd);
    expect(meta.chains.map(({ chainId, asOf, name }) => ({ chainId, asOf, name }))).toEqual([
      { chainId: 8453, asOf: baseEnd, name: "base" },
      { chainId: 42161, asOf: arbitrumEnd, name: "arbitrum" },
    ]);
    // The cases are really there: the shared sessionId counted twice, the Arbitrum-only name.
    const models = (published["models.json"] as { models: Array<{ modelId: string; name: string }> }).models;
    expect(models.find((model) => model.modelId === histories.namedOnlyOnArbitrum)?.name).not.toBe("");
    const stuck = (published["chains/42161/stuck-sessions.json"] as { count: number }).count;
    expect(stuck).toBeGreaterThan(
      (published["stuck-sessions.json"] as { sessions: Array<{ chainId: number }> }).sessions.filter(
        (s) => s.chainId === 42161,
      ).length,
    );
  });

  test("behavior: a chain's own files equal a run of that chain alone, byte for byte", async () => {
    const both = readPublished(join(dir, "both"));
    for (const [chain, chainId] of [
      [base, 8453],
      [arbitrum, 42161],
    ] as const) {
      const name = `alone-${chainId}`;
      const result = await runCli([
        "run",
        "--rpc-url",
        chain.rpcUrl,
        "--from-block",
        "0",
        "--confirmations",
        "0",
        "--db",
        join(dir, `${name}.sqlite`),
        "--out",
        join(dir, name),
      ]);
      expect(result.code, result.stderr).toBe(0);
      const alone = readPublished(join(dir, name));
      for (const path of Object.keys(chainFileSchemas)) {
        expect([chainId, path, both[`chains/${chainId}/${path}`]]).toEqual([chainId, path, alone[path]]);
      }
    }
  });

  test("behavior: a chain in the database but not in this run's configuration is kept, left out, and named", async () => {
    const name = "left-out";
    expect((await runCli(twoChains(name))).code).toBe(0);
    const result = await runCli([
      "run",
      "--rpc-url",
      base.rpcUrl,
      "--confirmations",
      "0",
      "--db",
      join(dir, `${name}.sqlite`),
      "--out",
      join(dir, name),
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/chain 42161 is in the database but not in this run's configuration/);
    expect(result.stderr).toMatch(/RPC_URL_42161/);
    const meta = readPublishedJson(join(dir, name))["meta.json"] as { chains: Array<{ chainId: number }> };
    expect(meta.chains.map((chain) => chain.chainId)).toEqual([8453]);
    expect(readPublished(join(dir, name))["summary.json"]).toBe(
      readPublished(join(dir, "alone-8453"))["summary.json"],
    );
    const sqlite = new Database(join(dir, `${name}.sqlite`), { readonly: true });
    const kept = sqlite.prepare("SELECT COUNT(*) FROM closes WHERE chain_id = 42161").pluck().get() as number;
    sqlite.close();
    expect(kept).toBeGreaterThan(0);
  });

  test("behavior: without --from-block each chain starts at its contract's creation block", async () => {
    const name = "creation";
    const result = await runCli(
      twoChains(name).filter((arg, i, args) => arg !== "--from-block" && args[i - 1] !== "--from-block"),
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/starting at the contract's creation block chain=8453 block=1/);
    const published = readPublishedJson(join(dir, name));
    const meta = published["meta.json"] as {
      chains: Array<{ fromBlock: number; creationBlock: number | null; fromCreationBlock: boolean }>;
    };
    expect(
      meta.chains.map(({ fromBlock, creationBlock, fromCreationBlock }) => ({
        fromBlock,
        creationBlock,
        fromCreationBlock,
      })),
    ).toEqual([
      { fromBlock: 1, creationBlock: 1, fromCreationBlock: true },
      { fromBlock: 1, creationBlock: 1, fromCreationBlock: true },
    ]);
    expect(diffFiles(published, await withRouterOf(expected(), published, [base, arbitrum]))).toEqual([]);
  });

  test("error: a <chainId>= value for a chain not configured: exit 1, nothing written", async () => {
    const before = treeState(dir);
    const unknown = await runCli([...twoChains("unknown"), "--confirmations", "10=5"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(
      /^error: --confirmations 10=… names chain 10, which is not configured\nThe configured chains are 8453, 42161\./m,
    );
    expect(treeState(dir)).toEqual(before);
  });
});
