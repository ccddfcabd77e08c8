/**
 * What a hostile endpoint does, per fault class. Rates are probabilities (0 to 1) drawn from a
 * seeded PRNG: the same seed and the same sequence of requests give the same faults.
 */
export type FaultConfig = {
  seed?: number;

  // --- HTTP level, per request (one draw per request, in this order of precedence) ---
  /** HTTP 429; a share of them (retryAfterShare) carry Retry-After. */
  http429?: number;
  /** Retry-After value in seconds. Default 1. */
  retryAfterSeconds?: number;
  /** Share of 429 answers with a Retry-After header (seconds or an HTTP date). Default 0.5. */
  retryAfterShare?: number;
  /** HTTP 500, 502 or 503 with an HTML body, as load balancers send them. */
  http5xx?: number;
  /** The connection is reset before any answer. */
  reset?: number;
  /** No answer at all, until the client gives up. */
  hang?: number;
  /** The answer comes late (up to slowMs). */
  slow?: number;
  /** Default 400. */
  slowMs?: number;

  /** HTTP faults (and lagging answers) stop after this many, counted from configure: "the first n requests fail". */
  maxFaults?: number;
  /**
   * A real rate limiter (token bucket over HTTP requests): past `perSecond` on average, with
   * bursts up to `burst`, HTTP 429 (with Retry-After: 1 when `retryAfter`). Unlike the random
   * classes, it rewards a client that slows down.
   */
  rateLimit?: { perSecond: number; burst: number; retryAfter?: boolean };

  // --- per JSON-RPC call, inside batches too ---
  /** A JSON-RPC rate-limit error for one call, with a provider's wording. */
  callRateLimit?: number;
  /** eth_getLogs over more blocks than this is refused (several providers' wordings). */
  logsBlockLimit?: number;
  /** eth_getLogs over more than one block with more results than this is refused. */
  logsCountLimit?: number;
  /** eth_getLogs answered "no backend is currently healthy to serve traffic". */
  logsUnhealthy?: number;
  /** Batches larger than this are refused or answered in part (batchCap). */
  maxBatchSize?: number;
  /** How an oversized batch is turned down. Default "mixed": each way in turn. */
  batchCap?: "error" | "http" | "partial" | "partial-errors" | "mixed";
  /** eth_blockNumber answers `staleLag` blocks behind the head (a lagging backend). */
  staleHead?: number;
  /** Default 3. */
  staleLag?: number;
  /** eth_getBlockByNumber returns null for the newest block this many times (per block). */
  nullNewestBlock?: number;
  /** An eth_getLogs answer carries some of its logs twice. */
  duplicateLogs?: number;
  /** An eth_getLogs answer carries logs of the up to 50 blocks before and after the range asked for. */
  strayLogs?: number;
  /**
   * A whole request is answered by a backend `laggingLag` blocks behind the head, as a load
   * balancer does: its eth_blockNumber is behind, blocks past its head are null, and eth_getLogs
   * stops at its head without a word (geth clamps toBlock to its head).
   */
  laggingBackend?: number;
  /** Default 3. */
  laggingLag?: number;
  /** Logs of this contract are mixed into eth_getLogs answers (a faulty endpoint's filter). */
  foreignContract?: string;
  /** Share of the foreign contract's logs mixed in: decided per log, the same on every request. Default 1. */
  foreignShare?: number;

  // --- an endpoint that stays down ---
  /** Every request (or every request with a call of `downMethods`) fails this way. */
  down?: "503" | "reset" | "hang" | "429" | "unhealthy" | "401" | "403";
  downMethods?: string[];
};

export type FaultName =
  | "rateLimit"
  | "http429"
  | "http429RetryAfter"
  | "http5xx"
  | "reset"
  | "hang"
  | "slow"
  | "callRateLimit"
  | "logsBlockLimit"
  | "logsCountLimit"
  | "logsUnhealthy"
  | "batchCap"
  | "staleHead"
  | "nullNewestBlock"
  | "duplicateLogs"
  | "strayLogs"
  | "laggingBackend"
  | "foreignLogs"
  | "down";

export type FaultProxyStats = {
  /** HTTP requests received. */
  requests: number;
  /** JSON-RPC calls received, by method. */
  calls: Record<string, number>;
  /** How often each fault was applied. */
  faults: Record<FaultName, number>;
  /** Distinct foreign logs delivered (blockHash:logIndex). */
  foreignLogKeys: Set<string>;
  /** Arrival time (ms, performance.now) of each request, and the status answered (0: none). */
  log: Array<{ at: number; methods: string[]; status: number; retryAfter?: string }>;
};

const emptyFaults = (): Record<FaultName, number> => ({
  rateLimit: 0,
  http429: 0,
  http429RetryAfter: 0,
  http5xx: 0,
  reset: 0,
  hang: 0,
  slow: 0,
  callRateLimit: 0,
  logsBlockLimit: 0,
  logsCountLimit: 0,
  logsUnhealthy: 0,
  batchCap: 0,
  staleHead: 0,
  nullNewestBlock: 0,
  duplicateLogs: 0,
  strayLogs: 0,
  laggingBackend: 0,
  foreignLogs: 0,
  down: 0,
});

/** Stats with nothing counted yet. */
export const emptyStats = (): FaultProxyStats => ({
  requests: 0,
  calls: {},
  faults: emptyFaults(),
  foreignLogKeys: new Set(),
  log: [],
});
