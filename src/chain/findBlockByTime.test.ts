import { describe, expect, test } from "vitest";
import { findBlockByTime } from "./findBlockByTime.js";
import type { BlockHeader } from "./getBlockHeader.js";

/** A chain of `times.length` blocks; counts the headers asked for. */
function chainOf(times: readonly number[]) {
  const header = (number: number): BlockHeader => ({
    number,
    hash: `0x${number.toString(16)}`,
    timestamp: times[number] as number,
  });
  const asked = { count: 0 };
  const read = async (number: number) => {
    if (number < 0 || number >= times.length) throw new Error(`no block ${number}`);
    asked.count++;
    return header(number);
  };
  const bounds = { low: header(0), high: header(times.length - 1) };
  /** The answer by a scan. */
  const first = (time: number) => {
    const found = times.findIndex((t) => t >= time);
    return found < 0 ? times.length : found;
  };
  return { read, bounds, asked, first };
}

/** A deterministic stream in [0, 1). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe("findBlockByTime", () => {
  test("a regular chain: the first block at or after the time in three headers at most", async () => {
    const times = Array.from({ length: 1_000_000 }, (_, i) => 1_700_000_000 + 2 * i);
    const chain = chainOf(times);
    for (const time of [1_700_000_001, 1_700_360_000, 1_701_000_000, 1_701_999_997]) {
      chain.asked.count = 0;
      expect(await findBlockByTime(time, chain.bounds, chain.read)).toBe(chain.first(time));
      expect(chain.asked.count).toBeLessThanOrEqual(3);
    }
  });

  test("irregular block times, gaps and equal timestamps: the scan's answer, within twice a bisection's headers", async () => {
    const next = random(7);
    let time = 1_000;
    const times = Array.from({ length: 200_000 }, () => {
      const roll = next();
      time += roll < 0.3 ? 0 : roll < 0.95 ? Math.floor(next() * 3) : Math.floor(next() * 50_000);
      return time;
    });
    const chain = chainOf(times);
    for (let k = 0; k < 200; k++) {
      const target =
        (times[0] as number) + Math.floor(next() * ((times.at(-1) as number) - (times[0] as number) + 10));
      chain.asked.count = 0;
      expect(await findBlockByTime(target, chain.bounds, chain.read)).toBe(chain.first(target));
      expect(chain.asked.count).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(times.length)) + 2);
    }
  });

  test("a time before the first block or after the last: the bounds, no header read", async () => {
    const chain = chainOf([10, 20, 30]);
    expect(await findBlockByTime(5, chain.bounds, chain.read)).toBe(0);
    expect(await findBlockByTime(31, chain.bounds, chain.read)).toBe(3);
    expect(chain.asked.count).toBe(0);
  });
});
