import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { seededRandom } from "./seededRandom.js";

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

export type FaultProxy = {
  url: string;
  stats: FaultProxyStats;
  /** Replaces the fault configuration (the PRNG is re-seeded when `seed` is given). */
  configure(config: FaultConfig): void;
  resetStats(): void;
  close(): Promise<void>;
};

type Call = { jsonrpc?: string; id?: unknown; method: string; params?: unknown[] };
type Answer = { jsonrpc: "2.0"; id: unknown; result?: unknown; error?: { code: number; message: string } };
type Log = { address: string; blockNumber: string; blockHash: string; logIndex: string; topics: string[] };

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

const emptyStats = (): FaultProxyStats => ({
  requests: 0,
  calls: {},
  faults: emptyFaults(),
  foreignLogKeys: new Set(),
  log: [],
});

/** Messages public providers answer rate-limited calls with. */
const rateLimitErrors = [
  { code: 429, message: "Too Many Requests" },
  {
    code: 429,
    message:
      "Your app has exceeded its compute units per second capacity. If you have retries enabled, you can safely ignore this message.",
  },
  { code: -32005, message: "daily request count exceeded, request rate limited" },
  {
    code: -32007,
    message: "15/second request limit reached - reduce calls per second or upgrade your account",
  },
  { code: -32016, message: "over rate limit" },
];

const hex = (n: number) => `0x${n.toString(16)}`;

/** eth_getLogs refusals of a range wider than `limit` blocks, as providers word them. */
const blockLimitWordings: Array<
  (limit: number, from: number, to: number) => { code: number; message: string }
> = [
  (limit) => ({ code: -32000, message: `exceed maximum block range: ${limit}` }),
  () => ({ code: -32000, message: "block range is too large" }),
  (limit) => ({
    code: -32614,
    message: `eth_getLogs is limited to a ${limit.toLocaleString("en-US")} range`,
  }),
  (limit) => ({ code: -32000, message: `ranges over ${limit} blocks are not supported` }),
  () => ({ code: -32600, message: "Block range is too wide" }),
  (limit, from) => ({
    code: -32602,
    message: `Log response size exceeded. You can make eth_getLogs requests with up to a ${limit} block range and no limit on the response size, or you can request any block range with a cap of 10K logs in the response. Based on your parameters, this block range should work: [${hex(from)}, ${hex(from + limit - 1)}]`,
  }),
];

/** eth_getLogs refusals of a result larger than `limit` logs; `fits` is the last block that fits. */
const countLimitWordings: Array<
  (limit: number, from: number, to: number, fits: number) => { code: number; message: string }
> = [
  (limit, from, _to, fits) => ({
    code: -32005,
    message: `query returned more than ${limit} results. Try with this block range [${hex(from)}, ${hex(fits)}].`,
  }),
  // Alchemy's suggestion is a guess: it may be refused again ("ranges that should work").
  (_limit, from, to) => ({
    code: -32602,
    message: `Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range and no limit on the response size, or you can request any block range with a cap of 10K logs in the response. Based on your parameters, this block range should work: [${hex(from)}, ${hex(from + Math.floor(((to - from) * 3) / 4))}]`,
  }),
  (limit, from, to) => ({
    code: -32602,
    message: `query exceeds max results ${limit}, retry with the range ${from}-${Math.floor((from + to) / 2)}`,
  }),
  () => ({ code: -32000, message: "backend response too large" }),
  () => ({ code: -32005, message: "too many logs in the response, please limit the query" }),
];

const unhealthyError = { code: -32011, message: "no backend is currently healthy to serve traffic" };

const html5xx: Array<{ status: number; text: string }> = [
  { status: 500, text: "Internal Server Error" },
  { status: 502, text: "Bad Gateway" },
  { status: 503, text: "Service Temporarily Unavailable" },
];

/**
 * A fault-injecting JSON-RPC proxy on 127.0.0.1 in front of `upstream` (an anvil). It understands
 * batches: HTTP faults hit a whole request, call faults hit single calls inside a batch. Every
 * decision comes from a seeded PRNG (or, for foreign logs, from a hash of the log), never from
 * Math.random, so a trial can be replayed.
 */
export async function createFaultProxy(upstream: string, initial: FaultConfig = {}): Promise<FaultProxy> {
  let config: FaultConfig = initial;
  let random = seededRandom(initial.seed ?? 1);
  let stats = emptyStats();
  // Turns of the wordings and batch refusals, and what was nulled: reset with the seed.
  let turns = { wording: 0, batch: 0, rateLimit: 0, page: 0, retryAfter: 0 };
  let nulled = new Map<number, number>();
  let httpFaults = 0;
  let bucket = { tokens: initial.rateLimit?.burst ?? 0, at: performance.now() };
  const sockets = new Set<Socket>();
  const hanging = new Set<ServerResponse>();
  const draw = (rate: number | undefined) => rate !== undefined && rate > 0 && random() < rate;

  const upstreamCall = async (body: unknown): Promise<unknown> => {
    const response = await fetch(upstream, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return response.json();
  };

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) {
        res.writeHead(502, { "content-type": "text/plain" });
        res.end(`proxy error: ${(error as Error).message}`);
      }
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Call | Call[];
    const isBatch = Array.isArray(body);
    const calls = isBatch ? body : [body];
    stats.requests++;
    for (const call of calls) stats.calls[call.method] = (stats.calls[call.method] ?? 0) + 1;
    const entry: FaultProxyStats["log"][number] = {
      at: performance.now(),
      methods: calls.map((call) => call.method),
      status: 0,
    };
    stats.log.push(entry);
    res.on("close", () => {
      hanging.delete(res);
    });

    const send = (status: number, payload: string, headers: Record<string, string> = {}) => {
      entry.status = status;
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(payload);
    };
    const sendHtml = (status: number, text: string) => {
      entry.status = status;
      res.writeHead(status, { "content-type": "text/html" });
      res.end(
        `<html><head><title>${status} ${text}</title></head><body><center><h1>${status} ${text}</h1></center><hr><center>nginx</center></body></html>\n`,
      );
    };
    const reset = () => {
      req.socket.destroy();
    };
    const hang = () => {
      hanging.add(res);
    };

    // An endpoint that stays down.
    if (
      config.down &&
      (!config.downMethods || calls.some((call) => config.downMethods?.includes(call.method)))
    ) {
      stats.faults.down++;
      if (config.down === "503") return sendHtml(503, "Service Temporarily Unavailable");
      if (config.down === "reset") return reset();
      if (config.down === "hang") return hang();
      if (config.down === "429") return send(429, JSON.stringify({ error: "rate limited" }));
      if (config.down === "401") return send(401, JSON.stringify({ error: "invalid API key" }));
      if (config.down === "403")
        return send(403, JSON.stringify({ error: "plan does not allow this method" }));
      const answers = calls.map((call) => ({ jsonrpc: "2.0", id: call.id ?? null, error: unhealthyError }));
      return send(200, JSON.stringify(isBatch ? answers : answers[0]));
    }

    if (config.rateLimit) {
      const now = performance.now();
      const { perSecond, burst } = config.rateLimit;
      bucket = { tokens: Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond), at: now };
      if (bucket.tokens < 1) {
        stats.faults.rateLimit++;
        if (config.rateLimit.retryAfter) {
          entry.retryAfter = "1";
          return send(429, JSON.stringify({ jsonrpc: "2.0", id: null, error: rateLimitErrors[0] }), {
            "retry-after": "1",
          });
        }
        return send(429, "Too Many Requests");
      }
      bucket.tokens -= 1;
    }

    // HTTP faults: one request, one draw.
    const r = random();
    let edge = 0;
    const hit = (rate: number | undefined) => {
      edge += rate ?? 0;
      if (r >= edge || (config.maxFaults !== undefined && httpFaults >= config.maxFaults)) return false;
      httpFaults++;
      return true;
    };
    if (hit(config.reset)) {
      stats.faults.reset++;
      return reset();
    }
    if (hit(config.http429)) {
      stats.faults.http429++;
      if (random() < (config.retryAfterShare ?? 0.5)) {
        stats.faults.http429RetryAfter++;
        const seconds = config.retryAfterSeconds ?? 1;
        // Seconds, or (every third time) an HTTP date, as RFC 9110 allows.
        const value =
          ++turns.retryAfter % 3 === 0
            ? new Date(Date.now() + (seconds + 1) * 1000).toUTCString()
            : String(seconds);
        entry.retryAfter = value;
        return send(429, JSON.stringify({ jsonrpc: "2.0", id: null, error: rateLimitErrors[0] }), {
          "retry-after": value,
        });
      }
      return send(429, "Too Many Requests");
    }
    if (hit(config.http5xx)) {
      stats.faults.http5xx++;
      const page = html5xx[turns.page++ % html5xx.length] as (typeof html5xx)[number];
      return sendHtml(page.status, page.text);
    }
    if (hit(config.hang)) {
      stats.faults.hang++;
      return hang();
    }

    // A batch over the cap.
    let served = calls;
    let surplus: Call[] = [];
    if (isBatch && config.maxBatchSize !== undefined && calls.length > config.maxBatchSize) {
      stats.faults.batchCap++;
      const modes = ["error", "http", "partial", "partial-errors"] as const;
      const mode =
        !config.batchCap || config.batchCap === "mixed"
          ? (modes[turns.batch++ % modes.length] as (typeof modes)[number])
          : config.batchCap;
      if (mode === "error") {
        return send(
          200,
          JSON.stringify({
            jsonrpc: "2.0",
            id: null,
            error: { code: -32600, message: `batch size too large, max ${config.maxBatchSize}` },
          }),
        );
      }
      if (mode === "http") return send(413, `batch limit exceeded: at most ${config.maxBatchSize} calls`);
      served = calls.slice(0, config.maxBatchSize);
      surplus = mode === "partial-errors" ? calls.slice(config.maxBatchSize) : [];
    }

    const answers = await answerCalls(served);
    for (const call of surplus) {
      answers.push({
        jsonrpc: "2.0",
        id: call.id ?? null,
        error: {
          code: -32600,
          message: `Batch of more than ${config.maxBatchSize} requests are not allowed`,
        },
      });
    }
    if (draw(config.slow)) {
      stats.faults.slow++;
      await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * (config.slowMs ?? 400))));
    }
    if (res.destroyed) return;
    // JSON-RPC allows batch answers in any order.
    if (isBatch) shuffle(answers, random);
    send(200, JSON.stringify(isBatch ? answers : answers[0]));
  };

  /** Faults decided before forwarding, the calls forwarded in one upstream batch, faults after. */
  const answerCalls = async (calls: Call[]): Promise<Answer[]> => {
    const answers = new Map<Call, Answer>();
    const forward: Call[] = [];
    for (const call of calls) {
      const id = call.id ?? null;
      if (draw(config.callRateLimit)) {
        stats.faults.callRateLimit++;
        const error = rateLimitErrors[turns.rateLimit++ % rateLimitErrors.length] as Answer["error"];
        answers.set(call, { jsonrpc: "2.0", id, ...(error ? { error } : {}) });
        continue;
      }
      if (call.method === "eth_getLogs") {
        const range = logRange(call);
        if (
          config.logsBlockLimit !== undefined &&
          range &&
          range.to - range.from + 1 > config.logsBlockLimit
        ) {
          stats.faults.logsBlockLimit++;
          const wording = blockLimitWordings[
            turns.wording++ % blockLimitWordings.length
          ] as (typeof blockLimitWordings)[number];
          const error = wording(config.logsBlockLimit, range.from, range.to);
          answers.set(call, { jsonrpc: "2.0", id, error });
          continue;
        }
        if (draw(config.logsUnhealthy)) {
          stats.faults.logsUnhealthy++;
          answers.set(call, { jsonrpc: "2.0", id, error: unhealthyError });
          continue;
        }
      }
      forward.push(call);
    }

    const lagging =
      forward.length > 0 &&
      draw(config.laggingBackend) &&
      (config.maxFaults === undefined || stats.faults.laggingBackend < config.maxFaults);
    const needsHead =
      lagging ||
      forward.some(
        (call) =>
          (call.method === "eth_blockNumber" && config.staleHead) ||
          (call.method === "eth_getBlockByNumber" && config.nullNewestBlock),
      );
    const upstreamCalls: Call[] = forward.map((call, k) => ({ ...call, jsonrpc: "2.0", id: k }));
    if (needsHead) upstreamCalls.push({ jsonrpc: "2.0", id: "head", method: "eth_blockNumber", params: [] });
    /** Another eth_getLogs sent upstream beside `call`, its filter changed; its answer's id. */
    const extraLogQuery = (call: Call, kind: string, change: Record<string, unknown>): string => {
      const id = `${kind}-${upstreamCalls.length}`;
      const filter = (call.params?.[0] ?? {}) as Record<string, unknown>;
      upstreamCalls.push({ jsonrpc: "2.0", id, method: "eth_getLogs", params: [{ ...filter, ...change }] });
      return id;
    };
    // Foreign logs: the same filter for another contract. Stray logs: the same filter over a
    // wider range, of which only what is outside the range asked for is added.
    const foreignQueries = new Map<Call, string>();
    const strayQueries = new Map<Call, string>();
    for (const call of forward) {
      const range = call.method === "eth_getLogs" ? logRange(call) : undefined;
      if (!range) continue;
      if (config.foreignContract)
        foreignQueries.set(call, extraLogQuery(call, "foreign", { address: config.foreignContract }));
      if (draw(config.strayLogs)) {
        const wider = { fromBlock: hex(Math.max(0, range.from - 50)), toBlock: hex(range.to + 50) };
        strayQueries.set(call, extraLogQuery(call, "stray", wider));
      }
    }
    const byId = new Map<unknown, Answer>();
    if (upstreamCalls.length > 0) {
      const results = (await upstreamCall(upstreamCalls)) as Answer[];
      for (const answer of results) byId.set(answer.id, answer);
    }
    const head = needsHead ? Number(byId.get("head")?.result ?? 0) : undefined;
    const laggingHead = lagging && head !== undefined ? head - (config.laggingLag ?? 3) : undefined;
    if (laggingHead !== undefined) stats.faults.laggingBackend++;

    forward.forEach((call, k) => {
      const id = call.id ?? null;
      const answer: Answer = {
        ...(byId.get(k) ?? { jsonrpc: "2.0", id: k, error: { code: -32603, message: "no answer" } }),
        id,
      };
      answers.set(call, answer);
      if (answer.error) return;
      if (laggingHead !== undefined) {
        if (call.method === "eth_blockNumber") answer.result = hex(Math.max(0, laggingHead));
        if (call.method === "eth_getBlockByNumber" && answer.result) {
          const number = Number((answer.result as { number: string }).number);
          if (number > laggingHead) answer.result = null;
        }
        if (call.method === "eth_getLogs" && Array.isArray(answer.result)) {
          answer.result = (answer.result as Log[]).filter((log) => Number(log.blockNumber) <= laggingHead);
        }
      }
      if (call.method === "eth_blockNumber" && head !== undefined && draw(config.staleHead)) {
        stats.faults.staleHead++;
        answer.result = hex(Math.max(0, head - (config.staleLag ?? 3)));
      }
      if (call.method === "eth_getBlockByNumber" && head !== undefined && answer.result) {
        const number = Number((answer.result as { number: string }).number);
        const times = nulled.get(number) ?? 0;
        if (number === head && times < (config.nullNewestBlock ?? 0)) {
          nulled.set(number, times + 1);
          stats.faults.nullNewestBlock++;
          answer.result = null;
        }
      }
      if (call.method === "eth_getLogs" && Array.isArray(answer.result)) {
        let logs = answer.result as Log[];
        const range = logRange(call);
        if (
          config.logsCountLimit !== undefined &&
          range &&
          range.to > range.from &&
          logs.length > config.logsCountLimit
        ) {
          stats.faults.logsCountLimit++;
          const fits = lastBlockThatFits(logs, config.logsCountLimit, range.from);
          const wording = countLimitWordings[
            turns.wording++ % countLimitWordings.length
          ] as (typeof countLimitWordings)[number];
          const error = wording(config.logsCountLimit, range.from, range.to, fits);
          answers.set(call, { jsonrpc: "2.0", id, error });
          return;
        }
        if (logs.length > 0 && draw(config.duplicateLogs)) {
          stats.faults.duplicateLogs++;
          const copies = logs.filter(() => random() < 0.2);
          logs = [...logs, ...(copies.length > 0 ? copies : [logs[0] as Log])];
        }
        const stray = strayQueries.get(call);
        if (stray !== undefined && range) {
          const outside = ((byId.get(stray)?.result ?? []) as Log[]).filter(
            (log) => Number(log.blockNumber) < range.from || Number(log.blockNumber) > range.to,
          );
          if (outside.length > 0) {
            stats.faults.strayLogs++;
            logs = [...logs, ...outside];
          }
        }
        const foreign = foreignQueries.get(call);
        if (foreign !== undefined) {
          const foreignLogs = ((byId.get(foreign)?.result ?? []) as Log[]).filter(
            (log) =>
              unitHash(`${config.seed ?? 1}:${log.blockHash}:${log.logIndex}`) < (config.foreignShare ?? 1),
          );
          if (foreignLogs.length > 0) {
            stats.faults.foreignLogs++;
            for (const log of foreignLogs)
              stats.foreignLogKeys.add(`${log.blockHash}:${Number(log.logIndex)}`);
            logs = [...logs, ...foreignLogs];
          }
        }
        logs.sort(
          (a, b) => Number(a.blockNumber) - Number(b.blockNumber) || Number(a.logIndex) - Number(b.logIndex),
        );
        answer.result = logs;
      }
    });
    return calls.map((call) => answers.get(call) as Answer);
  };

  const logRange = (call: Call): { from: number; to: number } | undefined => {
    const filter = call.params?.[0] as { fromBlock?: string; toBlock?: string } | undefined;
    if (!filter?.fromBlock?.startsWith("0x") || !filter.toBlock?.startsWith("0x")) return undefined;
    return { from: Number(filter.fromBlock), to: Number(filter.toBlock) };
  };

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get stats() {
      return stats;
    },
    configure(next) {
      config = next;
      httpFaults = 0;
      bucket = { tokens: next.rateLimit?.burst ?? 0, at: performance.now() };
      if (next.seed !== undefined) {
        random = seededRandom(next.seed);
        turns = { wording: 0, batch: 0, rateLimit: 0, page: 0, retryAfter: 0 };
        nulled = new Map();
      }
    },
    resetStats() {
      stats = emptyStats();
    },
    async close() {
      for (const res of hanging) res.destroy();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The last block whose logs, from `from` on, stay within `limit` (at least `from`). */
function lastBlockThatFits(logs: Log[], limit: number, from: number): number {
  const sorted = logs.map((log) => Number(log.blockNumber)).sort((a, b) => a - b);
  const first = sorted[limit]; // the first log past the limit
  return first === undefined ? from : Math.max(from, first - 1);
}

/** A string's FNV-1a hash as a number in [0, 1). */
function unitHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h / 4294967296;
}

function shuffle<T>(items: T[], random: () => number): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
}
