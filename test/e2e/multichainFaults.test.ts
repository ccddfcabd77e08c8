import { join } from "node:path";
import type { Hex } from "viem";
import { beforeAll, describe, expect, test } from "vitest";
import { presets } from "../../src/chain/presets.js";
import type { History, HistorySession } from "../../src/devchain/history.js";
import { writeHistory } from "../../src/devchain/writeHistory.js";
import { seededRandom } from "../../src/util/seededRandom.js";
import { nodeCall } from "../../tooling/devchain/nodeCall.js";
import { signedClose } from "../../tooling/devchain/signedClose.js";
import { startDevChain } from "../../tooling/devchain/startDevChain.js";
import { createFaultProxy } from "../../tooling/faultProxy/createFaultProxy.js";
import { diffFiles } from "../support/diffFiles.js";
import { expectedPublication } from "../support/expected/expectedPublication.js";
import { withRouterOf } from "../support/expected/withRouter.js";
import { killCli } from "../support/killCli.js";
import { oneSessionHistory } from "../support/oneSessionHistory.js";
import { readPublished, readPublishedJson } from "../support/readPublished.js";
import { parseJson, runCli } from "../support/runCli.js";
import { startHistorylessProxy } from "../support/startHistorylessProxy.js";
import { treeState } from "../support/treeState.js";
import { arbitrumEnd, baseEnd, twoChainHistories } from "../support/twoChainHistories.js";
import { useDevChains } from "../support/useDevChains.js";
import { useTempDir } from "../support/useTempDir.js";

/**
 * Two chains under faults: a reorg on one while the other is steady, a hostile endpoint for one of
 * them, kills at random moments, an endpoint without historical state, a chain without a preset.
 */
describe("two chains under faults", () => {
  const histories = twoChainHistories();
  const { base, arbitrum } = useDevChains({
    base: [histories.base, { chainId: presets.base.chainId, at: presets.base.contract }],
    arbitrum: [histories.arbitrum, { chainId: presets.arbitrum.chainId, at: presets.arbitrum.contract }],
  });
  const dir = useTempDir("mor-two-chains-faults-");
  let clean: Record<string, string>;

  beforeAll(async () => {
    const result = await runCli(args("clean", base.rpcUrl, arbitrum.rpcUrl));
    expect(result.code, result.stderr).toBe(0);
    clean = readPublished(join(dir, "clean"));
  });

  function args(name: string, baseUrl: string, arbitrumUrl: string, ...more: string[]): string[] {
    return [
      "run",
      "--rpc-url",
      baseUrl,
      "--rpc-url",
      arbitrumUrl,
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
  }

  test("behavior: faults on one endpoint only: the same files as the clean run", async () => {
    const proxy = await createFaultProxy(base.rpcUrl, {
      seed: 7,
      http429: 0.05,
      http5xx: 0.05,
      reset: 0.03,
      logsBlockLimit: 3,
      maxBatchSize: 7,
      staleHead: 0.3,
      staleLag: 2,
      duplicateLogs: 0.1,
    });
    try {
      const result = await runCli(
        args(
          "faulty",
          proxy.url,
          arbitrum.rpcUrl,
          "--no-multicall",
          "--rpc-batch-size",
          "20",
          "--rpc-timeout",
          "2000",
        ),
      );
      expect(result.code, result.stderr).toBe(0);
      expect(Object.values(proxy.stats.faults).reduce((sum, n) => sum + n, 0)).toBeGreaterThan(0);
      expect(readPublished(join(dir, "faulty"))).toEqual(clean);
    } finally {
      await proxy.close();
    }
  });

  test("behavior: SIGKILL at random moments of a two-chain run; the rerun publishes the clean run's files", async () => {
    const random = seededRandom(11);
    let kills = 0;
    for (let trial = 0; trial < 4; trial++) {
      const name = `killed-${trial}`;
      const killed = await killCli(
        args(name, base.rpcUrl, arbitrum.rpcUrl, "--no-multicall", "--rpc-batch-size", "5"),
        {
          after: /^syncing/,
          delayMs: random() * 600,
        },
      );
      if (killed.killed) kills++;
      else expect(killed.code, killed.stderr).toBe(0);
      const rerun = await runCli(args(name, base.rpcUrl, arbitrum.rpcUrl));
      expect(rerun.code, rerun.stderr).toBe(0);
      expect(readPublished(join(dir, name))).toEqual(clean);
    }
    expect(kills).toBeGreaterThan(0);
  });

  test("behavior: a reorg on one chain while the other is steady: rolled back there only, then SPEC.md's files", async () => {
    const name = "reorg";
    const snapshot = await nodeCall<string>(base.rpcUrl, "evm_snapshot");
    const closedOn = (label: string, closedAt: number): HistorySession => {
      const sessionId = `0x${label.padStart(64, "0")}` as Hex;
      return {
        sessionId,
        user: histories.base.sessions[0]?.user as Hex,
        bidId: histories.base.bids[2]?.bidId as Hex,
        stake: 10n ** 18n,
        openedAt: closedAt - 600,
        endsAt: closedAt + 600,
        close: signedClose(sessionId, closedAt, 420, [5, 6]),
      };
    };
    const branch = (label: string, at: number): History => ({
      models: [],
      bids: [],
      sessions: [closedOn(label, at)],
      endTime: at + 600,
    });
    await writeHistory(base.rpcUrl, base.contract, branch("aaaa", baseEnd + 1800));
    expect((await runCli(args(name, base.rpcUrl, arbitrum.rpcUrl))).code).toBe(0);
    await nodeCall(base.rpcUrl, "evm_revert", [snapshot]);
    const kept = branch("bbbb", baseEnd + 2400);
    await writeHistory(base.rpcUrl, base.contract, kept);
    try {
      const summary = parseJson<{
        sync: { chains: Array<{ chainId: number; reorg: unknown; blocksSynced: number }> };
      }>(await runCli([...args(name, base.rpcUrl, arbitrum.rpcUrl), "--json"]));
      const [onBase, onArbitrum] = summary.sync.chains;
      expect(onBase?.reorg).toMatchObject({ depth: expect.any(Number) });
      expect(onArbitrum).toMatchObject({ reorg: null, blocksSynced: 0 });
      const newBase = {
        ...histories.base,
        sessions: [...histories.base.sessions, ...kept.sessions],
        endTime: kept.endTime,
      };
      const expected = expectedPublication([
        { chainId: 8453, history: newBase, asOf: kept.endTime },
        { chainId: 42161, history: histories.arbitrum, asOf: arbitrumEnd },
      ]);
      const published = readPublishedJson(join(dir, name));
      expect(diffFiles(published, await withRouterOf(expected, published, [base, arbitrum]))).toEqual([]);
    } finally {
      await nodeCall(base.rpcUrl, "evm_revert", [snapshot]);
    }
  });

  test("behavior: an endpoint without historical state: one request of eth_getCode refused, no creation block, the preset's start (a warning)", async () => {
    const local = await startDevChain(oneSessionHistory(baseEnd));
    const proxy = await startHistorylessProxy(local.rpcUrl);
    try {
      const out = join(dir, "historyless");
      const result = await runCli([
        "run",
        "--rpc-url",
        proxy.url,
        "--contract",
        local.contract,
        "--confirmations",
        "0",
        "--db",
        join(dir, "historyless.sqlite"),
        "--out",
        out,
      ]);
      expect(result.code, result.stderr).toBe(0);
      // The default retries are for passing faults: an answer that the state is gone is final
      // (the search's first round, its probes in one request, is not asked again).
      expect(proxy.refusedRequests()).toBe(1);
      expect(result.stderr).toMatch(/warn: cannot find the contract's creation block/);
      const meta = readPublishedJson(out)["meta.json"] as {
        chains: Array<{ fromBlock: number; creationBlock: unknown }>;
      };
      expect(meta.chains[0]).toMatchObject({ fromBlock: 0, creationBlock: null });
    } finally {
      await proxy.close();
      await local.stop();
    }
  });

  test("error: an endpoint whose chain has no preset and no --contract for it: exit 1, nothing written", async () => {
    const local = await startDevChain(oneSessionHistory(baseEnd));
    try {
      const before = treeState(dir);
      const result = await runCli(args("no-contract", base.rpcUrl, local.rpcUrl));
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /^error: --contract is required on chain 31337\n--rpc-url serves chain 31337, which has no preset\. Expected --contract <address> \(or --contract 31337=<address>\)/m,
      );
      expect(treeState(dir)).toEqual(before);
    } finally {
      await local.stop();
    }
  });
});
