import { afterEach, describe, expect, test } from "vitest";
import { createRpcClient } from "../../src/chain/rpc/createRpcClient.js";
import { RpcResponseError } from "../../src/chain/rpc/RpcResponseError.js";
import { TransientError } from "../../src/errors/BaseError.js";
import {
  type JsonRpcAnswer,
  type JsonRpcServer,
  startJsonRpcServer,
} from "../../tooling/endpoints/startJsonRpcServer.js";
import {
  type ScriptedEndpoint,
  startScriptedEndpoint,
} from "../../tooling/endpoints/startScriptedEndpoint.js";

/**
 * A call that can do without its answer (the creation-block search asks old state, which a node
 * without history never has) asks for no retries of "the state is missing": one request, not a
 * round of backoff. Failures worth a retry are retried all the same.
 */

let server: JsonRpcServer | ScriptedEndpoint | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const requestsOf = (endpoint: JsonRpcServer | ScriptedEndpoint) =>
  typeof endpoint.requests === "number" ? endpoint.requests : endpoint.requests();
const getCode = { method: "eth_getCode", params: ["0x5fbdb2315678afecb367f032d93f642f64180aa3", "0x0"] };
const once = { retryMissingState: false };

/** A client of an endpoint answering the `n`th eth_getCode call (from 1) as `answer` says. */
async function clientOf(answer: (n: number) => JsonRpcAnswer) {
  let n = 0;
  const endpoint = await startJsonRpcServer(() => answer(++n));
  server = endpoint;
  return { rpc: createRpcClient({ url: endpoint.url, retries: 3, backoffMs: 5 }), endpoint };
}

describe("createRpcClient: request(method, params, { retryMissingState: false })", () => {
  test.each([
    "missing trie node 2b4f0e4c4b1bd2c0e53e2e7a7cbd5be6c5fb4e5ad3b3e3d5d6c0c1b6e0a9e6d1 (path )",
    "header not found",
    "state histories haven't been fully indexed yet",
    "historical state 0x2b4f0e4c4b1bd2c0e53e2e7a7cbd5be6c5fb4e5ad3b3e3d5d6c0c1b6e0a9e6d1 is not available",
    "state at block #1 is pruned",
  ])(
    "default: '%s' is final after one request, an RpcResponseError of kind missing-state",
    async (message) => {
      const { rpc, endpoint } = await clientOf(() => ({ error: { code: -32000, message } }));
      const error = await rpc.request(getCode.method, getCode.params, once).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RpcResponseError);
      expect((error as RpcResponseError).kind).toBe("missing-state");
      expect(requestsOf(endpoint)).toBe(1);
    },
  );

  test("behavior: without the option, the same answer is retried as a passing fault (a backend behind the others)", async () => {
    const { rpc, endpoint } = await clientOf(() => ({
      error: { code: -32000, message: "header not found" },
    }));
    const error = await rpc.request(getCode.method, getCode.params).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransientError);
    expect(requestsOf(endpoint)).toBe(4);
  });

  test("behavior: failures worth a retry are retried all the same: a rate limit, an unhealthy backend, an internal error", async () => {
    const refusals = [
      { code: 429, message: "Too Many Requests" },
      { code: -32011, message: "no backend is currently healthy to serve traffic" },
      { code: -32603, message: "internal error" },
    ];
    const { rpc, endpoint } = await clientOf((n) => {
      const refusal = refusals[n - 1];
      return refusal ? { error: refusal } : { result: "0x6080" };
    });
    expect(await rpc.request(getCode.method, getCode.params, once)).toBe("0x6080");
    expect(requestsOf(endpoint)).toBe(4);
  });

  test("behavior: HTTP 503 and 429 are retried all the same", async () => {
    const pages = [503, 429];
    const endpoint = await startScriptedEndpoint((n) => {
      const status = pages[n - 1];
      if (status) return { status, headers: { "content-type": "text/html" }, body: `<h1>${status}</h1>` };
      return { status: 200, body: '{"jsonrpc":"2.0","id":1,"result":"0x6080"}' };
    });
    server = endpoint;
    const rpc = createRpcClient({ url: endpoint.url, retries: 3, backoffMs: 5 });
    expect(await rpc.request(getCode.method, getCode.params, once)).toBe("0x6080");
    expect(requestsOf(endpoint)).toBe(3);
  });
});
