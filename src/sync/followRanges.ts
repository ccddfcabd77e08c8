import { TransientError } from "../errors/BaseError.js";
import type { RangeSource, ServedRange } from "./createRangeSource.js";
import type { Checkpoint } from "./SyncStore.js";

/** A block range being read. */
export type InFlight = { from: number; to: number; result: Promise<ServedRange> };

/**
 * The ranges from `start` to `targetBlock`, read ahead (prefetch) and committed in order, each on
 * the block the one before it ended with: a range whose parent changed means the chain reorganised
 * under the run (exit 75; the next run rolls back). Told to stop, no new range starts; but a run
 * always makes some progress.
 */
export async function followRanges(
  run: {
    ranges: RangeSource;
    start: number;
    targetBlock: number;
    checkpoint: Checkpoint | undefined;
    options: { prefetch?: number | undefined; shouldStop?: (() => boolean) | undefined };
    commitInOrder(range: InFlight, later: readonly InFlight[]): Promise<ServedRange>;
  },
  committed: (range: InFlight, result: ServedRange) => void,
): Promise<void> {
  const { ranges, start, targetBlock, options } = run;
  const prefetch = options.prefetch ?? ranges.prefetch;
  const inflight: InFlight[] = [];
  let next = start;
  // The hash of the block the next range must build on: the checkpoint, then each range's end.
  let tip = run.checkpoint?.blockHash;
  try {
    while (next <= targetBlock || inflight.length > 0) {
      while (
        inflight.length < prefetch &&
        next <= targetBlock &&
        (next === start || !options.shouldStop?.())
      ) {
        const from = next;
        const { to, result } = ranges.start(from, targetBlock);
        next = to + 1;
        result.catch(() => {}); // awaited in order below; avoid an unhandled rejection meanwhile
        inflight.push({ from, to, result });
      }
      const range = inflight.shift();
      if (!range) break;
      const { parent } = await range.result;
      if (tip !== undefined && parent?.hash !== tip) {
        // The chain changed below this range after the ranges before it were read: committing it
        // would leave their blocks in place under a head that is canonical, unnoticed forever.
        throw new TransientError(`The chain reorganised during the sync (block ${range.from - 1} changed)`, {
          details:
            "Nothing past the last committed range was written; the next run rolls back and continues.",
        });
      }
      const result = await run.commitInOrder(range, inflight);
      tip = result.read.end.hash;
      committed(range, result);
    }
  } finally {
    // Ranges still in flight after a failure are abandoned; nothing of theirs was written.
    for (const range of inflight) range.result.catch(() => {});
  }
}
