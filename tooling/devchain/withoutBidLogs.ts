import type { History } from "../../src/devchain/history.js";

/**
 * `history` with its bids written without logs (setBid, createdAt as posted): for a history
 * written on a chain whose head is already past the times its bids were posted at, where a bid
 * event cannot get a block of its own time (writeHistory refuses it). Its sessions are as they
 * were; the bids stand from their posting on, none deleted.
 */
export function withoutBidLogs(history: History): History {
  const bids = history.bids.map(({ postedAt, deletedAt: _deleted, ...bid }) => ({
    ...bid,
    ...(postedAt !== undefined ? { createdAt: postedAt } : {}),
  }));
  return { ...history, bids };
}
