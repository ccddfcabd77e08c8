import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, test } from "vitest";
import { createRpcClient } from "../../src/chain/rpc/createRpcClient.js";
import { generateHistory } from "../../src/devchain/generateHistory.js";
import { nodeCallGasCap } from "../../src/devchain/nodeCallGasCap.js";
import { diffFiles } from "../support/diffFiles.js";
import { expectedOn } from "../support/expectedFor.js";
import { readPublishedJson } from "../support/readPublished.js";
import { runArgs } from "../support/runArgs.js";
import { parseJson, runCli } from "../support/runCli.js";
import { useDevChain } from "../support/useDevChain.js";
import { useFaultProxy } from "../support/useFaultProxy.js";
import { useTempDir } from "../support/useTempDir.js";

/**
 * The pipeline on a real EVM node (anvil), each way view calls can travel: through Multicall3,
 * through the deployless aggregate3 where the chain has no Multicall3 (creation code run by
 * eth_call, under the node's contract-creation rules: EIP-170, its gas cap), and as plain
 * eth_calls (--no-multicall); through one endpoint and through a pool of two. Every file is
 * exact in each. The chain is acceptance-sized: about 1,500 sessions.
 */
const endTime = Date.UTC(2026, 2, 1, 7, 30, 0) / 1000;
const history = generateHistory({ seed: 11, days: 125, sessionsPerDay: 12, endTime });

type Summary = {
  sync: {
    chains: Array<{
      sessionsClosed: number;
      rpc: { httpRequests: number; reader: string; endpoints?: Array<{ httpRequests: number }> };
    }>;
  };
};

const modes = [
  { name: "Multicall3", multicall: true, flags: [] as string[], reader: "multicall" },
  { name: "no Multicall3", multicall: false, flags: [] as string[], reader: "deployless" },
  { name: "--no-multicall", multicall: false, flags: ["--no-multicall"], reader: "batch" },
] as const;

describe.each(modes)("the pipeline on anvil, view calls through $name", (mode) => {
  const chain = useDevChain(history, { multicall: mode.multicall });
  // Two more URLs for the same node: a pool of two endpoints that agree.
  const first = useFaultProxy(chain);
  const second = useFaultProxy(chain);
  const dir = useTempDir("mor-reader-matrix-");
  const expected = () => expectedOn(chain, history, { asOf: endTime });

  test("default: one endpoint: every file exact, at most one HTTP request per 50 closed sessions", async () => {
    const out = join(dir, "one");
    const result = await runCli(
      runArgs(chain, { db: join(dir, "one.sqlite"), out }, "--json", ...mode.flags),
    );
    expect(result.code, result.stderr).toBe(0);
    const { rpc, sessionsClosed } = parseJson<Summary>(result).sync
      .chains[0] as Summary["sync"]["chains"][number];
    expect(rpc.reader).toBe(mode.reader);
    expect(diffFiles(readPublishedJson(out), await expected())).toEqual([]);
    expect(sessionsClosed).toBeGreaterThan(1_300);
    // Plain eth_calls travel in JSON-RPC batches of 100: one request per 100 reads at best.
    if (mode.reader !== "batch") expect(rpc.httpRequests).toBeLessThanOrEqual(sessionsClosed / 50);
  });

  test("behavior: a pool of two endpoints: every file exact", async () => {
    const out = join(dir, "pool");
    const target = { rpcUrl: first.url, contract: chain.contract };
    const result = await runCli(
      runArgs(
        target,
        { db: join(dir, "pool.sqlite"), out },
        "--rpc-url",
        second.url,
        "--json",
        ...mode.flags,
      ),
    );
    expect(result.code, result.stderr).toBe(0);
    const { rpc } = parseJson<Summary>(result).sync.chains[0] as Summary["sync"]["chains"][number];
    expect(rpc.reader).toBe(mode.reader);
    expect(rpc.endpoints).toHaveLength(2);
    expect(diffFiles(readPublishedJson(out), await expected())).toEqual([]);
  });
});

describe("the pipeline on anvil without Multicall3, behind a low gas cap", () => {
  const chain = useDevChain(history, { multicall: false });
  const dir = useTempDir("mor-reader-gas-");

  test("behavior: every file exact; the calls an aggregate3 took are remembered for the endpoint's next run", async () => {
    const db = join(dir, "a.sqlite");
    const out = join(dir, "out");
    // 3,000,000 gas for every eth_call: far fewer calls than 200 an aggregate3.
    const client = createRpcClient({ url: chain.rpcUrl });
    await client.request("evm_setBlockGasLimit", ["0x2dc6c0"]);
    try {
      const result = await runCli(runArgs(chain, { db, out }, "--json"));
      expect(result.code, result.stderr).toBe(0);
      expect(diffFiles(readPublishedJson(out), await expectedOn(chain, history, { asOf: endTime }))).toEqual(
        [],
      );
    } finally {
      await client.request("evm_setBlockGasLimit", [`0x${nodeCallGasCap.toString(16)}`]);
    }
    const database = new Database(db, { readonly: true });
    const caps = database.prepare("SELECT call_cap FROM endpoint_limits").pluck().all() as Array<
      number | null
    >;
    database.close();
    expect(caps).toHaveLength(1);
    expect(caps[0]).toBeGreaterThan(1);
    expect(caps[0]).toBeLessThan(200);
  });
});
