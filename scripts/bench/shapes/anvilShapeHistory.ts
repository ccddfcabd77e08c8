import { generateHistory } from "../../../src/devchain/generateHistory.js";
import type { History } from "../../../src/devchain/history.js";

/** Two weeks of about 1,500 sessions, as the acceptance tests' virtual chain holds. */
const days = 14;
const sessionsPerDay = 1_500 / days;
/** A block per 5 minutes holding events (writeHistory's span): the acceptance chain's block time. */
export const shapeBlockSpanSeconds = 300;

/** The acceptance shape on anvil: two weeks of about 1,500 sessions ending at `endTime`. */
export function acceptanceHistory(seed: number, endTime: number): History {
  return generateHistory({ seed, days, sessionsPerDay, endTime });
}

/**
 * The busy-start shape on anvil: the acceptance history with its clock bent so that the sessions
 * opened in its first `share` of sessions fall in the hour after it starts (the virtual chain's
 * spike: a third of the sessions in the first hour), the rest stretched over what remains. The
 * map is monotone and leaves every time before the start and from the end on as it is, so every
 * order the history keeps (a bid before the sessions on it, an open before its close) still holds.
 */
export function busyStartHistory(seed: number, endTime: number, share = 0.3): History {
  const history = acceptanceHistory(seed, endTime);
  const start = endTime - days * 86_400;
  const opens = history.sessions.map((session) => session.openedAt).sort((a, b) => a - b);
  const cut = (opens[Math.floor(opens.length * share)] as number) - 1;
  const hour = start + 3600;
  const bend = (t: number): number => {
    if (t <= start || t >= endTime) return t;
    if (t <= cut) return start + Math.floor(((t - start) * 3600) / (cut - start));
    return hour + Math.floor(((t - cut) * (endTime - hour)) / (endTime - cut));
  };
  return {
    ...history,
    models: history.models,
    bids: history.bids.map((bid) => ({
      ...bid,
      ...(bid.postedAt !== undefined ? { postedAt: bend(bid.postedAt) } : {}),
      ...(bid.deletedAt !== undefined ? { deletedAt: bend(bid.deletedAt) } : {}),
    })),
    sessions: history.sessions.map((session) => ({
      ...session,
      openedAt: bend(session.openedAt),
      endsAt: bend(session.endsAt),
      ...(session.close ? { close: { ...session.close, closedAt: bend(session.close.closedAt) } } : {}),
    })),
    ...(history.renames
      ? { renames: history.renames.map((rename) => ({ ...rename, at: bend(rename.at) })) }
      : {}),
  };
}
