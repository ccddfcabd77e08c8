import type Database from "better-sqlite3";
import type { RangeCommit } from "../sync/SyncStore.js";
import type { Refs } from "./createRefs.js";

export type BidStatements = ReturnType<typeof bidStatements>;

/** The statements that write a range's bids and bid logs (the range commit's, and the bid scan's). */
export function bidStatements(sqlite: Database.Database) {
  return {
    bid: sqlite.prepare(
      `INSERT INTO bids (chain_id, bid_id, read_ok, provider_ref, model_ref, price_per_second, created_at, deleted_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    ),
    bidDeletedAt: sqlite.prepare(
      "UPDATE bids SET created_at = ?, deleted_at = ? WHERE chain_id = ? AND bid_id = ? AND read_ok = 1",
    ),
    bidPosted: sqlite.prepare(
      "UPDATE bids SET posted_block = ? WHERE chain_id = ? AND bid_id = ? AND posted_block IS NULL",
    ),
    bidDeletion: sqlite.prepare(
      "INSERT INTO bid_deletions (chain_id, bid_id, block_number) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
    ),
  };
}

/**
 * A range's bids: the new ones as read (a failed read stored as unreadable), the stored ones read
 * again with their deletedAt, the blocks of their posted logs, and every deletion log.
 */
export function writeBids(
  s: BidStatements,
  refs: Refs,
  chainId: number,
  range: Pick<RangeCommit, "bids" | "refreshed" | "posted" | "deleted">,
): void {
  for (const bid of range.bids) {
    const state = bid.state;
    s.bid.run(
      chainId,
      bid.bidId,
      state ? 1 : 0,
      state ? refs.provider(state.provider) : null,
      state ? refs.model(state.modelId) : null,
      state ? state.pricePerSecond.toString() : null,
      state ? state.createdAt : 0,
      state ? state.deletedAt : 0,
    );
  }
  for (const bid of range.refreshed)
    if (bid.state) s.bidDeletedAt.run(bid.state.createdAt, bid.state.deletedAt, chainId, bid.bidId);
  for (const row of range.posted) s.bidPosted.run(row.blockNumber, chainId, row.bidId);
  for (const row of range.deleted) s.bidDeletion.run(chainId, row.bidId, row.blockNumber);
}
