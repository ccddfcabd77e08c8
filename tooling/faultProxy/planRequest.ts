import type { FaultProxyStats } from "./faultConfig.js";
import { draw, type FaultState } from "./faultState.js";
import {
  batchCallWordings,
  batchStatusRefusal,
  batchWordings,
  html5xx,
  htmlErrorPage,
  rateLimitErrors,
  unhealthyError,
} from "./providerErrors.js";
import type { Answer, Call } from "./rpcMessages.js";

/** What the proxy does with one HTTP request. */
export type RequestPlan =
  /** Drop the connection before any answer. */
  | { action: "reset" }
  /** Never answer (until the client gives up or the proxy closes). */
  | { action: "hang" }
  /** Answer at once, without asking the node. */
  | { action: "answer"; status: number; body: string; html?: boolean; retryAfter?: string }
  /**
   * Ask the node for the `served` calls (planCalls, rewriteAnswers), and add `refused`: the
   * answers to the calls past a batch cap that the endpoint answers with an error.
   */
  | { action: "forward"; served: Call[]; refused: Answer[] };

/** The clock of a request: monotonic ms (performance.now) for the rate limiter, epoch ms for dates. */
export type RequestTime = { now: number; epochMs: number };

/**
 * Counts the request in `state.stats` (its log entry is returned, for the status it is answered
 * with) and decides its fate, in this order: an endpoint that stays down, the rate limiter, one
 * draw for the HTTP faults (reset, 429, 5xx, hang), the batch cap. No I/O.
 */
export function planRequest(
  state: FaultState,
  request: { calls: Call[]; isBatch: boolean },
  time: RequestTime,
): { plan: RequestPlan; entry: FaultProxyStats["log"][number] } {
  const { config, stats } = state;
  const { calls, isBatch } = request;
  stats.requests++;
  for (const call of calls) stats.calls[call.method] = (stats.calls[call.method] ?? 0) + 1;
  const entry: FaultProxyStats["log"][number] = {
    at: time.now,
    methods: calls.map((c) => c.method),
    status: 0,
  };
  stats.log.push(entry);
  const plan = (decided: RequestPlan) => {
    if (decided.action === "answer" && decided.retryAfter !== undefined)
      entry.retryAfter = decided.retryAfter;
    return { plan: decided, entry };
  };
  const json = (status: number, body: unknown, retryAfter?: string): RequestPlan => ({
    action: "answer",
    status,
    body: typeof body === "string" ? body : JSON.stringify(body),
    ...(retryAfter !== undefined ? { retryAfter } : {}),
  });
  const html = (status: number, text: string): RequestPlan => ({
    action: "answer",
    status,
    body: htmlErrorPage(status, text),
    html: true,
  });

  // An endpoint that stays down.
  if (
    config.down &&
    (!config.downMethods || calls.some((call) => config.downMethods?.includes(call.method)))
  ) {
    stats.faults.down++;
    switch (config.down) {
      case "503":
        return plan(html(503, "Service Temporarily Unavailable"));
      case "reset":
        return plan({ action: "reset" });
      case "hang":
        return plan({ action: "hang" });
      case "429":
        return plan(json(429, { error: "rate limited" }));
      case "401":
        return plan(json(401, { error: "invalid API key" }));
      case "403":
        return plan(json(403, { error: "plan does not allow this method" }));
      default: {
        const answers = calls.map((call) => ({ jsonrpc: "2.0", id: call.id ?? null, error: unhealthyError }));
        return plan(json(200, isBatch ? answers : answers[0]));
      }
    }
  }

  if (config.rateLimit) {
    const { perSecond, burst } = config.rateLimit;
    const tokens = state.bucket.tokens + ((time.now - state.bucket.at) / 1000) * perSecond;
    state.bucket = { tokens: Math.min(burst, tokens), at: time.now };
    if (state.bucket.tokens < 1) {
      stats.faults.rateLimit++;
      if (config.rateLimit.retryAfter) {
        return plan(json(429, { jsonrpc: "2.0", id: null, error: rateLimitErrors[0] }, "1"));
      }
      return plan(json(429, "Too Many Requests"));
    }
    state.bucket.tokens -= 1;
  }

  // HTTP faults: one request, one draw.
  const r = state.random();
  let edge = 0;
  const hit = (rate: number | undefined) => {
    edge += rate ?? 0;
    if (r >= edge || (config.maxFaults !== undefined && state.httpFaults >= config.maxFaults)) return false;
    state.httpFaults++;
    return true;
  };
  if (hit(config.reset)) {
    stats.faults.reset++;
    return plan({ action: "reset" });
  }
  if (hit(config.http429)) {
    stats.faults.http429++;
    if (state.random() < (config.retryAfterShare ?? 0.5)) {
      stats.faults.http429RetryAfter++;
      const seconds = config.retryAfterSeconds ?? 1;
      // Seconds, or (every third time) an HTTP date, as RFC 9110 allows.
      const value =
        ++state.turns.retryAfter % 3 === 0
          ? new Date(time.epochMs + (seconds + 1) * 1000).toUTCString()
          : String(seconds);
      return plan(json(429, { jsonrpc: "2.0", id: null, error: rateLimitErrors[0] }, value));
    }
    return plan(json(429, "Too Many Requests"));
  }
  if (hit(config.http5xx)) {
    stats.faults.http5xx++;
    const page = html5xx[state.turns.page++ % html5xx.length] as (typeof html5xx)[number];
    return plan(html(page.status, page.text));
  }
  if (hit(config.hang)) {
    stats.faults.hang++;
    return plan({ action: "hang" });
  }

  // A batch over the cap.
  const cap = config.maxBatchSize;
  if (!isBatch || cap === undefined || calls.length <= cap)
    return plan({ action: "forward", served: calls, refused: [] });
  stats.faults.batchCap++;
  const modes = ["error", "http", "partial", "partial-errors"] as const;
  const mode =
    !config.batchCap || config.batchCap === "mixed"
      ? (modes[state.turns.batch++ % modes.length] as (typeof modes)[number])
      : config.batchCap;
  // Clients' and providers' wordings, one refusal after another.
  const turn = stats.faults.batchCap - 1;
  const at = { limit: cap, size: calls.length };
  if (mode === "error") {
    const wording = batchWordings[turn % batchWordings.length] as (typeof batchWordings)[number];
    return plan(json(200, { jsonrpc: "2.0", id: null, error: wording(at) }));
  }
  if (mode === "http") {
    const { status, wording } = batchStatusRefusal;
    return plan(json(status, { jsonrpc: "2.0", id: null, error: wording(at) }));
  }
  const perCall = batchCallWordings[turn % batchCallWordings.length] as (typeof batchCallWordings)[number];
  const refused: Answer[] = (mode === "partial-errors" ? calls.slice(cap) : []).map((call) => ({
    jsonrpc: "2.0",
    id: call.id ?? null,
    error: perCall(at),
  }));
  return plan({ action: "forward", served: calls.slice(0, cap), refused });
}

/** The slow fault, drawn once the answers are ready: how long they wait (ms), or undefined. */
export function planDelay(state: FaultState): number | undefined {
  if (!draw(state, state.config.slow)) return undefined;
  state.stats.faults.slow++;
  return Math.floor(state.random() * (state.config.slowMs ?? 400));
}

/** Batch answers in the order they go out: JSON-RPC allows any, the proxy shuffles them. */
export function shuffleAnswers(state: FaultState, answers: Answer[]): void {
  for (let i = answers.length - 1; i > 0; i--) {
    const j = Math.floor(state.random() * (i + 1));
    [answers[i], answers[j]] = [answers[j] as Answer, answers[i] as Answer];
  }
}
