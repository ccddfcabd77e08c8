import type { SessionLog } from "../chain/parseSessionLog.js";
import type { SessionRead, SessionState } from "../chain/readSessions.js";
import type { Logger } from "../log/createLogger.js";
import type { AnomalyRow } from "./SyncStore.js";

export type SessionStateReader = {
  /**
   * getSession for every session a range names, each read once: a session both opened and
   * closed in the range needs one read, and one whose final state an earlier range of this run
   * already saw (opened there, closed since) needs none.
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
  attempts?: number;
  /** Wait before the first re-read; doubles with every further one. */
  delayMs?: number;
};

/** Session reads for one run of one chain's follower. */
export function createSessionStateReader(
  readSessions: (ids: readonly string[]) => Promise<Map<string, SessionRead>>,
  options: SessionStateReaderOptions,
): SessionStateReader {
  const { logger } = options;
  const attempts = options.attempts ?? 4;
  const delayMs = options.delayMs ?? 500;
  // Final states of sessions closed before the range that holds their close log: that range
  // takes the state from here, and drops it (a backfill would otherwise keep every one).
  const closedAhead = new Map<string, SessionState>();

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
      for (let attempt = 1; pending.length > 0; attempt++) {
        const reads = await readSessions(pending);
        const lagging: string[] = [];
        for (const id of pending) {
          const read = reads.get(id) ?? { ok: false, error: "no result" };
          if (lags(id, read)) {
            if (attempt < attempts) {
              lagging.push(id);
              continue;
            }
            const log = (closes.get(id) ?? opens.get(id)) as SessionLog;
            logger.warn("session state disagrees with its log; counted as unreadable", { session: id });
            anomalies.push({ kind: "inconsistent-session", key: id, blockNumber: log.blockNumber });
            states.set(id, { ok: false, error: "state disagrees with log" });
            continue;
          }
          if (!read.ok) logger.debug("getSession failed", { session: id, error: read.error });
          if (read.ok && read.state.closedAt > 0 && !closes.has(id)) closedAhead.set(id, read.state);
          states.set(id, read);
        }
        pending = lagging;
        if (pending.length > 0) await sleep(delayMs * 2 ** (attempt - 1));
      }
      return { states, anomalies };
    },
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
