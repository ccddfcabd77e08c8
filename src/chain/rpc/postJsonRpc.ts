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

export type HttpOutcome =
  /** A JSON answer, for settleBatch to read. */
  | { kind: "answered"; body: unknown }
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
    return failed(`HTTP ${response.status} ${response.statusText}`.trim());
  }
  try {
    return { kind: "answered", body: JSON.parse(text) };
  } catch {
    return failed(`invalid JSON in response (${text.length} bytes)`);
  }
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
