import type { StoredSyncRun } from "./SyncStore.js";

/**
 * Seconds of slack when a run's duration is compared with the chain's time: the block time, how
 * far the endpoint's head lagged behind the chain, and the jitter of block times and clocks. A cut
 * mined within a minute after a run's last write rolls that run back too: re-read, never missed.
 */
export const clockSlack = 60;

/**
 * The first block of what the index holds that may have been read through a cut's code, or
 * undefined: nothing was (the runs recorded, in the order they ran; the cut's block and time; the
 * time of a block, asked only of a run that started before the cut).
 *
 * The sync reads the contract at the latest block, so a run read through the cut if it wrote
 * anything after the cut was mined, whatever block that belongs to. A run whose head was at or
 * past the cut when it started did. Of the runs that started before, only the last one can have
 * (every run before it ended before it started, when the cut was not mined yet): it did when it
 * went on writing, after it started, for longer than the chain took from that run's head to the
 * cut, less the slack. That compares a duration of this machine's clock with one of the chain's
 * (block times follow real time, as on a live chain): the clock need not be right, only steady. A
 * run recorded before the database's migration 0007 has no times: taken as having read through.
 * A run that read through the cut wrote from its first block, or below it (a refill of a 1.0 or
 * 1.1 database's records, the one-time bid scan): everything from the lowest is rolled back.
 */
export async function firstBlockReadThrough(
  runs: readonly StoredSyncRun[],
  cut: { blockNumber: number; blockTimestamp: number },
  blockTime: (block: number) => Promise<number>,
): Promise<number | undefined> {
  const through = runs.filter((run) => run.head >= cut.blockNumber);
  const last = runs.filter((run) => run.head < cut.blockNumber).at(-1);
  if (last && (await wentOnPast(last, cut, blockTime))) through.push(last);
  if (through.length === 0) return undefined;
  return Math.min(...through.map((run) => Math.min(run.firstBlock, run.lowBlock ?? run.firstBlock)));
}

async function wentOnPast(
  run: StoredSyncRun,
  cut: { blockTimestamp: number },
  blockTime: (block: number) => Promise<number>,
): Promise<boolean> {
  if (run.startedAt === undefined || run.wroteAt === undefined) return true;
  // The head's time (one request, made only when a run stops at a cut): from there to the cut.
  const sinceHead = cut.blockTimestamp - (await blockTime(run.head));
  return run.wroteAt - run.startedAt + clockSlack >= sinceHead;
}
