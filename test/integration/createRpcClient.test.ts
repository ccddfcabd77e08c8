import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createRpcClient, type RpcClientOptions } from "../../src/chain/rpc/createRpcClient.js";
import { type AnvilNode, startAnvil } from "../../src/devchain/startAnvil.js";
import { TransientError, UserError } from "../../src/errors/BaseError.js";
import { createLogger } from "../../src/log/createLogger.js";
import { createFaultProxy, type FaultProxy } from "../../tooling/faultProxy/createFaultProxy.js";

let node: AnvilNode;
let proxy: FaultProxy;

beforeAll(async () => {
  node = await startAnvil();
  proxy = await createFaultProxy(node.rpcUrl);
});

afterAll(async () => {
  await proxy?.close();
  await node?.stop();
});

const client = (options: Partial<RpcClientOptions> = {}) =>
  createRpcClient({ url: proxy.url, timeoutMs: 1000, backoffMs: 20, ...options });

/** `n` calls made in one tick (one batch, or several when the batch size is smaller). */
const chainIds = (rpc: ReturnType<typeof client>, n: number) =>
  Promise.all(Array.from({ length: n }, () => rpc.request<string>("eth_chainId")));

describe("createRpcClient against a hostile endpoint", () => {
  test("default: calls made in one tick travel in one batch", async () => {
    proxy.configure({});
    proxy.resetStats();
    expect(await chainIds(client(), 30)).toEqual(Array(30).fill("0x7a69"));
    expect(proxy.stats.requests).toBe(1);
  });

  test("behavior: 429 without Retry-After, HTML 5xx, a reset and a hang are retried and answered", async () => {
    for (const faults of [{ http429: 1, retryAfterShare: 0 }, { http5xx: 1 }, { reset: 1 }, { hang: 1 }]) {
      proxy.configure({ seed: 1, maxFaults: 1, ...faults });
      proxy.resetStats();
      expect(await client({ timeoutMs: 1000 }).request("eth_chainId")).toBe("0x7a69");
      expect(proxy.stats.requests).toBe(2);
    }
  });

  test("behavior: each backoff wait is one line at the default log level, not one per call of the batch", async () => {
    proxy.configure({ seed: 1, http5xx: 1, maxFaults: 2 });
    proxy.resetStats();
    const lines: string[] = [];
    const logger = createLogger({ write: (line) => lines.push(line) });
    const rpc = client({ url: `${proxy.url}/v2/Zx9kQ2mN4pR7sT1u`, logger });
    expect(await chainIds(rpc, 5)).toEqual(Array(5).fill("0x7a69"));
    expect(proxy.stats.requests).toBe(3);
    const failed = "RPC endpoint http://127.0.0.1:<port>/v2/*** failed eth_chainId and 4 other calls";
    expect(lines.map((line) => line.replace(/:\d+\//, ":<port>/").replace(/in \d+ ms/, "in <n> ms"))).toEqual(
      [
        `${failed} (HTTP 500 Internal Server Error), retrying in <n> ms (attempt 2 of 7)\n`,
        `${failed} (HTTP 502 Bad Gateway), retrying in <n> ms (attempt 3 of 7)\n`,
      ],
    );
  });

  test("behavior: Retry-After is waited out, in seconds and as an HTTP date", async () => {
    proxy.configure({ seed: 1, http429: 1, retryAfterShare: 1, retryAfterSeconds: 1, maxFaults: 3 });
    proxy.resetStats();
    expect(await client({ retries: 4 }).request("eth_chainId")).toBe("0x7a69");
    const log = proxy.stats.log;
    expect(log.map((entry) => [entry.status, entry.retryAfter])).toEqual([
      [429, "1"],
      [429, "1"],
      [429, expect.stringMatching(/ GMT$/)], // 2 s ahead, to the second: at least a second
      [200, undefined],
    ]);
    for (let k = 1; k < log.length; k++) {
      expect((log[k]?.at ?? 0) - (log[k - 1]?.at ?? 0)).toBeGreaterThanOrEqual(950);
    }
  });

  test("error: an endpoint that stays down: retries + 1 attempts, then a TransientError naming it", async () => {
    proxy.configure({ down: "503" });
    proxy.resetStats();
    const error = await client({ retries: 3 })
      .request("eth_chainId")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransientError);
    expect((error as TransientError).message).toMatch(
      /^RPC endpoint http:\/\/127\.0\.0\.1:\d+\/ failed eth_chainId after 4 attempts\nLast error: HTTP 503 Service Unavailable\. Retry later/,
    );
    expect(proxy.stats.requests).toBe(4);
  });

  test("error: HTTP 401 and 403 end at once with a UserError (exit 1): retrying cannot fix credentials", async () => {
    for (const down of ["401", "403"] as const) {
      proxy.configure({ down });
      proxy.resetStats();
      const error = await client({ retries: 3 })
        .request("eth_chainId")
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UserError);
      expect((error as UserError).message).toMatch(
        new RegExp(`^The RPC endpoint http://127\\.0\\.0\\.1:\\d+/ refused access \\(HTTP ${down}\\)\n`),
      );
      expect(proxy.stats.requests).toBe(1);
    }
  });

  test("behavior: rate limits on single calls of a batch: only those calls are sent again", async () => {
    proxy.configure({ seed: 3, callRateLimit: 0.2 });
    proxy.resetStats();
    expect(await chainIds(client(), 50)).toEqual(Array(50).fill("0x7a69"));
    expect(proxy.stats.faults.callRateLimit).toBeGreaterThan(3);
    expect(proxy.stats.calls.eth_chainId).toBe(50 + proxy.stats.faults.callRateLimit);
  });

  test("behavior: a batch cap is learned, however the endpoint words it", async () => {
    for (const batchCap of ["error", "http", "partial", "partial-errors"] as const) {
      proxy.configure({ maxBatchSize: 8, batchCap });
      proxy.resetStats();
      const rpc = client({ maxBatchSize: 50, maxConcurrency: 1 });
      expect(await chainIds(rpc, 50)).toEqual(Array(50).fill("0x7a69"));
      expect(await chainIds(rpc, 50)).toEqual(Array(50).fill("0x7a69"));
      // Refused a few times while learning (halving, then sizes between tried), never again after.
      const learning = proxy.stats.faults.batchCap;
      expect(learning).toBeLessThanOrEqual(5);
      expect(await chainIds(rpc, 50)).toEqual(Array(50).fill("0x7a69"));
      expect(proxy.stats.faults.batchCap).toBe(learning);
      expect(proxy.stats.log.slice(-7).every((entry) => entry.methods.length <= 8)).toBe(true);
      // Learned within an eighth of the cap: batches of 7 or 8, not the 6 that halving gives.
      expect(
        Math.max(...proxy.stats.log.slice(-7).map((entry) => entry.methods.length)),
      ).toBeGreaterThanOrEqual(7);
    }
  });

  test("behavior: batches that timed out shrink, then grow back (never past a learned cap)", async () => {
    // Three hangs in a row: the second and third timeouts of the same calls halve the batches.
    proxy.configure({ seed: 1, hang: 1, maxFaults: 3, maxBatchSize: 16, batchCap: "partial" });
    proxy.resetStats();
    const rpc = client({ maxBatchSize: 40, maxConcurrency: 1, timeoutMs: 1000 });
    for (let round = 0; round < 12; round++) {
      expect(await chainIds(rpc, 40)).toEqual(Array(40).fill("0x7a69"));
    }
    expect(proxy.stats.faults.hang).toBe(3);
    const sizes = proxy.stats.log.map((entry) => entry.methods.length);
    // One timeout alone may be bad luck: the batch goes again whole; then 20, then 10.
    expect(sizes.slice(0, 4)).toEqual([40, 40, 20, 10]);
    expect(sizes.slice(-3)).toEqual([16, 16, 8]);
  });

  test("behavior: calls asked together travel in one request, are never split, and are retried as a whole", async () => {
    // Every request's batch is capped at 3 calls, and calls inside batches are refused at random:
    // a group of two still arrives in one request, and answers only when both calls are answered.
    proxy.configure({ seed: 4, maxBatchSize: 3, batchCap: "partial", callRateLimit: 0.3 });
    proxy.resetStats();
    const rpc = client({ maxBatchSize: 10, maxConcurrency: 1, retries: 10 });
    const pair = [{ method: "net_version" }, { method: "web3_clientVersion" }];
    const groups = Array.from({ length: 12 }, () => rpc.requestTogether<[string, string]>(pair));
    const [answers, singles] = await Promise.all([Promise.all(groups), chainIds(rpc, 12)]);
    expect(answers).toEqual(Array(12).fill(["31337", expect.stringMatching(/^anvil/)]));
    expect(singles).toEqual(Array(12).fill("0x7a69"));
    expect(proxy.stats.faults.callRateLimit).toBeGreaterThan(0);
    expect(proxy.stats.faults.batchCap).toBeGreaterThan(0);
    // Only groups ask these two methods: every request holds as many of one as of the other.
    const count = (methods: string[], method: string) => methods.filter((m) => m === method).length;
    for (const { methods } of proxy.stats.log) {
      expect(count(methods, "net_version")).toBe(count(methods, "web3_clientVersion"));
    }
  });

  test("behavior: calls that failed together are retried together, in one request", async () => {
    // Every request holding net_version is answered "no backend is currently healthy" for all of
    // its calls: the 3,000 calls asked with it fail with it, and go again with it, every time (on
    // one timer: a timer per call would let some fire after the next batch has left).
    proxy.configure({ down: "unhealthy", downMethods: ["net_version"] });
    proxy.resetStats();
    const rpc = client({ maxBatchSize: 5000, retries: 2 });
    const group = rpc.requestTogether([{ method: "net_version" }, { method: "web3_clientVersion" }]);
    const results = await Promise.allSettled([group, chainIds(rpc, 3000)]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    expect(proxy.stats.log.map((entry) => entry.methods.length)).toEqual([3002, 3002, 3002]);
  });

  test("behavior: an endpoint that takes no batches at all gets a group's calls one by one", async () => {
    for (const batchCap of ["error", "http", "partial", "partial-errors"] as const) {
      proxy.configure({ maxBatchSize: 1, batchCap });
      proxy.resetStats();
      const rpc = client({ maxConcurrency: 1 });
      const pair = [{ method: "eth_chainId" }, { method: "net_version" }];
      expect(await rpc.requestTogether(pair)).toEqual(["0x7a69", "31337"]);
      expect(await rpc.requestTogether(pair)).toEqual(["0x7a69", "31337"]);
      // Refused once while learning, never again after.
      expect(proxy.stats.faults.batchCap).toBe(1);
    }
  });

  test("behavior: a real rate limiter is met by slowing down, within the retries", async () => {
    proxy.configure({ rateLimit: { perSecond: 40, burst: 4 } });
    proxy.resetStats();
    const rpc = client({ maxBatchSize: 1, maxConcurrency: 8, retries: 6, backoffMs: 250 });
    expect(await chainIds(rpc, 120)).toEqual(Array(120).fill("0x7a69"));
    // Pushed back, it did not hammer: most requests went through.
    expect(proxy.stats.faults.rateLimit).toBeGreaterThan(0);
    expect(proxy.stats.faults.rateLimit).toBeLessThan(120);
  });
});
