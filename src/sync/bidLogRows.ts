import type { BidLog } from "../chain/parseBidLog.js";
import type { BidLogs } from "./createBidReader.js";
import type { BidLogRow } from "./SyncStore.js";

/**
 * The bid logs of a range as rows: the posted bids and the deleted ones, each bid once (its first
 * log of the kind: a bid is posted once and deleted once), and the same as maps of bid to block
 * (what the bid reader is given).
 */
export function bidLogRows(logs: readonly BidLog[]): {
  posted: BidLogRow[];
  deleted: BidLogRow[];
  bidLogs: BidLogs;
} {
  const posted = new Map<string, BidLogRow>();
  const deleted = new Map<string, BidLogRow>();
  for (const log of logs) {
    const rows = log.event === "posted" ? posted : deleted;
    if (!rows.has(log.bidId)) rows.set(log.bidId, { bidId: log.bidId, blockNumber: log.blockNumber });
  }
  const blocks = (rows: Map<string, BidLogRow>) =>
    new Map([...rows].map(([bidId, row]) => [bidId, row.blockNumber] as const));
  return {
    posted: [...posted.values()],
    deleted: [...deleted.values()],
    bidLogs: { posted: blocks(posted), deleted: blocks(deleted) },
  };
}
