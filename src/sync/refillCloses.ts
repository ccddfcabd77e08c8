import type { SessionRead } from "../chain/readSessions.js";
import type { Logger } from "../log/createLogger.js";
import { closeStateOf } from "./closeStateOf.js";
import type { RefilledClose, SyncRun, SyncStore } from "./SyncStore.js";

/**
 * Reads again (getSession) the closes a 1.0 database holds without the figures of 1.1 (session
 * time, tps, the 1.1 reading of oversize token counts). A closed session's fields are final, so
 * the latest state serves: nothing is re-indexed. Returns how many closes were read.
 */
export async function refillCloses(
  store: SyncStore,
  readSessions: (ids: readonly string[]) => Promise<Map<string, SessionRead>>,
  logger: Logger,
  /** The run as it writes now: a refill rewrites records anywhere from the first block indexed. */
  run: () => SyncRun,
  batch = 2_000,
): Promise<number> {
  let refilled = 0;
  for (let ids = store.closesToRefill(batch); ids.length > 0; ids = store.closesToRefill(batch)) {
    const reads = await readSessions(ids);
    const rows = ids.map((sessionId): RefilledClose => {
      const read = reads.get(sessionId);
      if (!read?.ok || read.state.closedAt === 0) {
        logger.warn("a close indexed by 1.0 cannot be read again; counted as unreadable", {
          session: sessionId,
        });
        return { sessionId, state: undefined, oversizeTokens: false };
      }
      const close = closeStateOf(sessionId, read.state);
      return { sessionId, state: close.state, oversizeTokens: close.oversizeTokens };
    });
    store.saveRefilled({ run: run(), closes: rows });
    refilled += rows.length;
  }
  if (refilled > 0)
    logger.info("closes of a 1.0 database read again for the 1.1 figures", {
      chain: store.chainId,
      closes: refilled,
    });
  return refilled;
}
