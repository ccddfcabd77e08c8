import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

type Call = { id?: unknown; method?: string; params?: unknown[] };

/**
 * A JSON-RPC pass-through to `target` that, like a pruned node, serves no state of old blocks:
 * eth_getCode at any block but "latest" answers "missing trie node". Everything else passes.
 * `refusedRequests`: the HTTP requests with at least one such answer.
 */
export async function startHistorylessProxy(
  target: string,
): Promise<{ url: string; refusedRequests: () => number; close(): Promise<void> }> {
  let refusedRequests = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Call | Call[];
      const calls = Array.isArray(body) ? body : [body];
      const old = (call: Call) => call.method === "eth_getCode" && call.params?.[1] !== "latest";
      const forwarded = calls.filter((call) => !old(call));
      if (forwarded.length < calls.length) refusedRequests++;
      const answers = new Map<unknown, unknown>();
      if (forwarded.length > 0) {
        const upstream = await fetch(target, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(forwarded),
        });
        for (const answer of (await upstream.json()) as Array<{ id?: unknown }>)
          answers.set(answer.id, answer);
      }
      const replies = calls.map((call) => {
        if (!old(call)) return answers.get(call.id);
        return {
          jsonrpc: "2.0",
          id: call.id,
          error: { code: -32000, message: "missing trie node 0x1234 (path )" },
        };
      });
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(Array.isArray(body) ? replies : replies[0]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    refusedRequests: () => refusedRequests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
