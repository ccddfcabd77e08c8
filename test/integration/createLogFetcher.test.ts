import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createLogFetcher } from "../../src/chain/createLogFetcher.js";
import { createRpcClient } from "../../src/chain/rpc/createRpcClient.js";
import { generateHistory } from "../../src/devchain/generateHistory.js";
import { TransientError } from "../../src/errors/BaseError.js";
import { type DevChain, startDevChain } from "../../tooling/devchain/startDevChain.js";
import { startJsonRpcServer } from "../../tooling/endpoints/startJsonRpcServer.js";
import { createFaultProxy, type FaultProxy } from "../../tooling/faultProxy/createFaultProxy.js";

let chain: DevChain;
let proxy: FaultProxy;

beforeAll(async () => {
  // Five days in five blocks: the last blocks hold logs, as at the head of a live chain.
  const history = generateHistory({
    seed: 3,
    days: 5,
    sessionsPerDay: 20,
    endTime: Date.UTC(2026, 2, 1) / 1000,
  });
  chain = await startDevChain(history, { write: { blockSpanSeconds: 86_400 } });
  proxy = await createFaultProxy(chain.rpcUrl);
});

afterAll(async () => {
  await proxy?.close();
  await chain?.stop();
});

const fetcher = (url: string) =>
  createLogFetcher({
    client: createRpcClient({ url, timeoutMs: 2000, backoffMs: 20 }),
    contract: chain.contract,
    initialRangeSize: 1_000,
    lagRetry: { attempts: 5, delay: { baseMs: 20, growth: "linear" } },
  });

const blocksOf = (logs: Array<{ blockNumber: string }>) => [
  ...new Set(logs.map((log) => Number(log.blockNumber))),
];

describe("createLogFetcher against a lagging backend", () => {
  test("behavior: logs cut at a lagging backend's head are asked for again, not taken as complete", async () => {
    const { logs: expected } = await fetcher(chain.rpcUrl).fetch(0, chain.lastBlock);
    // The chain's last three blocks hold logs: a backend three blocks behind would drop them.
    expect(blocksOf(expected).filter((block) => block > chain.lastBlock - 3).length).toBeGreaterThan(0);

    proxy.configure({ laggingBackend: 1, laggingLag: 3, maxFaults: 1 });
    proxy.resetStats();
    const { logs } = await fetcher(proxy.url).fetch(0, chain.lastBlock);
    expect(proxy.stats.faults.laggingBackend).toBe(1);
    expect(logs).toEqual(expected);
  });

  test("error: a backend that never reaches the range's end: a TransientError naming the block", async () => {
    proxy.configure({ laggingBackend: 1, laggingLag: 3 });
    const failure = fetcher(proxy.url).fetch(0, chain.lastBlock);
    await expect(failure).rejects.toThrow(TransientError);
    await expect(failure).rejects.toThrow(`does not return block ${chain.lastBlock}`);
  });
});

describe("createLogFetcher against an endpoint that refuses one block's logs", () => {
  test("error: a single block refused on every attempt: a TransientError naming it, after the client's retries + 1", async () => {
    const block = { number: "0x5", hash: `0x${"ab".repeat(32)}`, timestamp: "0x1" };
    const server = await startJsonRpcServer((method) =>
      method === "eth_getLogs"
        ? { error: { code: -32005, message: "query returned more than 10000 results" } }
        : { result: block },
    );
    try {
      const logs = createLogFetcher({
        client: createRpcClient({ url: server.url, retries: 2, backoffMs: 1 }),
        contract: "0x00000000000000000000000000000000000000aa",
      });
      const error = await logs.fetch(5, 5).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransientError);
      expect((error as TransientError).message).toMatch(
        /^The RPC endpoint http:\/\/127\.0\.0\.1:\d+\/ refuses the logs of block 5\nLast error: eth_getLogs failed: query returned more than 10000 results\. A single block/,
      );
      expect(server.calls.filter((call) => call.method === "eth_getLogs").length).toBe(3);
    } finally {
      await server.close();
    }
  });
});
