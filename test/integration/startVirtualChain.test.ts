import { decodeFunctionResult, encodeFunctionData, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { marketplaceAbi, multicall3Abi } from "../../src/chain/abi.js";
import { multicall3Address } from "../../src/chain/presets.js";
import { classifyRpcError, parseRangeHint } from "../../src/chain/rpc/classifyRpcError.js";
import { startVirtualChain, type VirtualChain } from "../../tooling/virtualChain/startVirtualChain.js";
import { scenarioSpec } from "../../tooling/virtualChain/virtualScenarios.js";

let chain: VirtualChain;
const spec = scenarioSpec("arbitrum", { shrink: 2_000 });

beforeAll(async () => {
  chain = await startVirtualChain(spec);
});
afterAll(async () => {
  await chain?.close();
});

type Answer = { result?: unknown; error?: { code: number; message: string } };
const post = async (body: unknown): Promise<{ status: number; headers: Headers; json: unknown }> => {
  const response = await fetch(chain.url, { method: "POST", body: JSON.stringify(body) });
  return { status: response.status, headers: response.headers, json: await response.json() };
};
const rpc = async (method: string, params: unknown[]): Promise<Answer> =>
  (await post({ jsonrpc: "2.0", id: 1, method, params })).json as Answer;
const hex = (n: number) => `0x${n.toString(16)}`;
type Log = { blockNumber: string; topics: string[]; logIndex: string; blockHash: string };

describe("startVirtualChain", () => {
  test("default: headers derived from the number, chained by parent hash, at the block time", async () => {
    const head = Number((await rpc("eth_blockNumber", [])).result);
    expect(head).toBe(spec.head);
    const [a, b] = await Promise.all(
      [head - 1, head].map(async (n) => (await rpc("eth_getBlockByNumber", [hex(n), false])).result),
    );
    type Header = { hash: string; parentHash: string; timestamp: string };
    const [parent, block] = [a as Header, b as Header];
    expect(block.parentHash).toBe(parent.hash);
    expect(Number(block.timestamp) - Number(parent.timestamp)).toBe(spec.blockTime);
    expect(Number(block.timestamp)).toBe(spec.headTime);
    expect((await rpc("eth_getBlockByHash", [block.hash, false])).result).toEqual(block);
    expect((await rpc("eth_getBlockByNumber", [hex(head + 1), false])).result).toBeNull();
  });

  test("default: every log of the history, each session opened before it closes; getSession agrees", async () => {
    const { result } = await rpc("eth_getLogs", [
      { address: spec.contract, fromBlock: "0x0", toBlock: "latest" },
    ]);
    const logs = result as Log[];
    expect(logs).toHaveLength(chain.state.history.events.count);
    const opened = new Map<string, number>();
    for (const log of logs) {
      const id = log.topics[2] as string;
      if (opened.has(id)) expect(Number(log.blockNumber)).toBeGreaterThan(opened.get(id) as number);
      else opened.set(id, Number(log.blockNumber));
    }
    expect(opened.size).toBe(spec.sessions);
    const [sessionId, openBlock] = [...opened][5] as [Hex, number];
    const read = async (block: number) => {
      const data = encodeFunctionData({ abi: marketplaceAbi, functionName: "getSession", args: [sessionId] });
      const { result: returned } = await rpc("eth_call", [{ to: spec.contract, data }, hex(block)]);
      return decodeFunctionResult({ abi: marketplaceAbi, functionName: "getSession", data: returned as Hex });
    };
    expect((await read(openBlock - 1)).openedAt).toBe(0n);
    const open = await read(openBlock);
    expect(open.closedAt).toBe(0n);
    expect(open.isActive).toBe(true);
    const closed = await read(spec.head);
    expect(closed.closedAt).toBeGreaterThan(open.openedAt);
    expect(closed.closeoutReceipt.length).toBeGreaterThanOrEqual(2 + 2 * 160);
    expect(closed.closeoutReceipt.slice(0, 66)).toBe(sessionId);
  });

  test("default: aggregate3 answers what the calls answer one by one; getCode from the creation block on", async () => {
    const bid = chain.state.history.bids[0] as { bidId: Hex };
    const call = encodeFunctionData({ abi: marketplaceAbi, functionName: "getBid", args: [bid.bidId] });
    const direct = (await rpc("eth_call", [{ to: spec.contract, data: call }, "latest"])).result as Hex;
    const aggregate = encodeFunctionData({
      abi: multicall3Abi,
      functionName: "aggregate3",
      args: [[{ target: spec.contract as Hex, allowFailure: true, callData: call }]],
    });
    const { result } = await rpc("eth_call", [{ to: multicall3Address, data: aggregate }, "latest"]);
    const [one] = decodeFunctionResult({
      abi: multicall3Abi,
      functionName: "aggregate3",
      data: result as Hex,
    });
    expect(one).toEqual({ success: true, returnData: direct });
    const code = async (block: number) =>
      (await rpc("eth_getCode", [spec.contract, hex(block)])).result as string;
    expect(await code(spec.creationBlock - 1)).toBe("0x");
    expect((await code(spec.creationBlock)).length).toBeGreaterThan(2);
  });

  test("behavior: a provider's limits, with its wordings", async () => {
    chain.setLimits({ rangeCap: 100, batchCap: 2 });
    const tooWide = await rpc("eth_getLogs", [{ fromBlock: "0x0", toBlock: hex(100) }]);
    expect(classifyRpcError("eth_getLogs", tooWide.error ?? {})).toBe("range");
    expect(parseRangeHint(tooWide.error?.message ?? "").maxBlocks).toBe(100);
    chain.setLimits({ resultCap: 3, batchCap: 2 });
    const events = chain.state.history.events;
    const from = events.block[0] as number;
    const tooMany = await rpc("eth_getLogs", [
      { fromBlock: hex(from), toBlock: hex(events.block[9] as number) },
    ]);
    expect(classifyRpcError("eth_getLogs", tooMany.error ?? {})).toBe("range");
    const suggested = parseRangeHint(tooMany.error?.message ?? "").suggestedTo as number;
    const fits = await rpc("eth_getLogs", [{ fromBlock: hex(from), toBlock: hex(suggested) }]);
    expect((fits.result as Log[]).length).toBeLessThanOrEqual(3);
    const batch = await post([1, 2, 3].map((id) => ({ jsonrpc: "2.0", id, method: "eth_chainId" })));
    expect(classifyRpcError("", (batch.json as Answer).error ?? {})).toBe("batch-too-large");

    chain.setLimits({ requestsPerSecond: 2, burst: 2 });
    const statuses = await Promise.all(
      [1, 2, 3].map(() => post({ jsonrpc: "2.0", id: 1, method: "eth_chainId" })),
    );
    expect(statuses.map((s) => s.status).sort()).toEqual([200, 200, 429]);
    expect(statuses.find((s) => s.status === 429)?.headers.get("retry-after")).toBe("1");
    expect(chain.stats.rateLimited).toBe(1);
    chain.setLimits({});
  });

  test("behavior: a reorg gives the newest blocks new hashes, and leaves the older ones", async () => {
    const hashOf = async (n: number) =>
      ((await rpc("eth_getBlockByNumber", [hex(n), false])).result as { hash: string }).hash;
    const head = spec.head;
    const before = await Promise.all([head - 3, head - 2, head].map(hashOf));
    chain.reorg(3);
    const after = await Promise.all([head - 3, head - 2, head].map(hashOf));
    expect(after[0]).toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[2]).not.toBe(before[2]);
    const block = (await rpc("eth_getBlockByNumber", [hex(head - 2), false])).result as {
      parentHash: string;
    };
    expect(block.parentHash).toBe(after[0]);
  });
});
