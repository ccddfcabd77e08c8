import { describe, expect, test } from "vitest";
import { createRpcClient } from "../../src/chain/rpc/createRpcClient.js";
import { ExitCode, exitCodeOf, TransientError, UserError } from "../../src/errors/BaseError.js";
import { startJsonRpcServer } from "../../tooling/endpoints/startJsonRpcServer.js";
import {
  type ScriptedEndpoint,
  type ScriptedReply,
  startScriptedEndpoint,
} from "../../tooling/endpoints/startScriptedEndpoint.js";

/**
 * Endpoints no retry can fix: a cron retrying on exit 75 would retry forever, so the client ends
 * at once (or nearly) with a UserError (exit 1) naming what a person has to fix.
 */

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

  test("behavior: an endpoint that has answered JSON-RPC: odd answers later are a passing fault, retried (exit 75 if they last)", async () => {
    // A maintenance page, a 404 and `{}` from an endpoint that served this client before.
    const odd: ScriptedReply[] = [
      { status: 200, headers: { "content-type": "text/html" }, body: "<html>Down for maintenance</html>" },
      { status: 404, body: "Not Found" },
      { status: 200, body: "{}" },
    ];
    const served = (id: number) => ({ status: 200, body: `{"jsonrpc":"2.0","id":${id},"result":"0x7a69"}` });
    const endpoint = await startScriptedEndpoint((n) => (n === 1 ? served(1) : (odd[n - 2] ?? served(2))));
    const lasting = await startScriptedEndpoint((n) => (n === 1 ? served(1) : (odd[0] as ScriptedReply)));
    try {
      const rpc = createRpcClient({ url: endpoint.url, retries: 6, backoffMs: 5 });
      expect(await rpc.request("eth_chainId")).toBe("0x7a69");
      expect(await rpc.request("eth_blockNumber")).toBe("0x7a69");
      expect(endpoint.requests()).toBe(5);
      const down = createRpcClient({ url: lasting.url, retries: 2, backoffMs: 5 });
      await down.request("eth_chainId");
      const error = await down.request("eth_blockNumber").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransientError);
      expect((error as TransientError).details).toMatch(
        /^Last error: not a JSON-RPC answer: HTTP 200, text\/html\./,
      );
      expect(lasting.requests()).toBe(1 + 3);
    } finally {
      await Promise.all([endpoint.close(), lasting.close()]);
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
