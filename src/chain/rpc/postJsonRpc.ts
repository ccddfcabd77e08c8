import { UserError } from "../../errors/BaseError.js";
import { parseRetryAfter } from "./parseRetryAfter.js";

/** Where requests go: the URL fetch may use (no user info) and the headers carrying credentials. */
export type HttpEndpoint = {
  fetchUrl: string;
  headers: Record<string, string>;
  /** The URL fit for messages: no credentials (log/redactUrl). */
  safeUrl: string;
};

/** A request that failed in a way a retry may fix. */
export type HttpFailure = {
  kind: "failed";
  reason: string;
  /** The wait the endpoint asked for (Retry-After), capped. */
  retryAfterMs?: number | undefined;
  rateLimited: boolean;
  timedOut: boolean;
};

/**
 * An answer that is no JSON-RPC answer at all: a web page, JSON of another API, a status saying
 * that nothing here takes the request. Not a passing fault: the URL is likely no JSON-RPC endpoint.
 */
export type NotJsonRpc = {
  kind: "not-json-rpc";
  status: number;
  statusText: string;
  contentType: string | undefined;
  /** The whole body, for messages (to be redacted, then cut). */
  text: string;
  /**
   * The status alone says so (404 or 405 to a POST, 501): no endpoint here serves JSON-RPC. A
   * body alone may be one backend's glitch.
   */
  certain: boolean;
};

export type HttpOutcome =
  /** A JSON-RPC answer, for settleBatch to read. */
  | { kind: "answered"; body: unknown }
  | NotJsonRpc
  /** The endpoint refused the batch for its size (413, or a 4xx that says "batch"). */
  | { kind: "batch-refused" }
  | HttpFailure
  /** No retry can help: credentials refused, or a port fetch never connects to. */
  | { kind: "denied"; error: UserError };

export type PostOptions = {
  /** The body holds several calls: a refusal may be one of its size. */
  isBatch: boolean;
  /** For the whole exchange, body included. */
  timeoutMs: number;
  /** Longest wait a Retry-After header may impose. */
  maxRetryAfterMs: number;
};

/** One HTTP request to a JSON-RPC endpoint, and what its answer means at the HTTP level. */
export async function postJsonRpc(
  endpoint: HttpEndpoint,
  body: unknown,
  options: PostOptions,
): Promise<HttpOutcome> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(endpoint.fetchUrl, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...endpoint.headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    if ((error as Error).cause instanceof Error && ((error as Error).cause as Error).message === "bad port") {
      // fetch never connects to ports the Fetch standard blocks: retrying cannot help.
      const error = new UserError(
        `The RPC endpoint ${endpoint.safeUrl} is on a port that fetch refuses to connect to`,
        {
          details: "Expected an endpoint on another port (the Fetch standard blocks 9, 25, 6000 and others).",
        },
      );
      return { kind: "denied", error };
    }
    const reason = describeFetchError(error);
    return failed(reason, { timedOut: reason === "request timed out" });
  }
  if (response.status === 413 && options.isBatch) return { kind: "batch-refused" };
  if (response.status === 401 || response.status === 403) {
    // Retrying will not help: the credentials (or the plan) are wrong.
    const error = new UserError(
      `The RPC endpoint ${endpoint.safeUrl} refused access (HTTP ${response.status})`,
      {
        details:
          "Expected an endpoint this key may use: check the credentials or key in --rpc-url (RPC_URL).",
      },
    );
    return { kind: "denied", error };
  }
  if (response.status === 429) {
    const retryAfter = response.headers.get("retry-after");
    return failed("HTTP 429 Too Many Requests", {
      retryAfterMs: parseRetryAfter(retryAfter, options.maxRetryAfterMs),
      rateLimited: true,
    });
  }
  if (!response.ok) {
    if (options.isBatch && /batch/i.test(text) && response.status < 500) return { kind: "batch-refused" };
    // A JSON-RPC error behind an error status (QuickNode's 413 for a log range past its cap,
    // proxyd's 400, 500 and 503): the error says what to do, as with 200 (split the range, wait).
    const refusal = parseJsonRpc(text);
    if (refusal !== undefined && carriesError(refusal.value))
      return { kind: "answered", body: refusal.value };
    if (!nothingHere.includes(response.status))
      return failed(`HTTP ${response.status} ${response.statusText}`.trim());
  }
  const answer = parseJsonRpc(text);
  if (answer !== undefined) return { kind: "answered", body: answer.value };
  // Some endpoints refuse a batch's size in plain words, with 200.
  if (options.isBatch && /batch/i.test(text)) return { kind: "batch-refused" };
  return {
    kind: "not-json-rpc",
    status: response.status,
    statusText: response.statusText,
    contentType: response.headers.get("content-type") ?? undefined,
    text,
    certain: !response.ok,
  };
}

/**
 * Statuses that say no JSON-RPC endpoint is at this URL: nothing here (404), no POST here (405),
 * no POST on this server (501). Unless the body is a JSON-RPC answer all the same (JSON-RPC over
 * HTTP answers -32601 with 404).
 */
const nothingHere = [404, 405, 501];

/**
 * The body, when it is a JSON-RPC answer: an object with "jsonrpc", "result" or "error" (1.0
 * answers have no "jsonrpc"), or an array of them (an empty one is left to settleBatch).
 */
function parseJsonRpc(text: string): { value: unknown } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const isResponse = (item: unknown) =>
    item !== null &&
    typeof item === "object" &&
    !Array.isArray(item) &&
    ("jsonrpc" in item || "result" in item || "error" in item);
  const isAnswer = Array.isArray(value) ? value.length === 0 || value.some(isResponse) : isResponse(value);
  return isAnswer ? { value } : undefined;
}

/** A JSON-RPC answer holding an error (of the call, or of a batch's member). */
function carriesError(value: unknown): boolean {
  const hasError = (item: unknown) =>
    item !== null &&
    typeof item === "object" &&
    "error" in item &&
    (item as { error: unknown }).error != null;
  return Array.isArray(value) ? value.some(hasError) : hasError(value);
}

function failed(reason: string, how: Partial<Omit<HttpFailure, "kind" | "reason">> = {}): HttpFailure {
  return { kind: "failed", reason, rateLimited: false, timedOut: false, ...how };
}

function describeFetchError(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === "TimeoutError" || error.name === "AbortError") return "request timed out";
    const cause =
      error.cause instanceof Error
        ? `: ${(error.cause as NodeJS.ErrnoException).code ?? error.cause.message}`
        : "";
    return `${error.message}${cause}`;
  }
  return String(error);
}
