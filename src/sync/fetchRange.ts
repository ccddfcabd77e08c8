import { classifyReceipt } from "../chain/classifyReceipt.js";
import type { ContractReader } from "../chain/createContractReader.js";
import type { LogFetcher } from "../chain/createLogFetcher.js";
import { type BlockHeader, getBlockHeader } from "../chain/getBlockHeader.js";
import { parseSessionLog, type SessionLog } from "../chain/parseSessionLog.js";
import { type BidRead, readBids } from "../chain/readBids.js";
import { readSessions, type SessionRead, type SessionState } from "../chain/readSessions.js";
import type { RpcClient } from "../chain/rpc/createRpcClient.js";
import { TransientError } from "../errors/BaseError.js";
import type { Logger } from "../log/createLogger.js";
import type { AnomalyRow, CloseRow, KnownBid, NewBid, OpenRow, RangeCommit } from "./SyncStore.js";

export type RangeContext = {
  client: RpcClient;
  reader: ContractReader;
  logs: LogFetcher;
  contract: string;
  identity: RangeCommit["identity"];
  /** Bids already in the database. */
  knownBids: Map<string, KnownBid>;
  /** Bids read during this run, shared by ranges in flight so that none is read twice. */
  bidReads: Map<string, Promise<BidRead>>;
  /**
   * Final states of closed sessions whose open was indexed before their close: the range with the
   * close log takes it from here instead of reading it again, and drops it.
   */
  closedStates: Map<string, SessionState>;
  /** Blocks from here on keep their hash, for reorg detection. */
  hashWindowStart: number;
  logger: Logger;
  /** Attempts to read a session whose state lags behind its log (a lagging backend). */
  readAttempts?: number;
  readRetryDelayMs?: number;
};

export type RangeResult = {
  commit: RangeCommit;
  /** The block before the range as the endpoint saw it with the range: what the range builds on. */
  parent: BlockHeader | undefined;
  logs: number;
  opened: number;
  closed: number;
};

/**
 * Everything one block range contributes: its session logs, the state of every session they
 * name (getSession), the bids not yet known (getBid), and the hashes to check reorgs against.
 */
export async function fetchRange(ctx: RangeContext, from: number, to: number): Promise<RangeResult> {
  const hashNumbers: number[] = [];
  for (let n = Math.max(from, ctx.hashWindowStart); n < to; n++) hashNumbers.push(n);
  const [{ logs: rawLogs, end, parent }, headers] = await Promise.all([
    ctx.logs.fetch(from, to),
    Promise.all(hashNumbers.map((n) => getBlockHeader(ctx.client, n))),
  ]);
  const hashes = new Map<number, string>([
    [end.number, end.hash],
    ...headers.map((h) => [h.number, h.hash] as const),
  ]);

  const anomalies: AnomalyRow[] = [];
  const seen = new Set<string>();
  const sessionLogs: SessionLog[] = [];
  for (const raw of rawLogs) {
    const parsed = parseSessionLog(raw, ctx.contract);
    if (parsed.kind === "foreign") {
      if (parsed.blockNumber >= from && parsed.blockNumber <= to) {
        anomalies.push({
          kind: "foreign-log",
          key: parsed.key,
          blockNumber: parsed.blockNumber,
          detail: parsed.reason,
        });
      }
      continue;
    }
    const log = parsed.log;
    // Endpoints that misbehave return logs twice, or outside the range asked for.
    if (log.blockNumber < from || log.blockNumber > to) continue;
    const key = `${log.blockNumber}:${log.logIndex}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const expected = hashes.get(log.blockNumber);
    if (expected && expected !== log.blockHash) {
      throw new TransientError(`The chain reorganised during the sync (block ${log.blockNumber} changed)`, {
        details: "Nothing past the last committed range was written; the next run re-checks and continues.",
      });
    }
    sessionLogs.push(log);
  }
  sessionLogs.sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex);

  const opens = new Map<string, SessionLog>();
  const closes = new Map<string, SessionLog>();
  for (const log of sessionLogs) {
    const target = log.event === "opened" ? opens : closes;
    if (!target.has(log.sessionId)) target.set(log.sessionId, log);
  }

  const states = await readSessionStates(ctx, opens, closes, anomalies);

  const newBidIds = new Set<string>();
  for (const read of states.values()) {
    if (read.ok && !ctx.knownBids.has(read.state.bidId)) newBidIds.add(read.state.bidId);
  }
  const bids = await readNewBids(ctx, [...newBidIds]);

  const openRows: OpenRow[] = [...opens.values()].map((log) => {
    const read = states.get(log.sessionId);
    const row: OpenRow = { sessionId: log.sessionId, blockNumber: log.blockNumber, logIndex: log.logIndex };
    if (read?.ok) {
      const { bidId, stake, openedAt, endsAt } = read.state;
      row.state = { bidId, stake, openedAt, endsAt };
    }
    return row;
  });
  const closeRows: CloseRow[] = [...closes.values()].map((log) => {
    const read = states.get(log.sessionId);
    const row: CloseRow = {
      sessionId: log.sessionId,
      blockNumber: log.blockNumber,
      logIndex: log.logIndex,
      provider: log.provider,
    };
    if (read?.ok && read.state.closedAt > 0) {
      const { bidId, closedAt, closeoutType, closeoutReceipt } = read.state;
      const receipt = classifyReceipt(log.sessionId, closeoutType, closeoutReceipt);
      if (receipt.reason)
        ctx.logger.debug("malformed receipt", { session: log.sessionId, reason: receipt.reason });
      row.state = {
        bidId,
        closedAt,
        closeoutType,
        receipt: closeoutReceipt,
        kind: receipt.kind,
        tokens: receipt.tokens,
        ttftMs: receipt.ttftMs,
      };
    }
    return row;
  });

  return {
    commit: {
      identity: ctx.identity,
      end,
      headers,
      bids,
      opens: openRows,
      closes: closeRows,
      anomalies,
    },
    parent,
    logs: sessionLogs.length,
    opened: openRows.length,
    closed: closeRows.length,
  };
}

/**
 * getSession for every session the range names, read once: a session both opened and closed
 * here, or whose final state an earlier range already saw, needs one read or none. A state
 * that lags behind its log (session missing, or open although its close was indexed) comes
 * from a backend behind the one that served the logs: read again, then give up on it loudly.
 */
async function readSessionStates(
  ctx: RangeContext,
  opens: Map<string, SessionLog>,
  closes: Map<string, SessionLog>,
  anomalies: AnomalyRow[],
): Promise<Map<string, SessionRead>> {
  const states = new Map<string, SessionRead>();
  let pending: string[] = [];
  for (const id of new Set([...opens.keys(), ...closes.keys()])) {
    const cached = ctx.closedStates.get(id);
    if (!cached) {
      pending.push(id);
      continue;
    }
    states.set(id, { ok: true, state: cached });
    // Its close log is indexed here: nothing later needs the state (a backfill would otherwise
    // keep every closed session's state, receipt included, until the run ends).
    if (closes.has(id)) ctx.closedStates.delete(id);
  }
  const attempts = ctx.readAttempts ?? 4;
  const lags = (id: string, read: SessionRead) =>
    read.ok && (read.state.openedAt === 0 || (closes.has(id) && read.state.closedAt === 0));
  for (let attempt = 1; pending.length > 0; attempt++) {
    const reads = await readSessions(ctx.reader, ctx.contract, pending);
    const lagging: string[] = [];
    for (const id of pending) {
      const read = reads.get(id) ?? { ok: false, error: "no result" };
      if (lags(id, read) && attempt < attempts) {
        lagging.push(id);
        continue;
      }
      if (lags(id, read)) {
        const log = (closes.get(id) ?? opens.get(id)) as SessionLog;
        ctx.logger.warn("session state disagrees with its log; counted as unreadable", { session: id });
        anomalies.push({ kind: "inconsistent-session", key: id, blockNumber: log.blockNumber });
        states.set(id, { ok: false, error: "state disagrees with log" });
        continue;
      }
      if (!read.ok) ctx.logger.debug("getSession failed", { session: id, error: read.error });
      // Kept for the range that holds its close log, when that is a later one.
      if (read.ok && read.state.closedAt > 0 && !closes.has(id)) ctx.closedStates.set(id, read.state);
      states.set(id, read);
    }
    pending = lagging;
    if (pending.length > 0) {
      await new Promise((resolve) => setTimeout(resolve, (ctx.readRetryDelayMs ?? 500) * 2 ** (attempt - 1)));
    }
  }
  return states;
}

async function readNewBids(ctx: RangeContext, bidIds: string[]): Promise<NewBid[]> {
  const missing = bidIds.filter((id) => !ctx.bidReads.has(id));
  if (missing.length > 0) {
    const batch = readBids(ctx.reader, ctx.contract, missing);
    for (const id of missing) {
      ctx.bidReads.set(
        id,
        batch.then((reads) => reads.get(id) ?? { ok: false, error: "no result" }),
      );
    }
  }
  return Promise.all(
    bidIds.map(async (bidId) => {
      const read = await (ctx.bidReads.get(bidId) as Promise<BidRead>);
      return read.ok ? { bidId, state: read.state } : { bidId };
    }),
  );
}
