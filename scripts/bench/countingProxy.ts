import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type ProxyCounts = {
  /** HTTP requests that reached the proxy. */
  httpRequests: number;
  /** JSON-RPC calls inside them (a batch of 100 counts 100). */
  rpcCalls: number;
  /** Calls per JSON-RPC method. */
  methods: Record<string, number>;
};

export type CountingProxy = {
  url: string;
  counts(): ProxyCounts;
  reset(): void;
  close(): Promise<void>;
};

/**
 * An HTTP proxy on loopback in front of a JSON-RPC node: forwards every POST as is and counts the
 * HTTP requests and the JSON-RPC calls in them, so that two indexers can be compared on the same
 * node by what they asked of it.
 */
export async function startCountingProxy(upstream: string): Promise<CountingProxy> {
  let counts: ProxyCounts = { httpRequests: 0, rpcCalls: 0, methods: {} };

  const count = (body: string) => {
    counts.httpRequests++;
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return;
    }
    for (const call of Array.isArray(parsed) ? parsed : [parsed]) {
      counts.rpcCalls++;
      const method = String((call as { method?: unknown })?.method ?? "?");
      counts.methods[method] = (counts.methods[method] ?? 0) + 1;
    }
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    count(body);
    try {
      const answer = await fetch(upstream, {
        method: request.method ?? "POST",
        headers: { "content-type": "application/json" },
        ...(request.method === "GET" || request.method === "HEAD" ? {} : { body }),
      });
      const payload = Buffer.from(await answer.arrayBuffer());
      response.writeHead(answer.status, {
        "content-type": answer.headers.get("content-type") ?? "application/json",
        "content-length": payload.length,
      });
      response.end(payload);
    } catch (error) {
      response.writeHead(502, { "content-type": "text/plain" });
      response.end(`proxy: ${(error as Error).message}`);
    }
  };

  const server = createServer((request, response) => {
    void handle(request, response);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts: () => ({ ...counts, methods: { ...counts.methods } }),
    reset() {
      counts = { httpRequests: 0, rpcCalls: 0, methods: {} };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
