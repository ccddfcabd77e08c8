import type { RangeRead } from "../sync/SyncStore.js";
import type { Refs } from "./createRefs.js";
import type { BidStatements } from "./statements/bidStatements.js";

/**
 * A range's bids (the range commit's, and the bid scan's): the new ones as read (a failed read
 * stored as unreadable), the stored ones read again with their deletedAt, the blocks of their
 * posted logs, and every deletion log.
 */
export function writeBidLogs(
  s: BidStatements,
  refs: Refs,
  chainId: number,
  range: Pick<RangeRead, "bids" | "refreshed" | "posted" | "deleted">,
): void {
  for (const { bidId, state } of range.bids) {
    s.insert.run({
      chainId,
      bidId,
      readOk: state ? 1 : 0,
      providerRef: state ? refs.provider(state.provider) : null,
      modelRef: state ? refs.model(state.modelId) : null,
      pricePerSecond: state ? state.pricePerSecond.toString() : null,
      nonce: state ? state.nonce.toString() : null,
      createdAt: state ? state.createdAt : 0,
      deletedAt: state ? state.deletedAt : 0,
    });
  }
  for (const { bidId, state } of range.refreshed)
    if (state) s.timesRead.run({ chainId, bidId, createdAt: state.createdAt, deletedAt: state.deletedAt });
  for (const { bidId, blockNumber } of range.posted) s.posted.run({ chainId, bidId, blockNumber });
  for (const { bidId, blockNumber } of range.deleted) s.deletion.run({ chainId, bidId, blockNumber });
}
