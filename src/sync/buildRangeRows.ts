import type { SessionLog } from "../chain/parseSessionLog.js";
import type { SessionRead } from "../chain/readSessions.js";
import { closeStateOf } from "./closeStateOf.js";
import type { AnomalyRow, CloseRow, OpenRow } from "./SyncStore.js";

/**
 * The rows one range writes: a session row for each SessionOpened, a close row for each
 * SessionClosed, with what getSession said about them. A session whose state could not be read
 * is written without it (it counts nowhere); an open one is never stuck.
 */
export function buildRangeRows(
  opens: ReadonlyMap<string, SessionLog>,
  closes: ReadonlyMap<string, SessionLog>,
  states: ReadonlyMap<string, SessionRead>,
): {
  opens: OpenRow[];
  closes: CloseRow[];
  anomalies: AnomalyRow[];
  malformed: Array<{ sessionId: string; reason: string }>;
} {
  const anomalies: AnomalyRow[] = [];
  const malformed: Array<{ sessionId: string; reason: string }> = [];
  const openRows = [...opens.values()].map((log): OpenRow => {
    const row: OpenRow = { sessionId: log.sessionId, blockNumber: log.blockNumber, logIndex: log.logIndex };
    const read = states.get(log.sessionId);
    if (read?.ok) {
      const { bidId, stake, openedAt, endsAt } = read.state;
      row.state = { bidId, stake, openedAt, endsAt };
    }
    return row;
  });
  const closeRows = [...closes.values()].map((log): CloseRow => {
    const row: CloseRow = {
      sessionId: log.sessionId,
      blockNumber: log.blockNumber,
      logIndex: log.logIndex,
      provider: log.provider,
    };
    const read = states.get(log.sessionId);
    if (read?.ok && read.state.closedAt > 0) {
      const close = closeStateOf(log.sessionId, read.state);
      row.state = close.state;
      if (close.oversizeTokens)
        anomalies.push({ kind: "oversize-token-counts", key: log.sessionId, blockNumber: log.blockNumber });
      if (close.malformedReason) malformed.push({ sessionId: log.sessionId, reason: close.malformedReason });
    }
    return row;
  });
  return { opens: openRows, closes: closeRows, anomalies, malformed };
}
