import type { SessionLog } from "../chain/parseSessionLog.js";
import type { SessionRead, SessionState } from "../chain/readSessions.js";
import { type RetryPolicy, retryPolicies } from "../chain/retryPolicies.js";
import type { Logger } from "../log/createLogger.js";
import { withRetry } from "../util/withRetry.js";
import type { AnomalyRow } from "./SyncStore.js";

export type SessionStateReader = {
  /**
   * getSession for every session a range names, each read once: a session both opened and
   * closed in the range needs one read, one whose final state an earlier range of this run
   * already saw (opened there, closed since) needs none, and ranges in flight together that name
   * the same session share one read.
   */
  read(
    opens: ReadonlyMap<string, SessionLog>,
    closes: ReadonlyMap<string, SessionLog>,
  ): Promise<{ states: Map<string, SessionRead>; anomalies: AnomalyRow[] }>;
};

export type SessionStateReaderOptions = {
  logger: Logger;
  /**
   * Reads of a state that lags behind its log (session missing, or open although its close was
   * indexed: a backend behind the one that served the logs) before it counts as inconsistent.
   */
  retry?: RetryPolicy;
  /**
   * Final states read ahead of the range that holds their close, shared by the readers of one
   * run (one per endpoint of a pool: the range of the open and that of the close may be read on
   * two of them). Default: the reader's own.
   */
  closedAhead?: Map<string, SessionState>;
};

/** Session reads for one run of one chain's follower. */
export function createSessionStateReader(
  readSessions: (ids: readonly string[]) => Promise<Map<string, SessionRead>>,
  options: SessionStateReaderOptions,
): SessionStateReader {
  const { logger } = options;
  const retry = options.retry ?? retryPolicies.laggingSession;
  // Final states of sessions closed before the range that holds their close log: that range
  // takes the state from here, and drops it (a backfill would otherwise keep every one).
  const closedAhead = options.closedAhead ?? new Map<string, SessionState>();
  // Reads in flight, by session: a range naming a session that another range is reading waits for
  // that read. `closeTaken`: a range holding the session's close shares it, so that no range keeps
  // the state for later. (A range that reads a session only after the range of its close is done
  // still keeps it until the end of the run: rare, ranges are read in order.)
  const inFlight = new Map<string, InFlightRead>();

  /**
   * One read of `ids`, shared with the ranges in flight: ids another range is reading wait for
   * that read, the others are read in one batch. A range holding a session's close marks its read
   * taken, so that the range of its open keeps nothing for later.
   */
  const readShared = async (
    ids: readonly string[],
    closes: ReadonlyMap<string, SessionLog>,
  ): Promise<{ reads: SessionRead[]; entries: InFlightRead[] }> => {
    const fresh = ids.filter((id) => !inFlight.has(id));
    if (fresh.length > 0) {
      const batch = readSessions(fresh);
      for (const id of fresh) {
        const read = batch.then((reads): SessionRead => reads.get(id) ?? { ok: false, error: "no result" });
        inFlight.set(id, { read, closeTaken: false });
      }
    }
    const entries = ids.map((id) => {
      const entry = inFlight.get(id) as InFlightRead;
      if (closes.has(id)) entry.closeTaken = true;
      return entry;
    });
    try {
      return { reads: await Promise.all(entries.map((entry) => entry.read)), entries };
    } finally {
      for (const id of fresh) inFlight.delete(id);
    }
  };

  return {
    async read(opens, closes) {
      const states = new Map<string, SessionRead>();
      const anomalies: AnomalyRow[] = [];
      let pending: string[] = [];
      for (const id of new Set([...opens.keys(), ...closes.keys()])) {
        const cached = closedAhead.get(id);
        if (!cached) {
          pending.push(id);
          continue;
        }
        states.set(id, { ok: true, state: cached });
        if (closes.has(id)) closedAhead.delete(id);
      }
      const lags = (id: string, read: SessionRead) =>
        read.ok && (read.state.openedAt === 0 || (closes.has(id) && read.state.closedAt === 0));

      /** Reads `pending` (sharing reads in flight), keeps what is good; returns what still lags. */
      const readPending = async (): Promise<string[]> => {
        const { reads, entries } = await readShared(pending, closes);
        const lagging: string[] = [];
        for (const [i, id] of pending.entries()) {
          const read = reads[i] as SessionRead;
          if (lags(id, read)) {
            lagging.push(id);
            continue;
          }
          if (!read.ok) logger.debug("getSession failed", { session: id, error: read.error });
          if (read.ok && read.state.closedAt > 0 && !closes.has(id) && !entries[i]?.closeTaken)
            closedAhead.set(id, read.state);
          states.set(id, read);
        }
        pending = lagging;
        return lagging;
      };
      // A state behind its log is read again (retryPolicies.laggingSession): a backend behind the
      // one that served the logs catches up.
      const behind =
        pending.length === 0
          ? []
          : await withRetry(readPending, { ...retry, retryAnswer: (lagging) => lagging.length > 0 });
      for (const id of behind) {
        const log = (closes.get(id) ?? opens.get(id)) as SessionLog;
        logger.warn("session state disagrees with its log; counted as unreadable", { session: id });
        anomalies.push({ kind: "inconsistent-session", key: id, blockNumber: log.blockNumber });
        states.set(id, { ok: false, error: "state disagrees with log" });
      }
      return { states, anomalies };
    },
  };
}

type InFlightRead = { read: Promise<SessionRead>; closeTaken: boolean };
