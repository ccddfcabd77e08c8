import type { History } from "./history.js";

/**
 * The time of a history's earliest event (an open, a close, a bid posted or deleted), or its
 * endTime: a dev chain must start before it. A loop, not Math.min(...all): spreading 200,000
 * sessions overflows the stack.
 */
export function earliestEvent(history: History): number {
  let earliest = history.endTime;
  for (const session of history.sessions)
    earliest = Math.min(earliest, session.openedAt, session.close?.closedAt ?? history.endTime);
  for (const bid of history.bids)
    earliest = Math.min(earliest, bid.postedAt ?? earliest, bid.deletedAt ?? earliest);
  return earliest;
}
