import type { FollowProgress as SyncProgress } from "../../sync/followChain.js";

export type ProgressState = SyncProgress & {
  /** Milliseconds since the sync started. */
  elapsedMs: number;
};

type ProgressView = {
  block: number;
  target: number;
  blocksDone: number;
  blocksTotal: number;
  percent: number;
  sessionsOpened: number;
  sessionsClosed: number;
  /** Undefined during the first second: too early to tell. */
  blocksPerSecond: number | undefined;
  /** Seconds left at the current rate; undefined while the rate is unknown. */
  etaSeconds: number | undefined;
};

/** What a progress report says, from the sync's state alone (no clock, no terminal). */
export function describeProgress(state: ProgressState): ProgressView {
  const blocksTotal = Math.max(1, state.to - state.from + 1);
  const blocksDone = Math.min(blocksTotal, Math.max(0, state.synced - state.from + 1));
  const seconds = state.elapsedMs / 1000;
  const rate = seconds >= 1 ? blocksDone / seconds : undefined;
  return {
    block: state.synced,
    target: state.to,
    blocksDone,
    blocksTotal,
    percent: Math.floor((1000 * blocksDone) / blocksTotal) / 10,
    sessionsOpened: state.opened,
    sessionsClosed: state.closed,
    blocksPerSecond: rate === undefined ? undefined : Math.round(rate),
    etaSeconds: rate ? Math.ceil((blocksTotal - blocksDone) / rate) : undefined,
  };
}
