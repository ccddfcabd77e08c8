import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type HttpEndpoint, type PostOptions, postJsonRpc } from "../../src/chain/rpc/postJsonRpc.js";
import { splitCredentials } from "../../src/chain/rpc/splitCredentials.js";
import { UserError } from "../../src/errors/BaseError.js";
import { freePort } from "../../tooling/process/freePort.js";

/** What the test server answers next: status, headers, body; or nothing at all (hang). */
type Reply = { status: number; headers?: Record<string, string>; body: string } | "hang";

let server: Server;
let base: string;
let reply: Reply = { status: 200, body: "{}" };
let seen: IncomingHttpHeaders | undefined;

beforeAll(async () => {
  server = createServer((request, response) => {
    seen = request.headers;
    request.resume();
    request.on("end", () => {
      if (reply === "hang") return;
      response.writeHead(reply.status, reply.headers).end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const endpointFor = (url: string): HttpEndpoint => ({ ...splitCredentials(url), safeUrl: "<safe>" });
const single: PostOptions = { isBatch: false, timeoutMs: 2000, maxRetryAfterMs: 5000 };
const batch: PostOptions = { ...single, isBatch: true };
const post = (answer: Reply, options = single) => {
  reply = answer;
  return postJsonRpc(endpointFor(base), { jsonrpc: "2.0", id: 1, method: "eth_chainId" }, options);
};

describe("postJsonRpc", () => {
  test("default: the parsed JSON answer, credentials sent as a header", async () => {
    const endpoint = endpointFor(base.replace("http://", "http://alice:secret@"));
    reply = { status: 200, body: '{"jsonrpc":"2.0","id":1,"result":"0x1"}' };
    expect(await postJsonRpc(endpoint, {}, single)).toEqual({
      kind: "answered",
      body: { jsonrpc: "2.0", id: 1, result: "0x1" },
    });
    expect(seen?.authorization).toBe(`Basic ${Buffer.from("alice:secret").toString("base64")}`);
    expect(seen?.["content-type"]).toBe("application/json");
  });

  test("behavior: 429 is a rate limit, with the Retry-After asked for, in seconds or as an HTTP date", async () => {
    const rateLimited = {
      kind: "failed",
      reason: "HTTP 429 Too Many Requests",
      rateLimited: true,
      timedOut: false,
    };
    expect(await post({ status: 429, headers: { "retry-after": "2" }, body: "" })).toEqual({
      ...rateLimited,
      retryAfterMs: 2000,
    });
    // A date far ahead waits the cap; a date past waits nothing: no clock reading to race.
    expect(
      await post({ status: 429, headers: { "retry-after": "Fri, 01 Jan 2100 00:00:00 GMT" }, body: "" }),
    ).toEqual({ ...rateLimited, retryAfterMs: 5000 });
    expect(
      await post({ status: 429, headers: { "retry-after": "Thu, 01 Jan 2015 00:00:00 GMT" }, body: "" }),
    ).toEqual({ ...rateLimited, retryAfterMs: 0 });
    expect(await post({ status: 429, body: "" })).toEqual({ ...rateLimited, retryAfterMs: undefined });
  });

  test("behavior: a batch refused for its size (413, or a 4xx that says so); the same answers to one call fail", async () => {
    expect(await post({ status: 413, body: "" }, batch)).toEqual({ kind: "batch-refused" });
    expect(await post({ status: 400, body: "batch too large" }, batch)).toEqual({ kind: "batch-refused" });
    expect(await post({ status: 200, body: "batch limit exceeded" }, batch)).toEqual({
      kind: "batch-refused",
    });
    expect(await post({ status: 413, body: "" })).toMatchObject({
      kind: "failed",
      reason: "HTTP 413 Payload Too Large",
    });
    expect(await post({ status: 502, body: "<html>batch</html>" }, batch)).toMatchObject({
      kind: "failed",
      reason: "HTTP 502 Bad Gateway",
    });
  });

  test("behavior: an error status whose body is a JSON-RPC error is that error, read as its words say (a range cap, a proxy's refusal), not an outage", async () => {
    // QuickNode answers a log range past its cap with 413 and the JSON-RPC error; proxyd its
    // refusals with 400, 500 and 503 and a JSON-RPC error body.
    for (const [status, error] of [
      [413, { code: -32614, message: "eth_getLogs is limited to a 10,000 range" }],
      [400, { code: -32600, message: "block range greater than 10000 max" }],
      [500, { code: -32603, message: "internal error" }],
      [503, { code: -32011, message: "no backends available for method" }],
    ] as const) {
      const body = JSON.stringify({ jsonrpc: "2.0", id: 1, error });
      expect(await post({ status, body }), `HTTP ${status}`).toEqual({
        kind: "answered",
        body: JSON.parse(body),
      });
    }
    // A batch's answers with an error status: answered too, member by member.
    const members = JSON.stringify([
      { jsonrpc: "2.0", id: 1, error: { code: -32005, message: "limit exceeded" } },
    ]);
    expect(await post({ status: 400, body: members }, batch)).toEqual({
      kind: "answered",
      body: JSON.parse(members),
    });
  });

  test("error: HTTP 401 and 403 are denied with a UserError naming the endpoint as it may be shown", async () => {
    for (const status of [401, 403]) {
      const outcome = await post({ status, body: "unauthorized" });
      expect(outcome.kind).toBe("denied");
      const { error } = outcome as { error: UserError };
      expect(error).toBeInstanceOf(UserError);
      expect(error.shortMessage).toBe(`The RPC endpoint <safe> refused access (HTTP ${status})`);
    }
  });

  test("error: an HTML error page, a timeout, a refused connection: failures worth a retry", async () => {
    expect(await post({ status: 503, body: "<html>down</html>" })).toEqual({
      kind: "failed",
      reason: "HTTP 503 Service Unavailable",
      rateLimited: false,
      timedOut: false,
    });
    reply = "hang";
    expect(await postJsonRpc(endpointFor(base), {}, { ...single, timeoutMs: 50 })).toMatchObject({
      kind: "failed",
      reason: "request timed out",
      timedOut: true,
    });
    const closed = `http://127.0.0.1:${await freePort()}/`;
    expect(await postJsonRpc(endpointFor(closed), {}, single)).toMatchObject({
      kind: "failed",
      reason: "fetch failed: ECONNREFUSED",
      timedOut: false,
    });
  });

  test("error: answers that are no JSON-RPC answer at all, said by the status (404, 405, 501) or by the body", async () => {
    const notJsonRpc = (status: number, statusText: string, text: string, certain: boolean) => ({
      kind: "not-json-rpc",
      status,
      statusText,
      contentType: undefined,
      text,
      certain,
    });
    // The status alone says that no JSON-RPC endpoint is there (python's http.server, express, nginx).
    const unsupported = "<html><body><h1>Error response</h1><p>Unsupported method ('POST')</p></body></html>";
    expect(await post({ status: 501, body: unsupported })).toEqual(
      notJsonRpc(501, "Not Implemented", unsupported, true),
    );
    expect(await post({ status: 404, body: "Cannot POST /v2/" })).toEqual(
      notJsonRpc(404, "Not Found", "Cannot POST /v2/", true),
    );
    expect(await post({ status: 405, body: "" })).toEqual(notJsonRpc(405, "Method Not Allowed", "", true));
    // A body that is not JSON-RPC: a web page, an empty object, JSON of another API, nothing.
    const page = { status: 200, headers: { "content-type": "text/html" }, body: "<!doctype html><p>Hi" };
    expect(await post(page)).toEqual({
      ...notJsonRpc(200, "OK", page.body, false),
      contentType: "text/html",
    });
    for (const body of ["{}", '{"status":"ok","message":"Welcome"}', "", '"ok"', "[1]"])
      expect(await post({ status: 200, body })).toEqual(notJsonRpc(200, "OK", body, false));
  });

  test("behavior: a JSON-RPC answer is read whatever the status that says 'nothing here' (JSON-RPC over HTTP's 404 for -32601)", async () => {
    const body = '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}';
    expect(await post({ status: 404, body })).toEqual({ kind: "answered", body: JSON.parse(body) });
    // JSON-RPC 1.0 answers carry no "jsonrpc"; an empty batch answer is left to the batch logic.
    expect(await post({ status: 200, body: '{"id":1,"result":"0x1","error":null}' })).toMatchObject({
      kind: "answered",
    });
    expect(await post({ status: 200, body: "[]" }, batch)).toEqual({ kind: "answered", body: [] });
  });

  test("error: a port fetch blocks is denied with a UserError", async () => {
    const outcome = await postJsonRpc(endpointFor("http://127.0.0.1:6000/"), {}, single);
    expect(outcome.kind).toBe("denied");
    expect((outcome as { error: UserError }).error.shortMessage).toBe(
      "The RPC endpoint <safe> is on a port that fetch refuses to connect to",
    );
  });
});
