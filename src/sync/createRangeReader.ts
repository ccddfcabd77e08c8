import type { LogFetcher } from "../chain/createLogFetcher.js";
import type { BlockHeader } from "../chain/getBlockHeader.js";
import type { CutLog } from "../chain/parseCutLog.js";
import type { Logger } from "../log/createLogger.js";
import { bidLogRows } from "./bidLogRows.js";
import { buildRangeRows } from "./buildRangeRows.js";
import { collectSessionLogs } from "./collectSessionLogs.js";
import type { BidReader } from "./createBidReader.js";
import type { SessionStateReader } from "./createSessionStateReader.js";
import type { ChainIdentity, RangeRead } from "./SyncStore.js";

export type RangeResult = {
  /** What the range read, for the follower to commit (with the upgrades it reviewed, and its run). */
  read: RangeRead;
  /** The block before the range as the endpoint saw it with the range: what the range builds on. */
  parent: BlockHeader | undefined;
  logs: number;
  opened: number;
  closed: number;
  /** The contract's DiamondCut logs in the range: reviewed before the range is committed. */
  cuts: CutLog[];
};

export type RangeReader = (from: number, to: number) => Promise<RangeResult>;

export type RangeReaderParts = {
  identity: ChainIdentity;
  logs: LogFetcher;
  sessions: SessionStateReader;
  bids: BidReader;
  blockHeader(number: number): Promise<BlockHeader>;
  /** Blocks from here on keep their hash, for reorg detection. */
  hashWindowStart: number;
  logger: Logger;
};

/**
 * Everything one block range contributes, read and not yet written: its session logs, the state
 * of every session they name, its bid logs, the bids not yet stored (named by a session or a
 * posted bid), the stored bids its deletions name read again, and the hashes to check reorgs
 * against.
 */
export function createRangeReader(parts: RangeReaderParts): RangeReader {
  const { identity, logger } = parts;
  return async (from, to) => {
    const hashNumbers: number[] = [];
    for (let n = Math.max(from, parts.hashWindowStart); n < to; n++) hashNumbers.push(n);
    const [{ logs: rawLogs, end, parent }, headers] = await Promise.all([
      parts.logs.fetch(from, to),
      Promise.all(hashNumbers.map((n) => parts.blockHeader(n))),
    ]);
    const hashes = new Map<number, string>([
      [end.number, end.hash],
      ...headers.map((h) => [h.number, h.hash] as const),
    ]);
    const collected = collectSessionLogs(rawLogs, { contract: identity.contract, from, to, hashes });
    const { posted, deleted, bidLogs } = bidLogRows(collected.bids);
    // The bids the range's bid logs name are read along with its sessions (one request); those of
    // its sessions after them.
    const [{ states, anomalies: readAnomalies }, logged] = await Promise.all([
      parts.sessions.read(collected.opens, collected.closes),
      parts.bids.read(bidLogs.posted.keys(), bidLogs, true),
    ]);
    const bidIds: string[] = [];
    for (const read of states.values())
      if (read.ok && !bidLogs.posted.has(read.state.bidId)) bidIds.push(read.state.bidId);
    const named = await parts.bids.read(bidIds, bidLogs, false);
    const rows = buildRangeRows(collected.opens, collected.closes, states);
    for (const { sessionId, reason } of rows.malformed)
      logger.debug("malformed receipt", { session: sessionId, reason });
    return {
      read: {
        identity,
        end,
        headers,
        bids: [...logged.bids, ...named.bids],
        refreshed: logged.refreshed,
        posted,
        deleted,
        parentTime: parent?.timestamp,
        opens: rows.opens,
        closes: rows.closes,
        anomalies: [
          ...collected.anomalies,
          ...readAnomalies,
          ...logged.anomalies,
          ...named.anomalies,
          ...rows.anomalies,
        ],
      },
      parent,
      logs: collected.logs,
      opened: rows.opens.length,
      closed: rows.closes.length,
      cuts: collected.cuts,
    };
  };
}
