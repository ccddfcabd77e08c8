import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createFaultProxy, type FaultProxy } from "../../devchain/createFaultProxy.js";
import { type AnvilNode, startAnvil } from "../../devchain/startAnvil.js";
import { startJsonRpcServer } from "../../devchain/startJsonRpcServer.js";
import {
  type ScriptedEndpoint,
  type ScriptedReply,
  startScriptedEndpoint,
} from "../../devchain/startScriptedEndpoint.js";
import { ExitCode, exitCodeOf, TransientError, UserError } from "../../errors/BaseError.js";
import { createRpcClient, type RpcClientOptions } from "./createRpcClient.js";

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
      /^RPC endpoint http:\/\/127\.0\.0\.1:\d+\/ failed eth_chainId 4 times\nLast error: HTTP 503 Service Unavailable\. Retry later/,
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
      // Refused once or twice while learning, never again after.
      expect(proxy.stats.faults.batchCap).toBeLessThanOrEqual(3);
      expect(proxy.stats.log.slice(-7).every((entry) => entry.methods.length <= 8)).toBe(true);
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

describe("createRpcClient against an endpoint that does not serve a method", () => {
  // A misconfiguration (wrong endpoint, or a plan without the method): a cron retrying it on exit 75
  // would retry forever, so it ends at once with exit 1, naming what a person has to fix.
  test("error: 'method does not exist' is a UserError after one request, naming the endpoint, the method and the answer", async () => {
    const refusals = [
      { code: -32601, message: "Method not found" },
      { code: -32000, message: "the method eth_getLogs does not exist/is not available" },
    ];
    for (const refusal of refusals) {
      const server = await startJsonRpcServer((method) =>
        method === "eth_getLogs" ? { error: refusal } : { result: "0x7a69" },
      );
      try {
        const rpc = createRpcClient({ url: `${server.url}v2/Zx9kQ2mN4pR7sT1u`, retries: 3, backoffMs: 20 });
        const [chainId, error] = await Promise.all([
          rpc.request("eth_chainId"),
          rpc.request("eth_getLogs", [{ fromBlock: "0x1", toBlock: "0x2" }]).catch((e: unknown) => e),
        ]);
        expect(chainId).toBe("0x7a69");
        expect(error).toBeInstanceOf(UserError);
        expect(exitCodeOf(error)).toBe(ExitCode.badInput);
        expect((error as UserError).message.replace(/:\d+\//, ":<port>/")).toBe(
          "The RPC endpoint http://127.0.0.1:<port>/v2/*** does not serve eth_getLogs\n" +
            `It answered: ${refusal.message} (code ${refusal.code}). Expected an endpoint that serves eth_getLogs: use another endpoint, or a plan that includes the method (--rpc-url, RPC_URL).`,
        );
        expect(server.requests).toBe(1);
      } finally {
        await server.close();
      }
    }
  });
});

describe("createRpcClient against a URL that is not a JSON-RPC endpoint", () => {
  // A web page, a server without POST, another API: no retry can help, and a cron retrying on
  // exit 75 would retry forever. Two answers of the body's kind are asked for (one may be a
  // glitch); the status alone is enough for the status' kind.
  const url = (endpoint: ScriptedEndpoint) => `${endpoint.url}v2/Zx9kQ2mN4pR7sT1u`;
  const ask = async (reply: (n: number) => ScriptedReply) => {
    const endpoint = await startScriptedEndpoint(reply);
    try {
      const error = await createRpcClient({ url: url(endpoint), retries: 6, backoffMs: 20 })
        .request("eth_chainId")
        .catch((e: unknown) => e);
      return { error, requests: endpoint.requests(), port: new URL(endpoint.url).port };
    } finally {
      await endpoint.close();
    }
  };

  test("error: HTTP 404, 405 or 501: a UserError after one request, naming the endpoint, the method, the status and the answer", async () => {
    const pages = [
      { status: 404, body: "Cannot POST /v2/Zx9kQ2mN4pR7sT1u" },
      { status: 405, headers: { allow: "GET" }, body: "" },
      { status: 501, body: `<html>\n  <body>\n    <p>Unsupported method ('POST')</p>\n  </body>\n</html>\n` },
    ];
    const messages: string[] = [];
    for (const page of pages) {
      const { error, requests, port } = await ask(() => page);
      expect(error).toBeInstanceOf(UserError);
      expect(exitCodeOf(error)).toBe(ExitCode.badInput);
      expect(requests).toBe(1);
      messages.push((error as UserError).message.replace(`:${port}/`, ":<port>/"));
    }
    expect(messages.join("\n")).toMatchInlineSnapshot(`
      "The RPC endpoint http://127.0.0.1:<port>/v2/*** does not answer as a JSON-RPC endpoint
      Asked eth_chainId, it answered HTTP 404 Not Found: "Cannot POST /v2/***". Expected a JSON-RPC answer: check --rpc-url (RPC_URL): is it the URL of a JSON-RPC endpoint (e.g. https://mainnet.base.org), with its whole path?
      The RPC endpoint http://127.0.0.1:<port>/v2/*** does not answer as a JSON-RPC endpoint
      Asked eth_chainId, it answered HTTP 405 Method Not Allowed: an empty body. Expected a JSON-RPC answer: check --rpc-url (RPC_URL): is it the URL of a JSON-RPC endpoint (e.g. https://mainnet.base.org), with its whole path?
      The RPC endpoint http://127.0.0.1:<port>/v2/*** does not answer as a JSON-RPC endpoint
      Asked eth_chainId, it answered HTTP 501 Not Implemented: "<html> <body> <p>Unsupported method ('POST')</p> </body> </html>". Expected a JSON-RPC answer: check --rpc-url (RPC_URL): is it the URL of a JSON-RPC endpoint (e.g. https://mainnet.base.org), with its whole path?"
    `);
  });

  test("error: a body that is no JSON-RPC answer (a web page, {}, JSON of another API): asked twice, then a UserError", async () => {
    const long = `<!DOCTYPE html><html><head><title>Acme Wallet</title></head><body>${"<p>Lorem ipsum dolor sit amet.</p>".repeat(20)}</body></html>`;
    const bodies = [
      { status: 200, headers: { "content-type": "text/html; charset=utf-8" }, body: long },
      { status: 200, headers: { "content-type": "application/json" }, body: "{}" },
      { status: 200, body: '{"status":"ok","message":"Welcome to the Acme API"}' },
    ];
    const messages: string[] = [];
    for (const body of bodies) {
      const { error, requests, port } = await ask(() => body);
      expect(error).toBeInstanceOf(UserError);
      expect(requests).toBe(2);
      messages.push((error as UserError).message.replace(`:${port}/`, ":<port>/"));
    }
    expect(messages.join("\n")).toMatchInlineSnapshot(`
      "The RPC endpoint http://127.0.0.1:<port>/v2/*** does not answer as a JSON-RPC endpoint
      Asked eth_chainId, it answered HTTP 200 OK (text/html; charset=utf-8): "<!DOCTYPE html><html><head><title>Acme Wallet</title></head><body><p>Lorem ipsum dolor sit amet.</p><p>Lorem ipsum dolor sit amet.</p><p>Lorem ipsum dolor sit amet.</p><p>Lorem ipsum dolor sit amet.</…" (760 bytes in all). Expected a JSON-RPC answer: check --rpc-url (RPC_URL): is it the URL of a JSON-RPC endpoint (e.g. https://mainnet.base.org), with its whole path?
      The RPC endpoint http://127.0.0.1:<port>/v2/*** does not answer as a JSON-RPC endpoint
      Asked eth_chainId, it answered HTTP 200 OK (application/json): "{}". Expected a JSON-RPC answer: check --rpc-url (RPC_URL): is it the URL of a JSON-RPC endpoint (e.g. https://mainnet.base.org), with its whole path?
      The RPC endpoint http://127.0.0.1:<port>/v2/*** does not answer as a JSON-RPC endpoint
      Asked eth_chainId, it answered HTTP 200 OK: "{"status":"ok","message":"Welcome to the Acme API"}". Expected a JSON-RPC answer: check --rpc-url (RPC_URL): is it the URL of a JSON-RPC endpoint (e.g. https://mainnet.base.org), with its whole path?"
    `);
  });

  test("behavior: one odd answer, then JSON-RPC: answered (an odd answer may be a glitch)", async () => {
    const endpoint = await startScriptedEndpoint((n) =>
      n === 1
        ? { status: 200, headers: { "content-type": "text/html" }, body: "<html>starting</html>" }
        : { status: 200, body: '{"jsonrpc":"2.0","id":1,"result":"0x7a69"}' },
    );
    try {
      expect(await createRpcClient({ url: endpoint.url, backoffMs: 20 }).request("eth_chainId")).toBe(
        "0x7a69",
      );
      expect(endpoint.requests()).toBe(2);
    } finally {
      await endpoint.close();
    }
  });

  test("behavior: HTML error pages of a proxy in front of a node (500, 502, 503, 504) are retried", async () => {
    const pages = [500, 502, 503, 504];
    const endpoint = await startScriptedEndpoint((n) => {
      const status = pages[n - 1];
      if (status === undefined) return { status: 200, body: '{"jsonrpc":"2.0","id":1,"result":"0x7a69"}' };
      return { status, headers: { "content-type": "text/html" }, body: `<html><h1>${status}</h1></html>` };
    });
    try {
      expect(await createRpcClient({ url: endpoint.url, backoffMs: 20 }).request("eth_chainId")).toBe(
        "0x7a69",
      );
      expect(endpoint.requests()).toBe(5);
    } finally {
      await endpoint.close();
    }
  });
});
