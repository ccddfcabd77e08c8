import type { RawLog } from "../chain/createLogFetcher.js";
import { type BidLog, isBidLog, parseBidLog } from "../chain/parseBidLog.js";
import { type CutLog, isCutLog, parseCutLog } from "../chain/parseCutLog.js";
import { parseSessionLog, type SessionLog } from "../chain/parseSessionLog.js";
import { TransientError } from "../errors/BaseError.js";
import type { AnomalyRow } from "./SyncStore.js";

/** The session, bid and DiamondCut logs of one block range, as the index takes them. */
export type CollectedLogs = {
  /** The first SessionOpened of each session in the range. */
  opens: Map<string, SessionLog>;
  /** The first SessionClosed of each session in the range. */
  closes: Map<string, SessionLog>;
  /** Bid logs (posted, deleted), in chain order. */
  bids: BidLog[];
  /** Session and bid logs kept (duplicates and strays dropped). */
  logs: number;
  /** Logs of other contracts or events the endpoint returned inside the range. */
  anomalies: AnomalyRow[];
  /** The contract's DiamondCut logs in the range, in chain order: its code changed there. */
  cuts: CutLog[];
};

/**
 * Sorts out what eth_getLogs returned for [from, to] (session and bid events, and the contract's
 * DiamondCut logs apart; CHAIN.md): logs of other contracts and events are counted, logs returned
 * twice or outside the range are dropped (misbehaving endpoints do both), and a log whose block
 * hash differs from the range's own headers means the chain reorganised while it was read.
 */
export function collectSessionLogs(
  rawLogs: readonly RawLog[],
  range: { contract: string; from: number; to: number; hashes: ReadonlyMap<number, string> },
): CollectedLogs {
  const { from, to } = range;
  const anomalies: AnomalyRow[] = [];
  const seen = new Set<string>();
  const kept: Array<{ kind: "session"; log: SessionLog } | { kind: "bid"; log: BidLog }> = [];
  const cuts: CutLog[] = [];
  /** Whether the log is new, inside the range; throws when its block changed under the range. */
  const take = (log: { blockNumber: number; logIndex: number; blockHash: string }): boolean => {
    if (log.blockNumber < from || log.blockNumber > to) return false;
    const key = `${log.blockNumber}:${log.logIndex}`;
    if (seen.has(key)) return false;
    seen.add(key);
    const expected = range.hashes.get(log.blockNumber);
    if (expected && expected !== log.blockHash) {
      throw new TransientError(`The chain reorganised during the sync (block ${log.blockNumber} changed)`, {
        details: "Nothing past the last committed range was written; the next run re-checks and continues.",
      });
    }
    return true;
  };
  for (const raw of rawLogs) {
    if (isCutLog(raw, range.contract)) {
      const cut = parseCutLog(raw);
      if (take(cut)) cuts.push(cut);
      continue;
    }
    const parsed = isBidLog(raw) ? parseBidLog(raw, range.contract) : parseSessionLog(raw, range.contract);
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
    if (take(parsed.log)) kept.push(parsed);
  }
  kept.sort((a, b) => a.log.blockNumber - b.log.blockNumber || a.log.logIndex - b.log.logIndex);
  const opens = new Map<string, SessionLog>();
  const closes = new Map<string, SessionLog>();
  const bids: BidLog[] = [];
  for (const { kind, log } of kept) {
    if (kind === "bid") {
      bids.push(log);
      continue;
    }
    const target = log.event === "opened" ? opens : closes;
    if (!target.has(log.sessionId)) target.set(log.sessionId, log);
  }
  cuts.sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex);
  return { opens, closes, bids, logs: kept.length, anomalies, cuts };
}
