import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { listenLoopback } from "../endpoints/listenLoopback.js";
import { createVirtualChainState, type VirtualChainState } from "./createVirtualChainState.js";
import { createVirtualRpc, type VirtualRpcStats } from "./createVirtualRpc.js";
import { batchRefusal, type VirtualLimits } from "./virtualLimits.js";
import type { VirtualChainSpec } from "./virtualSpec.js";

export type VirtualChainStats = VirtualRpcStats & {
  /** HTTP requests received (those refused included). */
  requests: number;
  /** Requests answered HTTP 429, batches refused for their size. */
  rateLimited: number;
  batchRefusals: number;
  /** The most calls one answered request held (1: a single call). */
  largestBatch: number;
};

export type VirtualChain = {
  url: string;
  state: VirtualChainState;
  readonly stats: VirtualChainStats;
  resetStats(): void;
  setLimits(limits: VirtualLimits): void;
  /** Moves the head on by `blocks` (the history holds nothing new unless it was planned there). */
  advance(blocks: number): void;
  /** Replaces the newest `depth` blocks with other ones (new hashes, the same logs). */
  reorg(depth: number): void;
  close(): Promise<void>;
};

type Call = { jsonrpc?: string; id?: unknown; method?: unknown; params?: unknown };

const emptyStats = (): VirtualChainStats => ({
  requests: 0,
  rateLimited: 0,
  batchRefusals: 0,
  largestBatch: 0,
  calls: {},
  rangeRefusals: 0,
  resultRefusals: 0,
  logsReached: -1,
});

/**
 * A JSON-RPC endpoint on 127.0.0.1 serving a deterministic synthetic chain of any length without
 * storing its blocks: headers derived from the block number, the marketplace's logs and view calls
 * answered from a sparse planned history (planVirtualHistory), eth_getCode at past blocks, and the
 * limits real providers impose (virtualLimits.ts).
 */
export async function startVirtualChain(
  spec: VirtualChainSpec,
  initialLimits: VirtualLimits = {},
): Promise<VirtualChain> {
  const state = createVirtualChainState(spec);
  let limits = initialLimits;
  let stats = emptyStats();
  let bucket = { tokens: limits.burst ?? limits.requestsPerSecond ?? 0, at: performance.now() };
  let answer = createVirtualRpc(state, () => limits, stats);

  /** Takes `cost` tokens, or says how many seconds until they are there. */
  const rateLimit = (cost: number): number | undefined => {
    const rate = limits.requestsPerSecond;
    if (rate === undefined) return undefined;
    const now = performance.now();
    const capacity = Math.max(cost, limits.burst ?? rate);
    bucket = { tokens: Math.min(capacity, bucket.tokens + ((now - bucket.at) / 1000) * rate), at: now };
    if (bucket.tokens >= cost) {
      bucket.tokens -= cost;
      return undefined;
    }
    return Math.max(1, Math.ceil((cost - bucket.tokens) / rate));
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    stats.requests++;
    const send = async (status: number, body: unknown, headers: Record<string, string> = {}) => {
      if (limits.latencyMs) await new Promise((resolve) => setTimeout(resolve, limits.latencyMs));
      if (response.destroyed) return;
      const payload = JSON.stringify(body);
      response.writeHead(status, { "content-type": "application/json", ...headers });
      response.end(payload);
    };
    let body: Call | Call[];
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Call | Call[];
    } catch {
      body = [];
    }
    // As anvil: invalid JSON, an empty batch, anything but an object or an array of objects is
    // one error for the whole request (HTTP 200, id null).
    const isCall = (value: unknown) => typeof value === "object" && value !== null && !Array.isArray(value);
    if (Array.isArray(body) ? body.length === 0 || !body.every(isCall) : !isCall(body))
      return send(200, { jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid request" } });
    const batch = Array.isArray(body) ? body : [body];
    const wait = rateLimit(limits.perCall ? batch.length : 1);
    if (wait !== undefined) {
      stats.rateLimited++;
      return send(
        429,
        { jsonrpc: "2.0", id: null, error: { code: 429, message: "Too Many Requests" } },
        { "retry-after": String(wait) },
      );
    }
    if (Array.isArray(body) && limits.batchCap !== undefined && body.length > limits.batchCap) {
      stats.batchRefusals++;
      return send(200, { jsonrpc: "2.0", id: null, error: batchRefusal(limits.batchCap) });
    }
    stats.largestBatch = Math.max(stats.largestBatch, batch.length);
    const answers = batch.map((call) => ({
      jsonrpc: "2.0",
      id: call.id ?? null,
      ...answer(String(call.method), Array.isArray(call.params) ? call.params : []),
    }));
    return send(200, Array.isArray(body) ? answers : answers[0]);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent) return;
      response.writeHead(500, { "content-type": "text/plain" });
      response.end(`virtual chain: ${(error as Error).stack ?? String(error)}`);
    });
  });
  server.keepAliveTimeout = 60_000;
  const { port, close } = await listenLoopback(server);
  return {
    url: `http://127.0.0.1:${port}/`,
    state,
    get stats() {
      return stats;
    },
    resetStats() {
      stats = emptyStats();
      answer = createVirtualRpc(state, () => limits, stats);
    },
    setLimits(next) {
      limits = next;
      bucket = { tokens: next.burst ?? next.requestsPerSecond ?? 0, at: performance.now() };
    },
    advance: (blocks) => state.setHead(state.head() + blocks),
    reorg: (depth) => state.reorg(depth),
    close,
  };
}
