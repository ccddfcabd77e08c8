import { classifyRpcError, type RpcErrorKind } from "./classifyRpcError.js";

/** What was sent as one unit: one call, or a group of calls answered together or not at all. */
export type SentUnit = {
  calls: ReadonlyArray<{ id: number; method: string }>;
  /** false: an answer that the block or state is missing is final (default: retried). */
  retryMissingState?: boolean;
};

export type JsonRpcErrorObject = { code?: unknown; message?: unknown; data?: unknown };

export type Settlement<U extends SentUnit> =
  /** The endpoint refused the batch as a whole: send it again in smaller batches. */
  | { kind: "batch-refused" }
  /** The answer as a whole is no answer: every unit is retried. */
  | { kind: "failed"; reason: string; rateLimited: boolean }
  | {
      kind: "settled";
      /** Units whose calls are all answered, with their results in call order. */
      answered: Array<{ unit: U; results: unknown[] }>;
      /** Units with a call refused for a moment (rate limit, unhealthy backend): retried after a wait. */
      retry: Array<{ unit: U; reason: string }>;
      /** Whether any of those refusals is a rate limit: fewer requests in flight. */
      rateLimited: boolean;
      /** Units with a call refused for good (a revert, a refused range, a method not served...). */
      failed: Array<{ unit: U; method: string; kind: RpcErrorKind; error: JsonRpcErrorObject }>;
      /** Units with a call left unanswered, or refused for the batch's size: the batch was too large. */
      unanswered: U[];
      /** Answers that are not refusals of the batch's size: about as many calls as the endpoint takes. */
      served: number;
    };

type JsonRpcResponse = { id?: unknown; result?: unknown; error?: JsonRpcErrorObject };
type UnitOutcome =
  | { kind: "answered"; results: unknown[] }
  | { kind: "unanswered" }
  | { kind: "failed"; method: string; errorKind: RpcErrorKind; error: JsonRpcErrorObject }
  | { kind: "retry"; reason: string; rateLimited: boolean };

/**
 * What the JSON-RPC answer `body` to the calls of `units` (sent as one request) means for each of
 * them. A unit is answered only when all of its calls are; otherwise it is retried or failed as a
 * whole, so the answers of a group always come from one response.
 */
export function settleBatch<U extends SentUnit>(units: readonly U[], body: unknown): Settlement<U> {
  const isBatch = units.reduce((sum, unit) => sum + unit.calls.length, 0) > 1;
  if (!Array.isArray(body) && !(body && typeof body === "object"))
    return { kind: "failed", reason: "response is not a JSON-RPC object", rateLimited: false };
  if (!Array.isArray(body) && isBatch) {
    // A batch answered with one error object: the endpoint refused the batch as a whole.
    const { error } = body as JsonRpcResponse;
    const kind = error ? classifyRpcError("", error) : undefined;
    if (kind === "batch-too-large") return { kind: "batch-refused" };
    if (kind === "rate-limit") return { kind: "failed", reason: String(error?.message), rateLimited: true };
    const reason = `batch answered with a single object: ${String(error?.message ?? "no error")}`;
    return { kind: "failed", reason, rateLimited: false };
  }
  const responses = (Array.isArray(body) ? body : [body]) as unknown[];
  const byId = new Map<unknown, JsonRpcResponse>();
  for (const response of responses)
    if (response && typeof response === "object") byId.set((response as JsonRpcResponse).id, response);
  const settled: Extract<Settlement<U>, { kind: "settled" }> = {
    kind: "settled",
    answered: [],
    retry: [],
    rateLimited: false,
    failed: [],
    unanswered: [],
    served: responses.filter((response) => !refusesBatchSize(response as JsonRpcResponse | null)).length,
  };
  for (const unit of units) {
    const outcome = settleUnit(unit, byId);
    if (outcome.kind === "answered") settled.answered.push({ unit, results: outcome.results });
    else if (outcome.kind === "unanswered") settled.unanswered.push(unit);
    else if (outcome.kind === "failed") {
      const { method, errorKind: kind, error } = outcome;
      settled.failed.push({ unit, method, kind, error });
    } else {
      settled.retry.push({ unit, reason: outcome.reason });
      if (outcome.rateLimited) settled.rateLimited = true;
    }
  }
  return settled;
}

function settleUnit(unit: SentUnit, byId: Map<unknown, JsonRpcResponse>): UnitOutcome {
  const results: unknown[] = [];
  let retry: UnitOutcome | undefined;
  for (const call of unit.calls) {
    const response = byId.get(call.id);
    if (!response) return { kind: "unanswered" };
    if (response.error) {
      const kind = classifyRpcError(call.method, response.error);
      if (kind === "batch-too-large") return { kind: "unanswered" };
      const missingForNow = kind === "missing-state" && unit.retryMissingState !== false;
      if (kind === "rate-limit" || kind === "transient" || missingForNow) {
        const reason = String(response.error.message);
        if (!retry || kind === "rate-limit")
          retry = { kind: "retry", reason, rateLimited: kind === "rate-limit" };
        continue;
      }
      return { kind: "failed", method: call.method, errorKind: kind, error: response.error };
    }
    if (!("result" in response)) {
      retry ??= { kind: "retry", reason: "answer without a result", rateLimited: false };
      continue;
    }
    results.push(response.result);
  }
  return retry ?? { kind: "answered", results };
}

function refusesBatchSize(response: JsonRpcResponse | null): boolean {
  return Boolean(response?.error && classifyRpcError("", response.error) === "batch-too-large");
}
