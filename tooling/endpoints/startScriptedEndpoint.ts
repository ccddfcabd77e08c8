import { createServer } from "node:http";
import { listenLoopback } from "./listenLoopback.js";

/** What the endpoint answers a request with, or "forward": what the upstream endpoint answers. */
export type ScriptedReply = { status: number; headers?: Record<string, string>; body: string } | "forward";

export type ScriptedEndpoint = {
  url: string;
  /** HTTP requests received, forwarded ones included. */
  requests(): number;
  close(): Promise<void>;
};

/**
 * An HTTP server on a free loopback port that answers its `n`th request (from 1), whose body is
 * `body`, as `reply` says: a web page, an error status, JSON that is not JSON-RPC..., or the
 * answer of the JSON-RPC endpoint `upstream`. For tests of URLs that are not (or not always) a
 * JSON-RPC endpoint.
 */
export async function startScriptedEndpoint(
  reply: (n: number, body: string) => ScriptedReply,
  upstream?: string,
): Promise<ScriptedEndpoint> {
  let requests = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const answer = reply(++requests, Buffer.concat(chunks).toString("utf8"));
      if (answer !== "forward") {
        response.writeHead(answer.status, answer.headers).end(answer.body);
        return;
      }
      if (!upstream) {
        response.writeHead(500).end("startScriptedEndpoint: no upstream to forward to");
        return;
      }
      const forwarded = await fetch(upstream, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: Buffer.concat(chunks),
      });
      const body = await forwarded.text();
      response.writeHead(forwarded.status, { "content-type": "application/json" }).end(body);
    });
  });
  const { port, close } = await listenLoopback(server);
  return {
    url: `http://127.0.0.1:${port}/`,
    requests: () => requests,
    close,
  };
}
