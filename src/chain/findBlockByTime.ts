import type { BlockHeader } from "./getBlockHeader.js";

/** Reads one block's header (eth_getBlockByNumber); findBlockByTime asks for each block once. */
export type HeaderSource = (number: number) => Promise<BlockHeader>;

/**
 * The first block in [low.number, high.number + 1] whose timestamp is at or after `time`
 * (high.number + 1 when none up to `high` is): a search on block timestamps, never a scan. Each
 * round guesses the block by interpolating the time between the bounds (block times are nearly
 * regular, so the guess lands on or near it), then probes the guess's neighbours at distances
 * 1, 2, 4, ... until one falls on the other side of `time`: a regular chain costs two headers, an
 * irregular one a few more. A round that did not halve the interval is followed by a bisection,
 * so that no chain's timestamps make it slower than about twice a binary search. Block timestamps
 * never decrease along a chain. `headers` caches the blocks read (shared by the searches of one
 * chain: an hour's end is the next hour's start).
 */
export async function findBlockByTime(
  time: number,
  bounds: { low: BlockHeader; high: BlockHeader },
  readHeader: HeaderSource,
  headers: Map<number, BlockHeader> = new Map(),
): Promise<number> {
  let { low, high } = bounds;
  if (low.timestamp >= time) return low.number;
  if (high.timestamp < time) return high.number + 1;
  const read = async (number: number): Promise<BlockHeader> => {
    const known = headers.get(number);
    if (known) return known;
    const header = await readHeader(number);
    headers.set(number, header);
    return header;
  };
  /** Narrows the interval with one block; true when it became the upper bound. */
  const narrow = (header: BlockHeader): boolean => {
    if (header.timestamp >= time) high = header;
    else low = header;
    return high === header;
  };
  // Invariant: low.timestamp < time <= high.timestamp; the answer is in (low, high].
  let interpolate = true;
  while (high.number - low.number > 1) {
    const span = high.number - low.number;
    const fraction = (time - low.timestamp) / (high.timestamp - low.timestamp);
    const guess = interpolate ? low.number + Math.ceil(fraction * span) : low.number + Math.floor(span / 2);
    const above = narrow(await read(clamp(guess, low.number + 1, high.number - 1)));
    for (let distance = 1; interpolate && high.number - low.number > 1; distance *= 2) {
      const probe = above ? high.number - distance : low.number + distance;
      if (probe <= low.number || probe >= high.number) break;
      if (narrow(await read(probe)) !== above) break;
    }
    interpolate = high.number - low.number <= span / 2;
  }
  return high.number;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
