import { TransientError } from "../../errors/BaseError.js";
import { type Logger, silentLogger } from "../../log/createLogger.js";
import { redactSecrets, redactUrl } from "../../log/redactUrl.js";
import { type RetryFailure, withRetry } from "../../util/withRetry.js";
import { CallFailure } from "./CallFailure.js";
import { createBatchSender, type Unit } from "./createBatchSender.js";
import { endpointKey } from "./endpointKey.js";
import { splitCredentials } from "./splitCredentials.js";

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

export type RequestOptions = {
  /**
   * false: an answer that the node lacks the block or state asked for ("missing trie node",
   * "header not found", ...) is final at once, an RpcResponseError of kind "missing-state": for
   * callers that can do without the answer, since a node without history answers so every time.
   * Failures worth a retry are retried all the same (HTTP 429 and 5xx, resets, timeouts, rate
   * limits, an unhealthy backend). Default true: a backend behind the others answers so for a
   * recent block, for a moment.
   */
  retryMissingState?: boolean;
};

export type RpcStats = { httpRequests: number; rpcCalls: number; retries: number };

export type RpcClient = {
  /** One JSON-RPC call. Calls made in the same tick travel in one batch. */
  request<T = unknown>(method: string, params?: readonly unknown[], options?: RequestOptions): Promise<T>;
  /**
   * Several calls in one HTTP request, never split across requests and retried as a whole: one
   * backend behind a load balancer answers all of them, so their answers agree with each other.
   */
  requestTogether<T extends unknown[] = unknown[]>(calls: ReadonlyArray<RpcCall>): Promise<T>;
  readonly stats: RpcStats;
  /** The endpoint's URL fit for messages: no credentials (log/redactUrl). */
  readonly safeUrl: string;
  /** What the store remembers the endpoint's limits under: a hash of its URL (endpointKey). */
  readonly endpointKey: string;
  /** Retries of a failed call before giving up: callers that retry on their own keep to it too. */
  readonly retries: number;
  /** What the client has learned of the endpoint: calls per batch, requests in flight. */
  readonly learned: Readonly<{ batchSize: number; concurrency: number }>;
  /**
   * On: a call whose request gets no answer (the endpoint refused the connection, reset it, timed
   * out or answered HTTP 5xx) fails at once with a TransientError, for another endpoint of a pool
   * to take it, instead of being retried here. Rate limits and errors of single calls are retried
   * as usual. Off by default.
   */
  setFailFast(on: boolean): void;
  /** The calls per batch the endpoint takes, as far as this client knows, when below --rpc-batch-size: worth remembering. */
  readonly batchCap: number | undefined;
  /** Batches of at most `cap` calls from now on: a cap an earlier run learned of this endpoint (store: endpoint_limits). */
  assumeBatchCap(cap: number): void;
};

/**
 * A small JSON-RPC client over fetch built for unfriendly public endpoints: automatic batching,
 * bounded retries with exponential backoff that honour Retry-After, a request rate that backs
 * off on 429 and grows back, and batches that shrink when the endpoint caps them. Each call or
 * group is a unit that withRetry attempts; each attempt goes out through createBatchSender.
 */
export function createRpcClient(options: RpcClientOptions): RpcClient {
  const retries = options.retries ?? 6;
  const backoffMs = options.backoffMs ?? 250;
  const logger = options.logger ?? silentLogger;
  const safeUrl = redactUrl(options.url);
  const stats: RpcStats = { httpRequests: 0, rpcCalls: 0, retries: 0 };
  let nextId = 1;
  let warnedUngrouped = false;
  let failFast = false;
  const maxBatchSize = options.maxBatchSize ?? 100;
  const maxConcurrency = options.maxConcurrency ?? 4;
  const learned = { batchSize: maxBatchSize, concurrency: maxConcurrency };

  /**
   * An endpoint that takes no batches at all cannot answer a group in one request: its calls go
   * one by one, each with the attempts the group has left, and the group's attempt is answered
   * when all of them are.
   */
  const ungroup = (group: Unit) => {
    if (!warnedUngrouped) {
      warnedUngrouped = true;
      logger.warn(
        "the RPC endpoint takes no JSON-RPC batches: calls meant to be answered together go one by one",
        { endpoint: safeUrl, calls: group.method },
      );
    }
    const singles = group.calls.map((call) => run(newUnit([call]), group.attempt - 1));
    Promise.all(singles.map((single) => single.then((results) => results[0]))).then(
      group.resolve,
      group.reject,
    );
  };

  const sender = createBatchSender({
    endpoint: { ...splitCredentials(options.url), safeUrl },
    url: options.url,
    timeoutMs: options.timeoutMs ?? 30_000,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 60_000,
    maxBatchSize,
    maxConcurrency,
    retries,
    // Doubling from backoffMs at most six times and never past 15 s, spread ±25%.
    backoff: {
      baseMs: backoffMs,
      growth: "exponential",
      capMs: Math.min(15_000, backoffMs * 64),
      jitter: 0.25,
    },
    stats,
    logger,
    ungroup,
    failFast: () => failFast,
    learned,
  });

  /** Attempts until answered, up to retries + 1 in all (`attemptsBefore` included), then exit 75. */
  const run = async (unit: Unit, attemptsBefore: number): Promise<unknown[]> => {
    try {
      return await withRetry(
        (attempt) => {
          unit.attempt = attemptsBefore + attempt;
          return sender.send(unit);
        },
        {
          attempts: retries + 1 - attemptsBefore,
          retryError: (error) => error instanceof CallFailure && !(failFast && error.down),
          // The wait is the sender's, on its timer: units that failed together go again together.
          delay: (_, failure) => failedWith(failure).delayMs,
          sleep: (_, failure) => failedWith(failure).retryAt,
          onRetry: () => stats.retries++,
        },
      );
    } catch (error) {
      if (!(error instanceof CallFailure)) throw error;
      throw new TransientError(
        `RPC endpoint ${safeUrl} failed ${unit.method} after ${unit.attempt} attempt${unit.attempt === 1 ? "" : "s"}`,
        {
          details: `Last error: ${redactSecrets(error.reason, options.url)}. Retry later, or use another endpoint (--rpc-url).`,
        },
      );
    }
  };

  const newUnit = (calls: ReadonlyArray<RpcCall>, options: RequestOptions = {}): Unit => ({
    calls: calls.map(({ method, params }) => ({ id: nextId++, method, params: params ?? [] })),
    method: calls.map((call) => call.method).join("+"),
    attempt: 0,
    ...(options.retryMissingState === false ? { retryMissingState: false } : {}),
    resolve: () => {},
    reject: () => {},
  });

  return {
    safeUrl,
    endpointKey: endpointKey(options.url),
    retries,
    stats,
    learned,
    setFailFast: (on) => {
      failFast = on;
    },
    get batchCap() {
      return sender.batchCap;
    },
    assumeBatchCap: (cap) => sender.assumeBatchCap(cap),
    request: async <T>(method: string, params: readonly unknown[] = [], options?: RequestOptions) =>
      (await run(newUnit([{ method, params }], options), 0))[0] as T,
    requestTogether: async <T extends unknown[]>(calls: ReadonlyArray<RpcCall>) =>
      (await run(newUnit(calls), 0)) as T,
  };
}

/** What a unit's attempt failed with: only CallFailures are retried. */
function failedWith(failure: RetryFailure<unknown[]>): CallFailure {
  return (failure as { error: CallFailure }).error;
}
