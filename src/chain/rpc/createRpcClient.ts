import PQueue from "p-queue";
import { TransientError, UserError } from "../../errors/BaseError.js";
import { type Logger, silentLogger } from "../../log/createLogger.js";
import { redactSecrets, redactUrl } from "../../log/redactUrl.js";
import { classifyRpcError, type RpcErrorKind } from "./classifyRpcError.js";
import { createCallError } from "./createCallError.js";

export type RpcClientOptions = {
  url: string;
  /** Per HTTP request, body included. */
  timeoutMs?: number;
  /** Retries of a failed call before giving up with a TransientError (exit 75). */
  retries?: number;
  /** Calls per JSON-RPC batch; halved when the endpoint refuses a batch. */
  maxBatchSize?: number;
  /** HTTP requests in flight; halved on rate limiting, regrown on success. */
  maxConcurrency?: number;
  /** Longest wait a Retry-After header may impose. */
  maxRetryAfterMs?: number;
  /** First backoff delay; doubles per retry. */
  backoffMs?: number;
  logger?: Logger;
};

export type RpcCall = { method: string; params?: readonly unknown[] };

export type RpcStats = { httpRequests: number; rpcCalls: number; retries: number };

export type RpcClient = {
  /** One JSON-RPC call. Calls made in the same tick travel in one batch. */
  request<T = unknown>(method: string, params?: readonly unknown[]): Promise<T>;
  /**
   * Several calls in one HTTP request, never split across requests and retried as a whole: one
   * backend behind a load balancer answers all of them, so their answers agree with each other.
   */
  requestTogether<T extends unknown[] = unknown[]>(calls: ReadonlyArray<RpcCall>): Promise<T>;
  readonly stats: RpcStats;
  /** The endpoint's URL fit for messages: no credentials (log/redactUrl). */
  readonly safeUrl: string;
  /** Retries of a failed call before giving up: callers that retry on their own keep to it too. */
  readonly retries: number;
};

/** What travels as one unit: one call, or a group of calls that are never split. */
type Pending = {
  calls: Array<{ id: number; method: string; params: readonly unknown[] }>;
  /** The calls' methods, for messages. */
  method: string;
  /** A group resolves with the array of its results; a single call with its result. */
  grouped: boolean;
  attempts: number;
  lastError: string;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

type JsonRpcResponse = {
  id?: unknown;
  result?: unknown;
  error?: { code?: unknown; message?: unknown; data?: unknown };
};

class BatchRefused extends Error {}
class HttpFailure extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
    readonly rateLimited = false,
    readonly timedOut = false,
  ) {
    super(message);
  }
}

/**
 * A small JSON-RPC client over fetch built for unfriendly public endpoints: automatic batching,
 * bounded retries with exponential backoff that honour Retry-After, a request rate that backs
 * off on 429 and grows back, and batches that shrink when the endpoint caps them.
 */
export function createRpcClient(options: RpcClientOptions): RpcClient {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const retries = options.retries ?? 6;
  const maxConcurrency = options.maxConcurrency ?? 4;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
  const backoffMs = options.backoffMs ?? 250;
  const logger = options.logger ?? silentLogger;
  const safeUrl = redactUrl(options.url);
  let batchSize = options.maxBatchSize ?? 100;
  /** The largest batch the endpoint accepts as far as we know: a refusal lowers it for good. */
  let batchLimit = batchSize;
  let batchesSinceShrink = 0;
  let nextId = 1;
  let pending: Pending[] = [];
  let flushScheduled = false;
  let successesSinceBackoff = 0;
  const stats: RpcStats = { httpRequests: 0, rpcCalls: 0, retries: 0 };
  const queue = new PQueue({ concurrency: maxConcurrency });
  const { url: fetchUrl, headers: authHeaders } = splitCredentials(options.url);

  const scheduleFlush = () => {
    if (flushScheduled) return;
    flushScheduled = true;
    setImmediate(() => {
      flushScheduled = false;
      while (pending.length > 0) {
        const batch = takeBatch(pending, batchSize);
        pending = pending.slice(batch.length);
        void queue.add(() => send(batch));
      }
    });
  };

  const enqueue = (items: Pending[]) => {
    pending.push(...items);
    scheduleFlush();
  };

  const backoff = (attempts: number) => {
    const base = backoffMs * 2 ** Math.min(attempts - 1, 6);
    return Math.min(base, 15_000) * (0.75 + Math.random() * 0.5);
  };

  const slowDown = (waitMs: number) => {
    successesSinceBackoff = 0;
    queue.concurrency = Math.max(1, Math.floor(queue.concurrency / 2));
    if (waitMs > 0 && !queue.isPaused) {
      queue.pause();
      setTimeout(() => queue.start(), waitMs);
    }
  };

  const speedUp = () => {
    successesSinceBackoff++;
    if (successesSinceBackoff >= 20 && queue.concurrency < maxConcurrency) {
      queue.concurrency++;
      successesSinceBackoff = 0;
    }
  };

  /** Smaller batches: for good when the endpoint refused a size, for a while after a timeout. */
  const shrinkBatches = (size: number, refused: boolean) => {
    const smaller = Math.max(1, size);
    batchSize = Math.min(batchSize, smaller);
    if (refused) batchLimit = Math.min(batchLimit, smaller);
    batchesSinceShrink = 0;
  };

  const growBatches = () => {
    if (batchSize >= batchLimit || ++batchesSinceShrink < 10) return;
    batchSize = Math.min(batchLimit, batchSize * 2);
    batchesSinceShrink = 0;
  };

  const retryLater = (items: Pending[], reason: string, waitMs?: number) => {
    const due: Pending[] = [];
    for (const item of items) {
      item.attempts++;
      item.lastError = reason;
      if (item.attempts > retries) {
        item.reject(
          new TransientError(`RPC endpoint ${safeUrl} failed ${item.method} ${item.attempts} times`, {
            details: `Last error: ${redactSecrets(reason, options.url)}. Retry later, or use another endpoint (--rpc-url).`,
          }),
        );
      } else {
        due.push(item);
      }
    }
    if (due.length === 0) return;
    stats.retries += due.length;
    const delay = waitMs ?? backoff(Math.max(...due.map((item) => item.attempts)));
    logger.debug("rpc retry", {
      calls: due.length,
      delayMs: Math.round(delay),
      reason: redactSecrets(reason, options.url),
    });
    setTimeout(() => enqueue(due), delay);
  };

  /**
   * An endpoint that takes no batches at all cannot answer a group in one request: its calls go
   * one by one, and the group resolves when all of them are answered.
   */
  let warnedUngrouped = false;
  const ungroup = (group: Pending) => {
    if (!warnedUngrouped) {
      warnedUngrouped = true;
      logger.warn(
        "the RPC endpoint takes no JSON-RPC batches: calls meant to be answered together go one by one",
        { endpoint: safeUrl, calls: group.method },
      );
    }
    const results: unknown[] = [];
    let left = group.calls.length;
    let failed = false;
    enqueue(
      group.calls.map((call, k) => ({
        calls: [call],
        method: call.method,
        grouped: false,
        attempts: group.attempts,
        lastError: group.lastError,
        resolve: (value: unknown) => {
          results[k] = value;
          if (--left === 0 && !failed) group.resolve(results);
        },
        reject: (error: unknown) => {
          if (failed) return;
          failed = true;
          group.reject(error);
        },
      })),
    );
  };

  const send = async (formed: Pending[]): Promise<void> => {
    // Batches may have shrunk since this one was formed: send no more than they may hold now.
    let batch = takeBatch(formed, batchSize);
    if (batch.length < formed.length) enqueue(formed.slice(batch.length));
    // A group larger than the endpoint takes in one request can only go call by call.
    for (const item of batch) if (item.calls.length > batchLimit) ungroup(item);
    batch = batch.filter((item) => item.calls.length <= batchLimit);
    if (batch.length === 0) return;
    const callCount = batch.reduce((sum, item) => sum + item.calls.length, 0);
    const calls = batch.flatMap(toCalls);
    const body = calls.length === 1 ? calls[0] : calls;
    let responses: JsonRpcResponse[];
    try {
      responses = await post(body, calls.length > 1);
    } catch (error) {
      // Only a request of several calls is refused as a batch (several units, or one group).
      if (error instanceof BatchRefused) {
        shrinkBatches(Math.floor(callCount / 2), true);
        logger.debug("rpc batch refused, shrinking", { batchSize });
        enqueue(batch);
        return;
      }
      if (error instanceof UserError) {
        for (const item of batch) item.reject(error);
        return;
      }
      if (error instanceof HttpFailure) {
        if (error.rateLimited) slowDown(error.retryAfterMs ?? backoff(1));
        // Calls that time out again may be too much work for the node in one batch: send less at
        // once (half as much as now: the batch may have been a small one). A first timeout may be
        // bad luck, and smaller batches mean more requests to be unlucky with.
        const again = batch.some((item) => item.attempts > 0);
        if (error.timedOut && again && callCount > 1) shrinkBatches(Math.floor(batchSize / 2), false);
        retryLater(batch, error.message, error.retryAfterMs);
        return;
      }
      retryLater(batch, describe(error));
      return;
    }
    speedUp();
    const byId = new Map<unknown, JsonRpcResponse>();
    for (const response of responses) byId.set(response.id, response);
    const missing: Pending[] = [];
    const retry: Pending[] = [];
    let rateLimited = false;
    for (const item of batch) {
      const outcome = settle(item, byId);
      if (outcome.kind === "answered") item.resolve(item.grouped ? outcome.results : outcome.results[0]);
      else if (outcome.kind === "missing") missing.push(item);
      else if (outcome.kind === "refused")
        item.reject(createCallError(options.url, outcome.method, outcome.errorKind, outcome.error));
      else {
        if (outcome.rateLimited) rateLimited = true;
        item.lastError = outcome.reason;
        retry.push(item);
      }
    }
    if (missing.length > 0) {
      // Endpoints that cap batches answer part of them, or refuse the surplus per call.
      const served = responses.filter(
        (response) => !(response?.error && classifyRpcError("", response.error) === "batch-too-large"),
      ).length;
      shrinkBatches(Math.min(served, callCount - 1) || Math.floor(callCount / 2), true);
      retryLater(missing, "batch answered in part", 0);
    }
    if (missing.length === 0) growBatches();
    // Calls refused inside an answered batch: fewer requests in flight, and those calls wait
    // their backoff, but the rest of the queue goes on (only a refused request pauses it).
    if (rateLimited) slowDown(0);
    if (retry.length > 0) retryLater(retry, retry[0]?.lastError ?? "error");
  };

  const post = async (body: unknown, isBatch: boolean): Promise<JsonRpcResponse[]> => {
    stats.httpRequests++;
    stats.rpcCalls += isBatch ? (body as unknown[]).length : 1;
    let response: Response;
    let text: string;
    try {
      response = await fetch(fetchUrl, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json", ...authHeaders },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      if (
        (error as Error).cause instanceof Error &&
        ((error as Error).cause as Error).message === "bad port"
      ) {
        // fetch never connects to ports the Fetch standard blocks: retrying cannot help.
        throw new UserError(`The RPC endpoint ${safeUrl} is on a port that fetch refuses to connect to`, {
          details: "Expected an endpoint on another port (the Fetch standard blocks 9, 25, 6000 and others).",
        });
      }
      const reason = describe(error);
      throw new HttpFailure(reason, undefined, false, reason === "request timed out");
    }
    if (response.status === 413 && isBatch) throw new BatchRefused();
    if (response.status === 401 || response.status === 403) {
      // Retrying will not help: the credentials (or the plan) are wrong.
      throw new UserError(`The RPC endpoint ${safeUrl} refused access (HTTP ${response.status})`, {
        details:
          "Expected an endpoint this key may use: check the credentials or key in --rpc-url (RPC_URL).",
      });
    }
    if (response.status === 429) {
      throw new HttpFailure(
        "HTTP 429 Too Many Requests",
        parseRetryAfter(response.headers.get("retry-after"), maxRetryAfterMs),
        true,
      );
    }
    if (!response.ok) {
      if (isBatch && /batch/i.test(text) && response.status < 500) throw new BatchRefused();
      throw new HttpFailure(`HTTP ${response.status} ${response.statusText}`.trim());
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new HttpFailure(`invalid JSON in response (${text.length} bytes)`);
    }
    if (Array.isArray(parsed)) return parsed as JsonRpcResponse[];
    if (parsed && typeof parsed === "object") {
      const single = parsed as JsonRpcResponse;
      if (isBatch) {
        // A batch answered with one error object: the endpoint refused the batch as a whole.
        if (single.error && classifyRpcError("", single.error) === "batch-too-large")
          throw new BatchRefused();
        if (single.error && classifyRpcError("", single.error) === "rate-limit") {
          throw new HttpFailure(String(single.error.message), undefined, true);
        }
        throw new HttpFailure(
          `batch answered with a single object: ${String(single.error?.message ?? "no error")}`,
        );
      }
      return [single];
    }
    throw new HttpFailure("response is not a JSON-RPC object");
  };

  const toCalls = (item: Pending) =>
    item.calls.map(({ id, method, params }) => ({ jsonrpc: "2.0", id, method, params }));

  const submit = <T>(calls: ReadonlyArray<RpcCall>, grouped: boolean) =>
    new Promise<T>((resolve, reject) => {
      enqueue([
        {
          calls: calls.map(({ method, params }) => ({ id: nextId++, method, params: params ?? [] })),
          method: calls.map((call) => call.method).join("+"),
          grouped,
          attempts: 0,
          lastError: "",
          resolve: resolve as (value: unknown) => void,
          reject,
        },
      ]);
    });

  return {
    safeUrl,
    retries,
    stats,
    request: <T>(method: string, params: readonly unknown[] = []) => submit<T>([{ method, params }], false),
    requestTogether: <T extends unknown[]>(calls: ReadonlyArray<RpcCall>) => submit<T>(calls, true),
  };
}

type Outcome =
  | { kind: "answered"; results: unknown[] }
  | { kind: "missing" }
  | { kind: "refused"; method: string; errorKind: RpcErrorKind; error: { code?: unknown; message?: unknown } }
  | { kind: "retry"; reason: string; rateLimited: boolean };

/**
 * What the answers to one unit's calls mean. A group is answered only when all of its calls are;
 * otherwise the whole group is retried or refused, so its answers always come from one response.
 */
function settle(item: Pending, byId: Map<unknown, JsonRpcResponse>): Outcome {
  const results: unknown[] = [];
  let retry: Outcome | undefined;
  for (const call of item.calls) {
    const response = byId.get(call.id);
    if (!response) return { kind: "missing" };
    if (response.error) {
      const kind = classifyRpcError(call.method, response.error);
      if (kind === "batch-too-large") return { kind: "missing" };
      if (kind === "rate-limit" || kind === "transient") {
        const reason = String(response.error.message);
        if (!retry || kind === "rate-limit")
          retry = { kind: "retry", reason, rateLimited: kind === "rate-limit" };
        continue;
      }
      return { kind: "refused", method: call.method, errorKind: kind, error: response.error };
    }
    if (!("result" in response)) {
      retry ??= { kind: "retry", reason: "answer without a result", rateLimited: false };
      continue;
    }
    results.push(response.result);
  }
  return retry ?? { kind: "answered", results };
}

/** The first items of `list` whose calls fit in `size` (always at least one item). */
function takeBatch(list: Pending[], size: number): Pending[] {
  let calls = 0;
  let count = 0;
  for (const item of list) {
    if (count > 0 && calls + item.calls.length > size) break;
    calls += item.calls.length;
    count++;
  }
  return list.slice(0, count);
}

function describe(error: unknown): string {
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

/** Retry-After is seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, maxMs: number, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - now;
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(Math.max(ms, 0), maxMs);
}

/**
 * fetch refuses a URL with user info ("Request cannot be constructed from a URL that includes
 * credentials"): endpoints given as https://user:pass@host are called with the credentials in an
 * Authorization header instead, as curl and browsers do.
 */
function splitCredentials(url: string): { url: string; headers: Record<string, string> } {
  const parsed = new URL(url);
  if (!parsed.username && !parsed.password) return { url, headers: {} };
  const credentials = `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`;
  parsed.username = "";
  parsed.password = "";
  return {
    url: parsed.href,
    headers: { authorization: `Basic ${Buffer.from(credentials).toString("base64")}` },
  };
}
