import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { classifyRpcError } from "../../src/chain/rpc/classifyRpcError.js";
import { deployMarketplace } from "../../src/devchain/deployMarketplace.js";
import { generateHistory } from "../../src/devchain/generateHistory.js";
import { writeHistory } from "../../src/devchain/writeHistory.js";
import { type DevChain, startDevChain } from "../../tooling/devchain/startDevChain.js";
import { withoutBidLogs } from "../../tooling/devchain/withoutBidLogs.js";
import { createFaultProxy, type FaultProxy } from "../../tooling/faultProxy/createFaultProxy.js";

const endTime = Date.UTC(2026, 0, 10) / 1000;
let chain: DevChain;
let proxy: FaultProxy;
let contract: string;
let other: string;
let lastBlock: number;
let head: number;

type Answer = { id: unknown; result?: unknown; error?: { code: number; message: string } };
/** The array an eth_getLogs answer holds ([] when it holds none). */
const list = <T = unknown>(answer: Answer | undefined): T[] => (answer?.result ?? []) as T[];

async function post(body: unknown): Promise<{ status: number; text: string; headers: Headers }> {
  const response = await fetch(proxy.url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(2000),
  });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

const call = (id: number, method: string, params: unknown[] = []) => ({ jsonrpc: "2.0", id, method, params });
const getLogs = (id: number, from: number, to: number, address = contract) =>
  call(id, "eth_getLogs", [
    { address, fromBlock: `0x${from.toString(16)}`, toBlock: `0x${to.toString(16)}` },
  ]);

beforeAll(async () => {
  const history = generateHistory({ seed: 3, days: 10, sessionsPerDay: 30, endTime });
  chain = await startDevChain(history, {
    genesis: endTime - 12 * 86_400,
    write: { blockSpanSeconds: 86_400 },
  });
  ({ contract, lastBlock } = chain);
  // Another marketplace, whose logs come after ours.
  ({ contract: other } = await deployMarketplace(chain.rpcUrl));
  // Its bids written without logs: the chain's head is past the times they were posted at.
  const otherHistory = generateHistory({ seed: 4, days: 2, sessionsPerDay: 20, endTime: endTime + 3600 });
  ({ lastBlock: head } = await writeHistory(
    chain.rpcUrl,
    other as `0x${string}`,
    withoutBidLogs(otherHistory),
  ));
  proxy = await createFaultProxy(chain.rpcUrl);
});

afterAll(async () => {
  await proxy?.close();
  await chain?.stop();
});

describe("createFaultProxy", () => {
  test("default: without faults, answers as the node does, batches included", async () => {
    proxy.configure({});
    const direct = (await (
      await fetch(chain.rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify([getLogs(1, 0, lastBlock), call(2, "eth_chainId")]),
      })
    ).json()) as Answer[];
    const proxied = JSON.parse(
      (await post([getLogs(1, 0, lastBlock), call(2, "eth_chainId")])).text,
    ) as Answer[];
    expect(proxied.sort((a, b) => Number(a.id) - Number(b.id))).toEqual(direct);
    const single = JSON.parse((await post(call(7, "eth_chainId"))).text) as Answer;
    expect(single).toEqual({ jsonrpc: "2.0", id: 7, result: "0x7a69" });
  });

  test("behavior: HTTP faults, one class at a time", async () => {
    proxy.configure({ seed: 1, http429: 1, retryAfterShare: 1, retryAfterSeconds: 2 });
    const limited = await post(call(1, "eth_chainId"));
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("2");
    proxy.configure({ seed: 1, http429: 1, retryAfterShare: 0 });
    expect((await post(call(1, "eth_chainId"))).headers.get("retry-after")).toBeNull();
    proxy.configure({ seed: 1, http5xx: 1 });
    const statuses = [];
    for (let k = 0; k < 3; k++) {
      const answer = await post(call(1, "eth_chainId"));
      expect(answer.text).toContain("<html>");
      statuses.push(answer.status);
    }
    expect(statuses.sort()).toEqual([500, 502, 503]);
    proxy.configure({ seed: 1, reset: 1 });
    await expect(post(call(1, "eth_chainId"))).rejects.toThrow(/fetch failed/);
    proxy.configure({ seed: 1, hang: 1 });
    await expect(post(call(1, "eth_chainId"))).rejects.toThrow(/timeout|aborted/i);
  });

  test("behavior: eth_getLogs refusals use providers' wordings, each one our client reads as a range refusal", async () => {
    proxy.configure({ logsBlockLimit: 2 });
    const messages = new Set<string>();
    for (let k = 0; k < 6; k++) {
      const [answer] = JSON.parse((await post([getLogs(1, 0, lastBlock)])).text) as Answer[];
      messages.add(answer?.error?.message ?? "");
      expect(classifyRpcError("eth_getLogs", answer?.error ?? {})).toBe("range");
    }
    const [small] = JSON.parse((await post([getLogs(1, 1, 2)])).text) as Answer[];
    expect(small?.result).toBeInstanceOf(Array);

    proxy.configure({ logsCountLimit: 20 });
    for (let k = 0; k < 5; k++) {
      const [answer] = JSON.parse((await post([getLogs(1, 0, lastBlock)])).text) as Answer[];
      messages.add(answer?.error?.message ?? "");
      expect(classifyRpcError("eth_getLogs", answer?.error ?? {})).toBe("range");
    }
    // One block is always served, however many logs it holds: the busiest one, as the node has it.
    const all = (await (
      await fetch(chain.rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(getLogs(1, 0, lastBlock)),
      })
    ).json()) as Answer;
    const perBlock = new Map<number, number>();
    for (const log of list<{ blockNumber: string }>(all)) {
      const n = Number(log.blockNumber);
      perBlock.set(n, (perBlock.get(n) ?? 0) + 1);
    }
    const [busiest, count] = [...perBlock].reduce((a, b) => (b[1] > a[1] ? b : a));
    expect(count).toBeGreaterThan(20);
    const [block] = JSON.parse((await post([getLogs(1, busiest, busiest)])).text) as Answer[];
    expect(list(block)).toHaveLength(count);

    proxy.configure({ seed: 2, logsUnhealthy: 1 });
    const [unhealthy] = JSON.parse((await post([getLogs(1, 0, 1)])).text) as Answer[];
    messages.add(unhealthy?.error?.message ?? "");
    expect(classifyRpcError("eth_getLogs", unhealthy?.error ?? {})).toBe("range");
    expect(messages.size).toBeGreaterThanOrEqual(10);
    expect([...messages].join("\n")).toMatch(/query returned more than 20 results/);
  });

  test("behavior: oversized batches refused four ways; calls rate-limited inside a batch", async () => {
    proxy.configure({ maxBatchSize: 2 });
    const batch = [call(1, "eth_chainId"), call(2, "eth_chainId"), call(3, "eth_chainId")];
    const error = await post(batch);
    expect(JSON.parse(error.text)).toMatchObject({ error: { message: "batch too large" } });
    expect((await post(batch)).status).toBe(413);
    expect((JSON.parse((await post(batch)).text) as Answer[]).length).toBe(2);
    const partial = JSON.parse((await post(batch)).text) as Answer[];
    expect(partial.filter((answer) => answer.error).map((answer) => answer.id)).toEqual([3]);
    expect(classifyRpcError("eth_chainId", partial.find((a) => a.error)?.error ?? {})).toBe(
      "batch-too-large",
    );

    proxy.configure({ seed: 5, callRateLimit: 0.5 });
    const answers = JSON.parse(
      (await post(Array.from({ length: 40 }, (_, k) => call(k, "eth_chainId")))).text,
    ) as Answer[];
    const limited = answers.filter((answer) => answer.error);
    expect(limited.length).toBeGreaterThan(5);
    expect(limited.length).toBeLessThan(35);
    for (const answer of limited) expect(classifyRpcError("eth_call", answer.error ?? {})).toBe("rate-limit");
  });

  test("behavior: stale head, null newest block once, duplicated and foreign logs", async () => {
    proxy.configure({ staleHead: 1, staleLag: 3 });
    const stale = JSON.parse((await post(call(1, "eth_blockNumber"))).text) as Answer;
    expect(Number(stale.result)).toBe(head - 3);

    proxy.configure({ nullNewestBlock: 1 });
    const newest = call(1, "eth_getBlockByNumber", [`0x${head.toString(16)}`, false]);
    expect((JSON.parse((await post(newest)).text) as Answer).result).toBeNull();
    expect((JSON.parse((await post(newest)).text) as Answer).result).not.toBeNull();

    proxy.configure({ seed: 1, duplicateLogs: 1 });
    const [clean] = JSON.parse(
      await fetch(chain.rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify([getLogs(1, 0, lastBlock)]),
      }).then((r) => r.text()),
    ) as Answer[];
    const [doubled] = JSON.parse((await post([getLogs(1, 0, lastBlock)])).text) as Answer[];
    const keys = list<{ blockHash: string; logIndex: string }>(doubled).map(
      (l) => `${l.blockHash}:${l.logIndex}`,
    );
    expect(keys.length).toBeGreaterThan(list(clean).length);
    expect(new Set(keys).size).toBe(list(clean).length);

    proxy.configure({ foreignContract: other, foreignShare: 0.5 });
    const range = [getLogs(1, 0, head)];
    const first = JSON.parse((await post(range)).text) as Answer[];
    const second = JSON.parse((await post(range)).text) as Answer[];
    expect(second).toEqual(first); // the same logs mixed in every time
    const addresses = list<{ address: string }>(first[0]).map((log) => log.address.toLowerCase());
    expect(addresses.filter((a) => a === other.toLowerCase()).length).toBe(proxy.stats.foreignLogKeys.size);
    expect(proxy.stats.foreignLogKeys.size).toBeGreaterThan(5);
  });

  test("behavior: the same seed and requests give the same faults", async () => {
    const run = async () => {
      proxy.configure({ seed: 42, http5xx: 0.3, callRateLimit: 0.3 });
      const outcomes: string[] = [];
      for (let k = 0; k < 10; k++) {
        const answer = await post([call(1, "eth_chainId"), call(2, "eth_chainId")]);
        outcomes.push(answer.status === 200 ? answer.text.replace(/\s/g, "") : String(answer.status));
      }
      return outcomes;
    };
    const first = await run();
    expect(await run()).toEqual(first);
    expect(new Set(first).size).toBeGreaterThan(1);
  });
});
