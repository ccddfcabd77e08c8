import { describe, expect, test } from "vitest";
import type { ChainPool, EndpointView, PoolMember } from "../chain/ChainView.js";
import type { BlockHeader } from "../chain/getBlockHeader.js";
import { TransientError } from "../errors/BaseError.js";
import { silentLogger } from "../log/createLogger.js";
import { createRangeSource, type ServedRange } from "./createRangeSource.js";

const member = (index: number): PoolMember => ({
  view: {} as EndpointView,
  safeUrl: `http://endpoint-${index}/`,
  index,
});
const [a, b] = [member(0), member(1)];
const header = (number: number, fork = ""): BlockHeader => ({
  number,
  hash: `0x${fork}${number}`,
  timestamp: number,
});

/** A range [from, to] as `by` read it: its end, and the block before it. */
const range = (from: number, to: number, by: PoolMember): ServedRange =>
  ({ read: { end: header(to) }, parent: header(from - 1), by }) as unknown as ServedRange;

/** A pool of two that records what it is asked to confirm; `refuse`: blocks it cannot confirm (lag). */
function recordingPool(refuse: number[] = []) {
  const asked: Array<{ end: number; by: number; seen?: { parent: number; by: number } }> = [];
  const pool: ChainPool = {
    members: [a, b],
    pick: () => a,
    lastBlockOf: () => Number.POSITIVE_INFINITY,
    serve: async (work, first) => ({ result: await work(first ?? a), by: first ?? a }),
    async confirm({ end }, by, seen) {
      asked.push({
        end: end.number,
        by: by.index,
        ...(seen?.parent ? { seen: { parent: seen.parent.number, by: seen.by.index } } : {}),
      });
      if (!seen && refuse.includes(end.number)) throw new TransientError(`lags behind block ${end.number}`);
    },
  };
  return { pool, asked };
}

const source = (pool: ChainPool) =>
  createRangeSource(pool, {
    identity: { chainId: 1, contract: "0xc", fromBlock: 0, creationBlock: null },
    initialRangeSize: () => 10,
    hashWindowStart: 1_000,
    knownBids: new Map(),
    logger: silentLogger,
  });

describe("createRangeSource: confirming a range's end", () => {
  test("behavior: ranges one endpoint read in a row are confirmed together, for free, by the next range another one read", async () => {
    const { pool, asked } = recordingPool();
    const ranges = source(pool);
    const [r1, r2, r3] = [range(0, 9, a), range(10, 19, a), range(20, 29, b)];
    await ranges.confirm({ from: 0, result: r1 }, [Promise.resolve(r2), Promise.resolve(r3)]);
    await ranges.confirm({ from: 10, result: r2 }, [Promise.resolve(r3)]);
    expect(asked).toEqual([{ end: 19, by: 0, seen: { parent: 19, by: 1 } }]);
  });

  test("behavior: no range of another endpoint in flight (the run's last): the newest end is asked for once", async () => {
    const { pool, asked } = recordingPool();
    const ranges = source(pool);
    const [r1, r2] = [range(0, 9, a), range(10, 19, a)];
    await ranges.confirm({ from: 0, result: r1 }, [Promise.resolve(r2)]);
    await ranges.confirm({ from: 10, result: r2 }, []);
    expect(asked).toEqual([{ end: 19, by: 0 }]);
  });

  test("behavior: the other endpoint lags behind the newest end: this range's end is asked for instead", async () => {
    const { pool, asked } = recordingPool([19]);
    const ranges = source(pool);
    const [r1, r2] = [range(0, 9, a), range(10, 19, a)];
    await ranges.confirm({ from: 0, result: r1 }, [Promise.resolve(r2)]);
    expect(asked).toEqual([
      { end: 19, by: 0 },
      { end: 9, by: 0 },
    ]);
    await expect(ranges.confirm({ from: 10, result: r2 }, [])).rejects.toThrow("lags behind block 19");
  });

  test("behavior: a range that failed, or one the same endpoint built on another block, ends the free chain", async () => {
    const { pool, asked } = recordingPool();
    const ranges = source(pool);
    const r1 = range(0, 9, a);
    const moved = { ...range(10, 19, a), parent: header(9, "f") } as ServedRange;
    await ranges.confirm({ from: 0, result: r1 }, [
      Promise.resolve(moved),
      Promise.resolve(range(20, 29, b)),
    ]);
    const failed = Promise.reject(new Error("down"));
    failed.catch(() => {});
    await ranges.confirm({ from: 10, result: range(10, 19, a) }, [failed]);
    expect(asked).toEqual([
      { end: 9, by: 0 },
      { end: 19, by: 0 },
    ]);
  });

  test("default: one endpoint: nothing to confirm, nothing awaited", async () => {
    const { pool, asked } = recordingPool();
    const ranges = source({ ...pool, members: [a] });
    await ranges.confirm({ from: 0, result: range(0, 9, a) }, [new Promise<ServedRange>(() => {})]);
    expect(asked).toEqual([]);
    expect(ranges.prefetch).toBe(4);
  });
});
