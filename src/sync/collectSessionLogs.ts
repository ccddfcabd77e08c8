import type { RawLog } from "../chain/createLogFetcher.js";
import { type CutLog, isCutLog, parseCutLog } from "../chain/parseCutLog.js";
import { parseSessionLog, type SessionLog } from "../chain/parseSessionLog.js";
import { TransientError } from "../errors/BaseError.js";
import type { AnomalyRow } from "./SyncStore.js";

/** The session logs of one block range, as the index takes them. */
export type CollectedLogs = {
  /** The first SessionOpened of each session in the range. */
  opens: Map<string, SessionLog>;
  /** The first SessionClosed of each session in the range. */
  closes: Map<string, SessionLog>;
  /** Session logs kept, in chain order (duplicates and strays dropped). */
  logs: number;
  /** Logs of other contracts or events the endpoint returned inside the range. */
  anomalies: AnomalyRow[];
  /** The contract's DiamondCut logs in the range, in chain order: its code changed there. */
  cuts: CutLog[];
};

/**
 * Sorts out what eth_getLogs returned for [from, to]: session logs, and the contract's DiamondCut
 * logs apart; logs of other contracts and events are counted, logs returned twice or outside the
 * range are dropped (misbehaving endpoints do both), and a log whose block hash differs from the
 * range's own headers means the chain reorganised while it was read.
 */
export function collectSessionLogs(
  rawLogs: readonly RawLog[],
  range: { contract: string; from: number; to: number; hashes: ReadonlyMap<number, string> },
): CollectedLogs {
  const { from, to } = range;
  const anomalies: AnomalyRow[] = [];
  const seen = new Set<string>();
  const kept: SessionLog[] = [];
  const cuts: CutLog[] = [];
  const checkHash = (blockNumber: number, blockHash: string) => {
    const expected = range.hashes.get(blockNumber);
    if (expected && expected !== blockHash) {
      throw new TransientError(`The chain reorganised during the sync (block ${blockNumber} changed)`, {
        details: "Nothing past the last committed range was written; the next run re-checks and continues.",
      });
    }
  };
  for (const raw of rawLogs) {
    if (isCutLog(raw, range.contract)) {
      const cut = parseCutLog(raw);
      if (cut.blockNumber < from || cut.blockNumber > to) continue;
      const key = `${cut.blockNumber}:${cut.logIndex}`;
      if (seen.has(key)) continue;
      seen.add(key);
      checkHash(cut.blockNumber, cut.blockHash);
      cuts.push(cut);
      continue;
    }
    const parsed = parseSessionLog(raw, range.contract);
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
    if (log.blockNumber < from || log.blockNumber > to) continue;
    const key = `${log.blockNumber}:${log.logIndex}`;
    if (seen.has(key)) continue;
    seen.add(key);
    checkHash(log.blockNumber, log.blockHash);
    kept.push(log);
  }
  kept.sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex);
  const opens = new Map<string, SessionLog>();
  const closes = new Map<string, SessionLog>();
  for (const log of kept) {
    const target = log.event === "opened" ? opens : closes;
    if (!target.has(log.sessionId)) target.set(log.sessionId, log);
  }
  cuts.sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex);
  return { opens, closes, logs: kept.length, anomalies, cuts };
}
