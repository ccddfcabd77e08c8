import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { listenLoopback } from "../endpoints/listenLoopback.js";
import { emptyStats, type FaultConfig, type FaultProxyStats } from "./faultConfig.js";
import { configureFaults, createFaultState } from "./faultState.js";
import { planCalls } from "./planCalls.js";
import { planDelay, planRequest, shuffleAnswers } from "./planRequest.js";
import { rewriteAnswers } from "./rewriteAnswers.js";
import type { Answer, Call } from "./rpcMessages.js";

export type { FaultConfig, FaultName, FaultProxyStats } from "./faultConfig.js";

export type FaultProxy = {
  url: string;
  stats: FaultProxyStats;
  /** Replaces the fault configuration (the PRNG is re-seeded when `seed` is given). */
  configure(config: FaultConfig): void;
  resetStats(): void;
  close(): Promise<void>;
};

/**
 * A fault-injecting JSON-RPC proxy on 127.0.0.1 in front of `upstream` (an anvil). It understands
 * batches: HTTP faults hit a whole request, call faults hit single calls inside a batch. Every
 * decision comes from a seeded PRNG (or, for foreign logs, from a hash of the log), never from
 * Math.random, so a trial can be replayed.
 */
export async function createFaultProxy(upstream: string, initial: FaultConfig = {}): Promise<FaultProxy> {
  const state = createFaultState(initial, performance.now());
  const hanging = new Set<ServerResponse>();

  const askNode = async (calls: Call[]): Promise<Answer[]> => {
    if (calls.length === 0) return [];
    const response = await fetch(upstream, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(calls),
    });
    return (await response.json()) as Answer[];
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Call | Call[];
    const isBatch = Array.isArray(body);
    const calls = isBatch ? body : [body];
    const { plan, entry } = planRequest(
      state,
      { calls, isBatch },
      { now: performance.now(), epochMs: Date.now() },
    );
    res.on("close", () => {
      hanging.delete(res);
    });
    const send = (status: number, payload: string, contentType = "application/json", retryAfter?: string) => {
      entry.status = status;
      res.writeHead(status, {
        "content-type": contentType,
        ...(retryAfter ? { "retry-after": retryAfter } : {}),
      });
      res.end(payload);
    };

    switch (plan.action) {
      case "reset":
        req.socket.destroy();
        return;
      case "hang":
        hanging.add(res);
        return;
      case "answer":
        send(plan.status, plan.body, plan.html ? "text/html" : "application/json", plan.retryAfter);
        return;
    }
    const callsPlan = planCalls(state, plan.served);
    const answers = [
      ...rewriteAnswers(state, plan.served, callsPlan, await askNode(callsPlan.upstream)),
      ...plan.refused,
    ];
    const delay = planDelay(state);
    if (delay !== undefined) await new Promise((resolve) => setTimeout(resolve, delay));
    if (res.destroyed) return;
    if (isBatch) shuffleAnswers(state, answers);
    send(200, JSON.stringify(isBatch ? answers : answers[0]));
  };

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) {
        res.writeHead(502, { "content-type": "text/plain" });
        res.end(`proxy error: ${(error as Error).message}`);
      }
    });
  });
  const { port, close } = await listenLoopback(server);
  return {
    url: `http://127.0.0.1:${port}`,
    get stats() {
      return state.stats;
    },
    configure(next) {
      configureFaults(state, next, performance.now());
    },
    resetStats() {
      state.stats = emptyStats();
    },
    async close() {
      for (const res of hanging) res.destroy();
      await close();
    },
  };
}
