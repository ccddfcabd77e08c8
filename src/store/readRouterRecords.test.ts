import { afterEach, describe, expect, test } from "vitest";
import { createRouterStore } from "./createRouterStore.js";
import { type Database, openDatabase } from "./openDatabase.js";
import { readRouterRecords } from "./readRouterRecords.js";
import { chainStatements } from "./statements/chainStatements.js";

const flat = { mean: 0n, sqSum: 0n };
const opened: Database[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

/** A database whose chain 8453 is synced to `block`, and a router read made for `readAt`. */
function databaseWith(block: number, readAt: number) {
  const db = openDatabase(":memory:");
  opened.push(db);
  chainStatements(db.sqlite).checkpointMoved.run({
    chainId: 8453,
    contract: `0x${"1".repeat(40)}`,
    fromBlock: 0,
    creationBlock: null,
    blockNumber: block,
    blockHash: `0x${"2".repeat(64)}`,
    blockTimestamp: 1_800_000_000,
    position: 0,
    parentTime: null,
  });
  createRouterStore(db.sqlite, 8453).save({
    blockNumber: readAt,
    atLatest: false,
    available: true,
    minimumStake: 10n ** 17n,
    models: [
      {
        modelId: `0x${"a".repeat(64)}`,
        stats: { tps: flat, ttft: flat, duration: { mean: -5n, sqSum: 2n ** 63n - 1n }, count: 2 },
        bids: [
          {
            bidId: `0x${"b".repeat(64)}`,
            provider: `0x${"C".repeat(40)}`,
            pricePerSecond: 10n ** 16n,
            stats: {
              tps: { mean: -(2n ** 63n), sqSum: 1n },
              ttft: flat,
              totalDuration: 7,
              successCount: 1,
              totalCount: 2,
            },
            stake: 2n ** 200n,
          },
        ],
      },
    ],
  });
  return db;
}

describe("readRouterRecords", () => {
  test("default: the read of the last synced block, int64 and uint256 values exact", () => {
    const [record] = readRouterRecords(databaseWith(12, 12).sqlite, [8453]);
    expect(record).toMatchObject({ chainId: 8453, available: true, minimumStake: 10n ** 17n });
    const model = record?.models.get(`0x${"a".repeat(64)}`);
    expect(model?.stats.duration).toEqual({ mean: -5n, sqSum: 2n ** 63n - 1n });
    expect(model?.bids[0]).toMatchObject({ stake: 2n ** 200n, pricePerSecond: 10n ** 16n });
    expect(model?.bids[0]?.stats.tps.mean).toBe(-(2n ** 63n));
  });

  test("behavior: a read of an older block (the run synced further, then failed before reading) is no read", () => {
    expect(readRouterRecords(databaseWith(12, 10).sqlite, [8453])).toEqual([]);
  });
});
