import { describe, expect, test } from "vitest";
import { clockSlack, firstBlockReadThrough } from "./firstBlockReadThrough.js";
import type { StoredSyncRun } from "./SyncStore.js";

/** A chain of 2-second blocks: block n at 1_000_000 + 2n. */
const timeOf = (block: number) => 1_000_000 + 2 * block;
const cut = { blockNumber: 500, blockTimestamp: timeOf(500) };

function asked() {
  const blocks: number[] = [];
  return {
    blocks,
    blockTime: async (block: number) => {
      blocks.push(block);
      return timeOf(block);
    },
  };
}

const run = (firstBlock: number, head: number, started: number, wrote: number, lowBlock = firstBlock) => ({
  firstBlock,
  head,
  startedAt: 7_000 + started,
  wroteAt: 7_000 + wrote,
  lowBlock,
});

describe("firstBlockReadThrough", () => {
  test("default: the runs that started with the head at or past the cut, from their lowest block", async () => {
    const runs: StoredSyncRun[] = [run(100, 200, 0, 10), run(201, 520, 0, 10, 40), run(521, 600, 0, 10)];
    const { blocks, blockTime } = asked();
    // The run before them ended 600 seconds (300 blocks) before the cut was mined: kept.
    expect(await firstBlockReadThrough(runs, cut, blockTime)).toBe(40);
    expect(blocks).toEqual([200]);
  });

  test("behavior: the last run that started before the cut counts when it went on writing past it", async () => {
    const { blockTime } = asked();
    // Its head 200 blocks (400 s) before the cut; it wrote for 400 s less the slack: read through.
    const long = run(100, 300, 0, 400 - clockSlack);
    expect(await firstBlockReadThrough([long], cut, blockTime)).toBe(100);
    const short = run(100, 300, 0, 400 - clockSlack - 1);
    expect(await firstBlockReadThrough([short], cut, blockTime)).toBeUndefined();
    // Only the last one: every run before it ended before it started.
    const earlier = run(10, 90, 0, 10_000);
    expect(await firstBlockReadThrough([earlier, short], cut, blockTime)).toBeUndefined();
  });

  test("error: a run recorded before the migration has no times: taken as having read through", async () => {
    const { blocks, blockTime } = asked();
    expect(await firstBlockReadThrough([{ firstBlock: 100, head: 300 }], cut, blockTime)).toBe(100);
    expect(blocks).toEqual([]);
    expect(await firstBlockReadThrough([], cut, blockTime)).toBeUndefined();
  });
});
