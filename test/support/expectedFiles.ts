import { getAddress, type Hex } from "viem";
import type { History, HistorySession } from "../../src/devchain/history.js";

export type ExpectedFilesOptions = {
  /** The as-of time: the timestamp of the last block the sync reached. */
  asOf: number;
  /** Stuck-session grace in seconds. Default 3600. */
  grace?: number;
  /**
   * Which logs the sync has indexed, by session id (any case). Default: every session's
   * SessionOpened, and the SessionClosed of every session with a `close`. Give it when the sync
   * starts after the first block or stops before the last (see indexedLogs.ts).
   */
  indexed?: { opened: Iterable<string>; closed: Iterable<string> };
};

type Bucket = { ts: number; tokens: number; sessions: number; ttft?: number };
type Window = { tokens: number; sessions: number; ttft?: number };
/** A closed session as the published files see it. */
type Closed = {
  closedAt: number;
  tokens: number;
  /** ttftMs of a signed receipt with ttftMs > 0; otherwise undefined. */
  ttftMs: number | undefined;
  /** Undefined when getBid reverts: then no model is known. */
  modelId: string | undefined;
  /** The bid's provider; when getBid reverts, the SessionClosed log's topic3 (the same address). */
  provider: string;
};

/** A stuck session: the fields of SPEC.md, then what the indexer adds (README). */
type Stuck = {
  sessionId: string;
  openedAt: number;
  endsAt: number;
  provider?: string;
  modelId?: string;
  stake: string;
};

const hour = 3600;
const day = 86_400;
const zeroAddress = `0x${"0".repeat(40)}`;
const zeroHash = `0x${"0".repeat(64)}`;

/**
 * The files SPEC.md says the indexer publishes for `history`, computed independently of src/:
 * plain loops over the history, receipts decoded here from their hex. Keyed by path below
 * out/api/throughput/.
 */
export function expectedFiles(history: History, options: ExpectedFilesOptions): Record<string, unknown> {
  const { asOf } = options;
  const grace = options.grace ?? 3600;
  const openedLogs = new Set<string>();
  const closedLogs = new Set<string>();
  if (options.indexed) {
    for (const id of options.indexed.opened) openedLogs.add(id.toLowerCase());
    for (const id of options.indexed.closed) closedLogs.add(id.toLowerCase());
  } else {
    for (const s of history.sessions) {
      openedLogs.add(s.sessionId.toLowerCase());
      if (s.close) closedLogs.add(s.sessionId.toLowerCase());
    }
  }

  const bids = new Map<string, { modelId: string | undefined; provider: string }>();
  for (const b of history.bids) {
    // The test contract emits the bid's stored provider as topic3, even when getBid reverts.
    bids.set(b.bidId.toLowerCase(), {
      modelId: b.reverts ? undefined : b.modelId.toLowerCase(),
      provider: getAddress(b.provider),
    });
  }
  const bidOf = (s: HistorySession) =>
    // A bid never set reads as the zero struct (and the contract emits the zero address).
    bids.get(s.bidId.toLowerCase()) ?? { modelId: zeroHash, provider: zeroAddress };

  const closed: Closed[] = [];
  const stuck: Array<Stuck> = [];
  for (const s of history.sessions) {
    const id = s.sessionId.toLowerCase();
    if (s.reverts) continue; // getSession reverts: no close time, no openedAt, no endsAt
    if (closedLogs.has(id)) {
      if (!s.close) throw new Error(`expectedFiles: session ${id} is indexed as closed but has no close`);
      if (s.close.closedAt > asOf) throw new Error(`expectedFiles: session ${id} closes after asOf`);
      const receipt = readReceipt(id, BigInt(s.close.closeoutType), s.close.receipt);
      closed.push({ closedAt: s.close.closedAt, ...receipt, ...bidOf(s) });
    } else if (openedLogs.has(id) && s.endsAt + grace <= asOf) {
      const bid = bidOf(s);
      stuck.push({
        sessionId: id,
        openedAt: s.openedAt,
        endsAt: s.endsAt,
        // The extra fields come from the bid: none when getBid reverts.
        ...(bid.modelId === undefined ? {} : { provider: bid.provider, modelId: bid.modelId }),
        stake: s.stake.toString(),
      });
    }
  }
  stuck.sort((a, b) => a.openedAt - b.openedAt || compare(a.sessionId, b.sessionId));

  const summary = {
    "24h": aggregate(closed.filter((c) => asOf - day < c.closedAt && c.closedAt <= asOf)),
    "7d": aggregate(closed.filter((c) => asOf - 7 * day < c.closedAt && c.closedAt <= asOf)),
    "30d": aggregate(closed.filter((c) => asOf - 30 * day < c.closedAt && c.closedAt <= asOf)),
    all: aggregate(closed),
  };

  let earliest = Number.POSITIVE_INFINITY;
  for (const c of closed) earliest = Math.min(earliest, c.closedAt);
  const hourly =
    closed.length === 0
      ? []
      : periods(hourFloor, Math.max(hourFloor(asOf) - 335 * hour, hourFloor(earliest)), asOf);
  const daily =
    closed.length === 0
      ? []
      : periods(dayFloor, Math.max(dayFloor(asOf) - 364 * day, dayFloor(earliest)), asOf);
  const monthly = closed.length === 0 ? [] : periods(monthFloor, monthFloor(earliest), asOf);

  const dailyStart = daily[0];
  const inDailyRange = dailyStart === undefined ? [] : closed.filter((c) => c.closedAt >= dailyStart);
  const byModel = new Map<string, Closed[]>();
  const byProvider = new Map<string, Closed[]>();
  for (const c of inDailyRange) {
    if (c.modelId !== undefined) push(byModel, c.modelId, c);
    push(byProvider, c.provider, c);
  }

  return {
    "summary.json": summary,
    "rollup/hourly.json": { bucket: "hourly", series: series(hourly, hourFloor, closed) },
    "rollup/daily.json": { bucket: "daily", series: series(daily, dayFloor, closed) },
    "rollup/monthly.json": { bucket: "monthly", series: series(monthly, monthFloor, closed) },
    "rollup/by-model-daily.json": {
      models: [...byModel.keys()]
        .sort((a, b) => compare(a.toLowerCase(), b.toLowerCase()))
        .map((modelId) => ({
          modelId,
          name: modelName(history, modelId),
          series: series(daily, dayFloor, byModel.get(modelId) ?? []),
        })),
    },
    "rollup/by-provider-daily.json": {
      providers: [...byProvider.keys()]
        .sort((a, b) => compare(a.toLowerCase(), b.toLowerCase()))
        .map((provider) => ({ provider, series: series(daily, dayFloor, byProvider.get(provider) ?? []) })),
    },
    "stuck-sessions.json": { count: stuck.length, sessions: stuck },
  };
}

/** Signed receipt rules of SPEC.md and CHAIN.md, on the raw bytes. */
function readReceipt(
  sessionId: string,
  closeoutType: bigint,
  receiptHex: Hex,
): Pick<Closed, "tokens" | "ttftMs"> {
  const nothing = { tokens: 0, ttftMs: undefined };
  if (closeoutType !== 0n) return nothing; // disputed
  const hex = receiptHex.slice(2).toLowerCase();
  const length = hex.length / 2;
  if (length < 160) return nothing; // empty or short: malformed
  const word = (k: number) => BigInt(`0x${hex.slice(64 * k, 64 * (k + 1))}`);
  if (`0x${hex.slice(0, 64)}` !== sessionId) return nothing; // names another session: malformed
  // chainId is a uint256 (anything fits); timestamp uint128; the others uint32.
  if (word(2) >= 2n ** 128n || word(3) >= 2n ** 32n || word(4) >= 2n ** 32n) return nothing;
  const ttftMs = Number(word(4));
  let tokens = 0;
  if (length >= 224) {
    if (word(5) >= 2n ** 32n || word(6) >= 2n ** 32n) return nothing;
    tokens = Number(word(5)) + Number(word(6));
  }
  return { tokens, ttftMs: ttftMs > 0 ? ttftMs : undefined };
}

function aggregate(items: Closed[]): Window {
  const window: Window = { tokens: 0, sessions: 0 };
  const ttfts: number[] = [];
  for (const c of items) {
    window.tokens += c.tokens;
    window.sessions += 1;
    if (c.ttftMs !== undefined) ttfts.push(c.ttftMs);
  }
  if (ttfts.length > 0) {
    ttfts.sort((a, b) => a - b);
    // Nearest rank: 1-based rank ceil(n / 2).
    window.ttft = (ttfts[Math.ceil(ttfts.length / 2) - 1] as number) / 1000;
  }
  return window;
}

/** The dense series over `starts`, from the sessions in `items` (others are ignored). */
function series(starts: number[], floor: (t: number) => number, items: Closed[]): Bucket[] {
  const groups = new Map<number, Closed[]>(starts.map((ts) => [ts, []]));
  for (const c of items) groups.get(floor(c.closedAt))?.push(c);
  return starts.map((ts) => {
    const { tokens, sessions, ttft } = aggregate(groups.get(ts) ?? []);
    return ttft === undefined ? { ts, tokens, sessions } : { ts, tokens, sessions, ttft };
  });
}

/** Period starts from `first` up to the period containing `asOf`. */
function periods(floor: (t: number) => number, first: number, asOf: number): number[] {
  const last = floor(asOf);
  const starts: number[] = [];
  for (let ts = first; ts <= last; ts = nextPeriod(floor, ts)) starts.push(ts);
  return starts;
}

function nextPeriod(floor: (t: number) => number, ts: number): number {
  if (floor === hourFloor) return ts + hour;
  if (floor === dayFloor) return ts + day;
  const date = new Date(ts * 1000);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / 1000;
}

function hourFloor(t: number): number {
  return Math.floor(t / hour) * hour;
}

function dayFloor(t: number): number {
  return Math.floor(t / day) * day;
}

function monthFloor(t: number): number {
  const date = new Date(t * 1000);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 1000;
}

/** The name getModel returns at the latest block: "" when it reverts or was never set. */
function modelName(history: History, modelId: string): string {
  const model = history.models.find((m) => m.modelId.toLowerCase() === modelId);
  if (model?.reverts) return "";
  let bytes: Uint8Array = new Uint8Array();
  if (model) {
    bytes =
      typeof model.name === "string"
        ? new TextEncoder().encode(model.name)
        : Uint8Array.from(Buffer.from(model.name.rawHex.slice(2), "hex"));
  }
  const renames = (history.renames ?? [])
    .map((r, order) => ({ ...r, order }))
    .filter((r) => r.modelId.toLowerCase() === modelId)
    .sort((a, b) => a.at - b.at || a.order - b.order);
  const last = renames[renames.length - 1];
  if (last) bytes = new TextEncoder().encode(last.name);
  // Invalid UTF-8 becomes U+FFFD; a leading BOM is kept (it is part of the stored name).
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Ascending by UTF-16 code units, as JavaScript's default sort (all ids here are ASCII). */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
