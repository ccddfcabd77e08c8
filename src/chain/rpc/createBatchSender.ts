import { setTimeout as sleep } from "node:timers/promises";
import type { Logger } from "../../log/createLogger.js";
import { redactSecrets } from "../../log/redactUrl.js";
import { type Backoff, backoffDelay } from "../../util/backoffDelay.js";
import { type BatchLimits, batchLimitsAfter, initialBatchLimits, learnedCap } from "./batchLimitsAfter.js";
import { CallFailure } from "./CallFailure.js";
import { createCallError } from "./createCallError.js";
import { createNotJsonRpcError } from "./createNotJsonRpcError.js";
import { createRequestQueue } from "./createRequestQueue.js";
import { type HttpEndpoint, type HttpFailure, type NotJsonRpc, postJsonRpc } from "./postJsonRpc.js";
import { settleBatch } from "./settleBatch.js";
import { takeBatch } from "./takeBatch.js";

/** One call, or a group of calls never split: what is sent, answered and retried as one. */
export type Unit = {
  calls: Array<{ id: number; method: string; params: readonly unknown[] }>;
  /** The calls' methods, for messages. */
  method: string;
  /** The attempt under way, from 1 (those of a group it was split from included). */
  attempt: number;
  /** Answers that were no JSON-RPC answer at all (a web page, `{}`...). */
  oddAnswers?: number;
  /** false: an answer that the block or state is missing is final (RpcClient's RequestOptions). */
  retryMissingState?: boolean;
  /** Settle the attempt under way. */
  resolve: (results: unknown[]) => void;
  reject: (error: unknown) => void;
};

export type BatchSenderOptions = {
  endpoint: HttpEndpoint;
  /** The endpoint's URL as given: what to redact from messages. */
  url: string;
  timeoutMs: number;
  maxRetryAfterMs: number;
  maxBatchSize: number;
  maxConcurrency: number;
  /** Attempts after the first: a unit's last failure is not another retry to wait for. */
  retries: number;
  backoff: Backoff;
  stats: { httpRequests: number; rpcCalls: number };
  logger: Logger;
  /** A group larger than the endpoint takes in one request can only go call by call. */
  ungroup: (group: Unit) => void;
  /**
   * True: a request that gets no answer (refused, reset, timed out, HTTP 5xx) ends its calls'
   * attempts here at once (a CallFailure marked `down`, with no wait), for another endpoint of a
   * pool to take them. Rate limits are waited out as usual.
   */
  failFast?: () => boolean;
  /** Told what the sender has learned: its batch size and the requests it keeps in flight. */
  learned?: { batchSize: number; concurrency: number };
};

/** Sends units; knows the batch cap it learned, and can start from one learned before. */
export type BatchSender = {
  /** One attempt of a unit (see createBatchSender). */
  send(unit: Unit): Promise<unknown[]>;
  /** The endpoint's batch cap as far as this sender knows, when below the configured maximum. */
  readonly batchCap: number | undefined;
  /**
   * Sends batches of at most `cap` calls from now on, as a cap learned by an earlier run (tried
   * above only in a long run); `learned` says so at once.
   */
  assumeBatchCap(cap: number): void;
};

/** Why a request got no answer to read: postJsonRpc's failure, or settleBatch's. */
type RequestFailure = Pick<HttpFailure, "reason" | "retryAfterMs" | "rateLimited"> & { timedOut?: boolean };

/**
 * One attempt of a unit: it joins the calls made in the same tick, in batches of the size learned
 * so far, one HTTP request per batch. The attempt is answered, or fails with a CallFailure (with
 * the wait before the next attempt) when another may help, or with the error that ends it.
 */
export function createBatchSender(options: BatchSenderOptions): BatchSender {
  const { endpoint, url, retries, backoff, stats, logger } = options;
  const queue = createRequestQueue(options.maxConcurrency);
  let limits: BatchLimits = initialBatchLimits(options.maxBatchSize);
  let pending: Unit[] = [];
  /** Whether any answer so far was JSON-RPC: then the URL is right, whatever comes later. */
  let servedJsonRpc = false;
  let flushScheduled = false;
  const retryLater = retryLaterWith(options);

  const enqueue = (units: Unit[]) => {
    pending.push(...units);
    if (flushScheduled) return;
    flushScheduled = true;
    setImmediate(() => {
      flushScheduled = false;
      while (pending.length > 0) {
        const batch = takeBatch(pending, limits.size);
        pending = pending.slice(batch.length);
        void queue
          .add(() => send(batch))
          .catch((error: unknown) => {
            for (const unit of batch) unit.reject(error);
          });
      }
    });
  };

  /** What the sender has learned, for whoever shares work among endpoints. */
  const learn = () => {
    if (!options.learned) return;
    options.learned.batchSize = limits.size;
    options.learned.concurrency = queue.concurrency;
  };

  /** Only a request of several calls is refused as a batch (several units, or one group). */
  const refused = (batch: Unit[], calls: number) => {
    limits = batchLimitsAfter(limits, { kind: "refused", calls });
    learn();
    logger.debug("rpc batch refused, shrinking", { batchSize: limits.size });
    enqueue(batch);
  };

  /** A request that got no answer to read: its calls go again, after a wait. */
  const failed = (batch: Unit[], calls: number, failure: RequestFailure) => {
    if (failure.rateLimited) queue.rateLimited(failure.retryAfterMs ?? backoffDelay(1, backoff));
    if (failure.timedOut) {
      const again = batch.some((unit) => unit.attempt > 1);
      limits = batchLimitsAfter(limits, { kind: "timed-out", calls, again });
    }
    learn();
    if (!failure.rateLimited && options.failFast?.()) {
      const down = new CallFailure(failure.reason, 0, Promise.resolve(), true);
      for (const unit of batch) unit.reject(down);
      return;
    }
    retryLater(batch, failure.reason, failure.retryAfterMs);
  };

  const send = async (formed: Unit[]): Promise<void> => {
    // Batches may have shrunk since this one was formed: send no more than they may hold now.
    let batch = takeBatch(formed, limits.size);
    if (batch.length < formed.length) enqueue(formed.slice(batch.length));
    // A group larger than the endpoint takes in one request can only go call by call.
    for (const unit of batch) if (unit.calls.length > limits.cap) options.ungroup(unit);
    batch = batch.filter((unit) => unit.calls.length <= limits.cap);
    if (batch.length === 0) return;
    const calls = batch.flatMap((unit) =>
      unit.calls.map(({ id, method, params }) => ({ jsonrpc: "2.0", id, method, params })),
    );
    stats.httpRequests++;
    stats.rpcCalls += calls.length;
    const body = calls.length === 1 ? calls[0] : calls;
    const { timeoutMs, maxRetryAfterMs } = options;
    const http = await postJsonRpc(endpoint, body, { isBatch: calls.length > 1, timeoutMs, maxRetryAfterMs });
    if (http.kind === "not-json-rpc") {
      if (servedJsonRpc)
        return failed(batch, calls.length, { reason: notJsonRpcReason(http), rateLimited: false });
      return refuseNotJsonRpc(batch, http, { url, retries, retryLater });
    }
    if (http.kind === "answered") servedJsonRpc = true;
    const answer = http.kind === "answered" ? settleBatch(batch, http.body) : http;
    if (answer.kind === "denied") {
      for (const unit of batch) unit.reject(answer.error);
      return;
    }
    if (answer.kind === "batch-refused") return refused(batch, calls.length);
    if (answer.kind === "failed") return failed(batch, calls.length, answer);
    queue.answered();
    for (const { unit, results } of answer.answered) unit.resolve(results);
    for (const { unit, method, kind, error } of answer.failed)
      unit.reject(createCallError(url, method, kind, error));
    if (answer.unanswered.length > 0) {
      // Endpoints that cap batches answer part of them, or refuse the surplus per call.
      limits = batchLimitsAfter(limits, {
        kind: "answered-in-part",
        calls: calls.length,
        served: answer.served,
      });
      retryLater(answer.unanswered, "batch answered in part", 0);
    } else limits = batchLimitsAfter(limits, { kind: "answered", calls: calls.length });
    // Calls refused inside an answered batch: fewer requests in flight, and those calls wait
    // their backoff, but the rest of the queue goes on (only a refused request pauses it).
    if (answer.rateLimited) queue.rateLimited(0);
    learn();
    const retry = answer.retry.map(({ unit }) => unit);
    if (retry.length > 0) retryLater(retry, answer.retry[0]?.reason ?? "error");
  };

  return {
    send: (unit) =>
      new Promise<unknown[]>((resolve, reject) => {
        unit.resolve = resolve;
        unit.reject = reject;
        enqueue([unit]);
      }),
    get batchCap() {
      return learnedCap(limits, options.maxBatchSize);
    },
    assumeBatchCap(cap) {
      // Only ever lower than what this sender knows: a refusal seen in this run stands.
      if (cap < limits.cap) limits = initialBatchLimits(options.maxBatchSize, cap);
      // Known before the first answer, to whoever shares work among endpoints.
      learn();
    },
  };
}

/**
 * Fails the attempt under way of units another attempt may help. They wait together, on one timer
 * (the Retry-After asked for, or the backoff of the most tried of them), and so travel together
 * again.
 */
function retryLaterWith(options: BatchSenderOptions) {
  const { endpoint, url, retries, backoff, logger } = options;
  return (units: Unit[], reason: string, waitMs?: number) => {
    const due = units.filter((unit) => unit.attempt <= retries);
    const delayMs = waitMs ?? backoffDelay(Math.max(0, ...due.map((unit) => unit.attempt)), backoff);
    if (due.length > 0) {
      const safeReason = redactSecrets(reason, url);
      // One line per wait (the units of a request wait together), where a run shows it: up to
      // 16 s of backoff would otherwise pass without a word. Going again at once is no wait.
      if (delayMs > 0) logger.info(retryLine(endpoint.safeUrl, due, safeReason, delayMs, retries + 1));
      else logger.debug("rpc retry at once", { calls: due.length, reason: safeReason });
    }
    const failure = new CallFailure(reason, delayMs, due.length > 0 ? sleep(delayMs) : Promise.resolve());
    for (const unit of units) unit.reject(failure);
  };
}

const notJsonRpcReason = (answer: NotJsonRpc) =>
  `not a JSON-RPC answer: HTTP ${answer.status}${answer.contentType ? `, ${answer.contentType}` : ""}`;

/**
 * An answer that is no JSON-RPC answer, from an endpoint that has never answered JSON-RPC: a
 * status that says so (404, 405, 501) ends the units at once with a UserError. A body alone is
 * asked for once more, as one backend behind a load balancer (starting up, misconfigured) may
 * answer so while the others serve: the second such answer ends them, as does the last attempt.
 * (From an endpoint that has answered JSON-RPC, a maintenance page say, it is a passing fault.)
 */
function refuseNotJsonRpc(
  batch: Unit[],
  answer: NotJsonRpc,
  sender: { url: string; retries: number; retryLater: ReturnType<typeof retryLaterWith> },
): void {
  const again: Unit[] = [];
  for (const unit of batch) {
    unit.oddAnswers = (unit.oddAnswers ?? 0) + 1;
    if (answer.certain || unit.oddAnswers > 1 || unit.attempt > sender.retries)
      unit.reject(createNotJsonRpcError(sender.url, unit.method, answer));
    else again.push(unit);
  }
  if (again.length > 0) sender.retryLater(again, notJsonRpcReason(answer));
}

/**
 * "RPC endpoint <url> failed eth_getLogs and 7 other calls (HTTP 503 Service Unavailable),
 * retrying in 2.0 s (attempt 2 of 7)": the attempt to come is that of the most tried unit.
 */
function retryLine(safeUrl: string, due: Unit[], reason: string, delayMs: number, attempts: number): string {
  const [first] = due as [Unit, ...Unit[]];
  const others = due.reduce((sum, unit) => sum + unit.calls.length, 0) - first.calls.length;
  const calls =
    others > 0 ? `${first.method} and ${others} other call${others > 1 ? "s" : ""}` : first.method;
  const wait = delayMs < 1000 ? `${Math.round(delayMs)} ms` : `${(delayMs / 1000).toFixed(1)} s`;
  const attempt = Math.max(...due.map((unit) => unit.attempt)) + 1;
  return `RPC endpoint ${safeUrl} failed ${calls} (${reason}), retrying in ${wait} (attempt ${attempt} of ${attempts})`;
}
