import { draw, type FaultState } from "./faultState.js";
import { blockLimitWordings, rateLimitErrors, unhealthyError } from "./providerErrors.js";
import { type Answer, type Call, hex, logRange } from "./rpcMessages.js";

/** The calls of a request sorted into those refused at once and those the node answers. */
export type CallsPlan = {
  /** Answers decided without the node (rate-limited calls, refused eth_getLogs), by call. */
  refused: Map<Call, Answer>;
  /** The calls the node answers, in order. */
  forward: Call[];
  /**
   * The one batch sent to the node: the forwarded calls (ids 0, 1, ...), then, when needed, its
   * head (id "head") and extra eth_getLogs queries for foreign and stray logs.
   */
  upstream: Call[];
  /** The whole request is answered as a backend behind the head would (laggingBackend). */
  lagging: boolean;
  /** The rewrite needs the node's head (`byId.get("head")`). */
  needsHead: boolean;
  /** For eth_getLogs calls: the upstream id of the same filter over the foreign contract. */
  foreignQueries: Map<Call, string>;
  /** For eth_getLogs calls drawn for stray logs: the upstream id of the same filter, widened. */
  strayQueries: Map<Call, string>;
};

/**
 * Faults decided per call before forwarding (inside batches too): a provider's rate limit, an
 * eth_getLogs range over the block limit, an unhealthy logs backend; then what the node is asked
 * for. No I/O: the node's answers go to rewriteAnswers.
 */
export function planCalls(state: FaultState, calls: Call[]): CallsPlan {
  const { config, stats } = state;
  const refused = new Map<Call, Answer>();
  const forward: Call[] = [];
  for (const call of calls) {
    const id = call.id ?? null;
    if (draw(state, config.callRateLimit)) {
      stats.faults.callRateLimit++;
      const error = rateLimitErrors[state.turns.rateLimit++ % rateLimitErrors.length] as Answer["error"];
      refused.set(call, { jsonrpc: "2.0", id, ...(error ? { error } : {}) });
      continue;
    }
    if (call.method === "eth_getLogs") {
      const range = logRange(call);
      if (config.logsBlockLimit !== undefined && range && range.to - range.from + 1 > config.logsBlockLimit) {
        stats.faults.logsBlockLimit++;
        const wording = blockLimitWordings[
          state.turns.wording++ % blockLimitWordings.length
        ] as (typeof blockLimitWordings)[number];
        refused.set(call, {
          jsonrpc: "2.0",
          id,
          error: wording({ limit: config.logsBlockLimit, from: range.from, to: range.to }),
        });
        continue;
      }
      if (draw(state, config.logsUnhealthy)) {
        stats.faults.logsUnhealthy++;
        refused.set(call, { jsonrpc: "2.0", id, error: unhealthyError });
        continue;
      }
    }
    forward.push(call);
  }

  const lagging =
    forward.length > 0 &&
    draw(state, config.laggingBackend) &&
    (config.maxFaults === undefined || stats.faults.laggingBackend < config.maxFaults);
  const needsHead =
    lagging ||
    forward.some(
      (call) =>
        (call.method === "eth_blockNumber" && config.staleHead) ||
        (call.method === "eth_getBlockByNumber" && config.nullNewestBlock),
    );
  const upstream: Call[] = forward.map((call, k) => ({ ...call, jsonrpc: "2.0", id: k }));
  if (needsHead) upstream.push({ jsonrpc: "2.0", id: "head", method: "eth_blockNumber", params: [] });
  /** Another eth_getLogs sent upstream beside `call`, its filter changed; its answer's id. */
  const extraLogQuery = (call: Call, kind: string, change: Record<string, unknown>): string => {
    const id = `${kind}-${upstream.length}`;
    const filter = (call.params?.[0] ?? {}) as Record<string, unknown>;
    upstream.push({ jsonrpc: "2.0", id, method: "eth_getLogs", params: [{ ...filter, ...change }] });
    return id;
  };
  // Foreign logs: the same filter for another contract. Stray logs: the same filter over a
  // wider range, of which only what is outside the range asked for is added.
  const foreignQueries = new Map<Call, string>();
  const strayQueries = new Map<Call, string>();
  for (const call of forward) {
    const range = call.method === "eth_getLogs" ? logRange(call) : undefined;
    if (!range) continue;
    if (config.foreignContract) {
      foreignQueries.set(call, extraLogQuery(call, "foreign", { address: config.foreignContract }));
    }
    if (draw(state, config.strayLogs)) {
      const wider = { fromBlock: hex(Math.max(0, range.from - 50)), toBlock: hex(range.to + 50) };
      strayQueries.set(call, extraLogQuery(call, "stray", wider));
    }
  }
  return { refused, forward, upstream, lagging, needsHead: Boolean(needsHead), foreignQueries, strayQueries };
}
