import { afterEach, describe, expect, test } from "vitest";
import { CallFailure } from "../../src/chain/rpc/CallFailure.js";
import {
  type BatchSenderOptions,
  createBatchSender,
  type Unit,
} from "../../src/chain/rpc/createBatchSender.js";
import { RpcResponseError } from "../../src/chain/rpc/RpcResponseError.js";
import { silentLogger } from "../../src/log/createLogger.js";
import {
  type JsonRpcAnswer,
  type JsonRpcServer,
  startJsonRpcServer,
} from "../../tooling/endpoints/startJsonRpcServer.js";

let server: JsonRpcServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

let nextId = 1;
const unit = (...methods: string[]): Unit => ({
  calls: methods.map((method) => ({ id: nextId++, method, params: [] })),
  method: methods.join("+"),
  attempt: 1,
  resolve: () => {},
  reject: () => {},
});

/** A sender to a tiny endpoint answering as told, and the groups it hands to `ungroup`. */
async function senderTo(
  answer: (method: string, params: unknown[], calls: number) => JsonRpcAnswer,
  options: Partial<BatchSenderOptions> = {},
) {
  server = await startJsonRpcServer(answer);
  const ungrouped: Unit[] = [];
  const { send } = createBatchSender({
    endpoint: { fetchUrl: server.url, headers: {}, safeUrl: server.url },
    url: server.url,
    timeoutMs: 2000,
    maxRetryAfterMs: 1000,
    maxBatchSize: 10,
    maxConcurrency: 2,
    retries: 3,
    backoff: { baseMs: 100, growth: "exponential" },
    stats: { httpRequests: 0, rpcCalls: 0 },
    logger: silentLogger,
    ungroup: (group) => ungrouped.push(group),
    ...options,
  });
  return { send, ungrouped, server };
}

describe("createBatchSender", () => {
  test("default: units made in one tick go in one request, each answered with its results", async () => {
    const { send, server } = await senderTo((method) => ({ result: method }));
    const answers = await Promise.all([
      send(unit("eth_chainId")),
      send(unit("net_version", "eth_blockNumber")),
    ]);
    expect(answers).toEqual([["eth_chainId"], ["net_version", "eth_blockNumber"]]);
    expect(server.requests).toBe(1);
  });

  test("behavior: units refused for a moment fail their attempt with one wait for all, from the most tried", async () => {
    const { send } = await senderTo(() => ({ error: { code: 429, message: "Too Many Requests" } }));
    const first = unit("eth_chainId");
    const third = { ...unit("eth_chainId"), attempt: 3 };
    const failures = await Promise.all([send(first).catch((e) => e), send(third).catch((e) => e)]);
    for (const failure of failures) expect(failure).toBeInstanceOf(CallFailure);
    expect(failures[0].retryAt).toBe(failures[1].retryAt);
    // Exponential from 100 ms for a third attempt: 400 ms, with no jitter in this policy.
    expect(failures.map((failure: CallFailure) => [failure.reason, failure.delayMs])).toEqual([
      ["Too Many Requests", 400],
      ["Too Many Requests", 400],
    ]);
  });

  test("behavior: a group larger than the batch cap learned goes to ungroup", async () => {
    const { send, ungrouped } = await senderTo((_, __, calls) =>
      calls > 1 ? { error: { code: -32000, message: "batch size too large" } } : { result: "0x1" },
    );
    const group = unit("eth_chainId", "net_version");
    // Refused per call for the batch's size: the cap is learned, and the attempt goes again at once.
    expect(await send(group).catch((e: unknown) => e)).toMatchObject({
      reason: "batch answered in part",
      delayMs: 0,
    });
    void send(group);
    await new Promise((resolve) => setImmediate(resolve));
    expect(ungrouped).toEqual([group]);
  });

  test("error: a call refused for good rejects with what the endpoint said", async () => {
    const { send } = await senderTo(() => ({ error: { code: 3, message: "execution reverted" } }));
    const error = await send(unit("eth_call")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcResponseError);
    expect((error as RpcResponseError).kind).toBe("revert");
  });
});
