import { createServer } from "node:http";
import { listenLoopback } from "./listenLoopback.js";

/** What the server answers one call with. */
export type JsonRpcAnswer =
  | { result: unknown }
  | { error: { code: number; message: string; data?: unknown } };

export type JsonRpcServer = {
  url: string;
  /** HTTP requests received. */
  requests: number;
  /** Every call received, in order. */
  calls: Array<{ method: string; params: unknown[] }>;
  close(): Promise<void>;
};

type Call = { id?: unknown; method: string; params?: unknown[] };

/**
 * A tiny JSON-RPC endpoint on a free loopback port that answers every call, in batches too, with
 * `answer(method, params, calls)` (`calls`: how many the request holds): for tests that need an
 * endpoint saying one precise thing.
 */
export async function startJsonRpcServer(
  answer: (method: string, params: unknown[], calls: number) => JsonRpcAnswer,
): Promise<JsonRpcServer> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      state.requests++;
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Call | Call[];
      const calls = Array.isArray(body) ? body.length : 1;
      const reply = (call: Call) => {
        const params = call.params ?? [];
        state.calls.push({ method: call.method, params });
        return { jsonrpc: "2.0", id: call.id, ...answer(call.method, params, calls) };
      };
      const answers = Array.isArray(body) ? body.map(reply) : reply(body);
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answers));
    });
  });
  const { port, close } = await listenLoopback(server);
  const state: JsonRpcServer = {
    url: `http://127.0.0.1:${port}/`,
    requests: 0,
    calls: [],
    close,
  };
  return state;
}
