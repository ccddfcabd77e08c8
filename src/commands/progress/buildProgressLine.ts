import { integer } from "../formatInteger.js";
import { describeProgress, type ProgressState } from "./describeProgress.js";

/**
 * One line of sync progress for people: where, how much, how fast, how long still; with several
 * chains, each line names its chain.
 */
export function buildProgressLine(state: ProgressState, named = false): string {
  const view = describeProgress(state);
  return [
    `sync${named ? ` chain ${state.chainId}` : ""} ${view.percent.toFixed(1)}%`,
    `block ${integer.format(view.block)}/${integer.format(view.target)}`,
    `${integer.format(view.sessionsOpened)} sessions opened, ${integer.format(view.sessionsClosed)} closed`,
    `${view.blocksPerSecond === undefined ? "?" : integer.format(view.blocksPerSecond)} blocks/s`,
    `ETA ${view.etaSeconds === undefined ? "?" : formatDuration(view.etaSeconds)}`,
  ].join(" · ");
}

/** 75 → "1m 15s"; 3725 → "1h 2m". */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
  return `${Math.floor(seconds / 3600)}h ${Math.floor((seconds % 3600) / 60)}m`;
}
