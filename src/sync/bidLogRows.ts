import type { BidLog } from "../chain/parseBidLog.js";
import type { BidLogRow } from "./SyncStore.js";

/**
 * The bid logs of a range as rows: the posted bids and the deleted ones, each bid once (its first
 * log of the kind: a bid is posted once and deleted once).
 */
export function bidLogRows(logs: readonly BidLog[]): { posted: BidLogRow[]; deleted: BidLogRow[] } {
  const posted = new Map<string, BidLogRow>();
  const deleted = new Map<string, BidLogRow>();
  for (const log of logs) {
    const rows = log.event === "posted" ? posted : deleted;
    if (!rows.has(log.bidId)) rows.set(log.bidId, { bidId: log.bidId, blockNumber: log.blockNumber });
  }
  return { posted: [...posted.values()], deleted: [...deleted.values()] };
}
