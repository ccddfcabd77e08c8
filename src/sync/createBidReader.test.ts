import { describe, expect, test } from "vitest";
import type { BidRead, BidState } from "../chain/readBids.js";
import { createBidReader } from "./createBidReader.js";

const state = (n: number, deletedAt = 0): BidState => ({
  provider: `0x${"0".repeat(39)}${n}`,
  modelId: `0x${"0".repeat(63)}${n}`,
  pricePerSecond: BigInt(n),
  nonce: 0n,
  createdAt: 1_000 + n,
  deletedAt,
});

/** A range's bid logs: the deletions (and posts) of the bids, by block. */
const logs = (deleted: Array<[string, number]> = [], posted: Array<[string, number]> = []) => ({
  posted: new Map(posted),
  deleted: new Map(deleted),
});
const none = logs();
const quick = { attempts: 3, delay: { baseMs: 1, growth: "linear" as const } };

/** The empty record getBid returns for a bid that does not exist (yet, on a backend behind). */
const empty: BidState = {
  provider: `0x${"0".repeat(40)}`,
  modelId: `0x${"0".repeat(64)}`,
  pricePerSecond: 0n,
  nonce: 0n,
  createdAt: 0,
  deletedAt: 0,
};

/**
 * getBid over bids "a", "b" and "c" ("c" reverts; "d" is deleted at 2000, after `lag` reads that
 * still show it standing; "e" stands and "f" is deleted at 2000, after `emptyLag` reads that show
 * the empty record); each
 * call recorded, answered when released (or at once with `auto`).
 */
function fakeReadBids(options: { auto?: boolean; lag?: number; emptyLag?: number } = {}) {
  const calls: string[][] = [];
  const releases: Array<() => void> = [];
  let lag = options.lag ?? 0;
  let emptyLag = options.emptyLag ?? 0;
  const answer = (ids: readonly string[]) =>
    new Map(
      ids
        .filter((id) => id !== "missing")
        .map((id): [string, BidRead] => {
          if (id === "c") return [id, { ok: false, error: "reverted" }];
          if (id === "d") return [id, { ok: true, state: state(4, lag-- > 0 ? 0 : 2_000) }];
          if (id === "e") return [id, { ok: true, state: emptyLag-- > 0 ? empty : state(5) }];
          if (id === "f") return [id, { ok: true, state: emptyLag-- > 0 ? empty : state(6, 2_000) }];
          return [id, { ok: true, state: state(id === "a" ? 1 : 2) }];
        }),
    );
  const readBids = (ids: readonly string[]) => {
    calls.push([...ids]);
    if (options.auto) return Promise.resolve(answer(ids));
    return new Promise<Map<string, BidRead>>((resolve) => {
      releases.push(() => resolve(answer(ids)));
    });
  };
  const releaseAll = () => {
    for (const release of releases.splice(0)) release();
  };
  return { calls, readBids, releaseAll };
}

describe("createBidReader", () => {
  test("default: the bids not stored yet, read in one batch, each once; a failed read is a bid without state", async () => {
    const fake = fakeReadBids();
    const reader = createBidReader(fake.readBids, new Map([["b", true]]));
    const result = reader.read(["a", "b", "c", "a", "missing"], none, true);
    fake.releaseAll();
    expect(await result).toStrictEqual({
      bids: [{ bidId: "a", state: state(1) }, { bidId: "c" }, { bidId: "missing" }],
      refreshed: [],
      anomalies: [],
    });
    expect(fake.calls).toEqual([["a", "c", "missing"]]);
  });

  test("behavior: ranges in flight naming the same bid share its one read", async () => {
    const fake = fakeReadBids();
    const reader = createBidReader(fake.readBids, new Map());
    const first = reader.read(["a"], none, false);
    const second = reader.read(["a", "b"], none, false);
    const third = reader.read(["b", "a"], none, false);
    fake.releaseAll();
    expect((await first).bids).toEqual([{ bidId: "a", state: state(1) }]);
    expect((await second).bids).toEqual([
      { bidId: "a", state: state(1) },
      { bidId: "b", state: state(2) },
    ]);
    expect((await third).bids.map((bid) => bid.bidId)).toEqual(["b", "a"]);
    expect(fake.calls).toEqual([["a"], ["b"]]);
  });

  test("behavior: a bid stored by a committed range is never asked for again", async () => {
    const fake = fakeReadBids();
    const reader = createBidReader(fake.readBids, new Map());
    const first = reader.read(["a", "c"], none, false);
    fake.releaseAll();
    reader.stored(await first);
    expect((await reader.read(["a", "c"], none, false)).bids).toEqual([]);
    expect(fake.calls).toEqual([["a", "c"]]);
  });

  test("behavior: a deletion reads again the stored bids that stood, with the new ones in one batch", async () => {
    const fake = fakeReadBids({ auto: true });
    const reader = createBidReader(
      fake.readBids,
      new Map([
        ["d", true],
        ["b", false],
      ]),
    );
    const deleted = logs([
      ["d", 70],
      ["b", 71],
      ["unknown", 72],
    ]);
    expect(await reader.read(["a"], deleted, true)).toEqual({
      bids: [{ bidId: "a", state: state(1) }],
      refreshed: [{ bidId: "d", state: state(4, 2_000) }],
      anomalies: [],
    });
    // "b" was deleted when last read, "unknown" is no known bid: neither is read.
    expect(fake.calls).toEqual([["a", "d"]]);
    // Without `refresh` (the reads of a range's sessions' bids), nothing is read again.
    expect((await reader.read([], deleted, false)).refreshed).toEqual([]);
  });

  test("behavior: a bid another range is reading is read again when a later range deletes it", async () => {
    const fake = fakeReadBids();
    const reader = createBidReader(fake.readBids, new Map());
    const first = reader.read(["d"], none, true);
    const second = reader.read([], logs([["d", 90]]), true);
    fake.releaseAll();
    await first;
    expect((await second).refreshed.map((bid) => bid.bidId)).toEqual(["d"]);
    expect(fake.calls).toEqual([["d"], ["d"]]);
  });

  test("behavior: a read that still shows a deleted bid standing is read again until it does not", async () => {
    const fake = fakeReadBids({ auto: true, lag: 2 });
    const reader = createBidReader(fake.readBids, new Map([["d", true]]), { retry: quick });
    const result = await reader.read([], logs([["d", 80]]), true);
    expect(result.refreshed).toEqual([{ bidId: "d", state: state(4, 2_000) }]);
    expect(result.anomalies).toEqual([]);
    expect(fake.calls).toEqual([["d"], ["d"], ["d"]]);
  });

  test("error: a read that never catches up is kept as read and counted as an inconsistent bid", async () => {
    const fake = fakeReadBids({ auto: true, lag: 10 });
    const reader = createBidReader(fake.readBids, new Map(), { retry: quick });
    const result = await reader.read(["d"], logs([["d", 80]]), true);
    expect(result.bids).toEqual([{ bidId: "d", state: state(4, 0) }]);
    expect(result.anomalies).toEqual([{ kind: "inconsistent-bid", key: "d", blockNumber: 80 }]);
    expect(fake.calls).toHaveLength(3);
  });

  test("behavior: a posted bid read as the empty record (a backend behind the log) is read again until it shows the bid", async () => {
    const fake = fakeReadBids({ auto: true, emptyLag: 2 });
    const reader = createBidReader(fake.readBids, new Map(), { retry: quick });
    const result = await reader.read(["e"], logs([], [["e", 60]]), true);
    expect(result).toEqual({ bids: [{ bidId: "e", state: state(5) }], refreshed: [], anomalies: [] });
    expect(fake.calls).toEqual([["e"], ["e"], ["e"]]);
  });

  test("behavior: a bid posted and deleted in one range, read as the empty record, is read again", async () => {
    const fake = fakeReadBids({ auto: true, emptyLag: 1 });
    const reader = createBidReader(fake.readBids, new Map(), { retry: quick });
    const result = await reader.read(["f"], logs([["f", 61]], [["f", 60]]), true);
    expect(result.bids).toEqual([{ bidId: "f", state: state(6, 2_000) }]);
    expect(fake.calls).toEqual([["f"], ["f"]]);
  });

  test("error: a posted bid that never reads as more than the empty record is kept and counted as an inconsistent bid at its log", async () => {
    const fake = fakeReadBids({ auto: true, emptyLag: 10 });
    const reader = createBidReader(fake.readBids, new Map(), { retry: quick });
    const result = await reader.read(["e"], logs([], [["e", 60]]), true);
    expect(result.bids).toEqual([{ bidId: "e", state: empty }]);
    expect(result.anomalies).toEqual([{ kind: "inconsistent-bid", key: "e", blockNumber: 60 }]);
    expect(fake.calls).toHaveLength(3);
  });

  test("error: a stored bid read again as the empty record past the retries keeps what was stored", async () => {
    const fake = fakeReadBids({ auto: true, emptyLag: 10 });
    const reader = createBidReader(fake.readBids, new Map([["f", true]]), { retry: quick });
    const result = await reader.read([], logs([["f", 61]]), true);
    expect(result.refreshed).toEqual([{ bidId: "f" }]);
    expect(result.anomalies).toEqual([{ kind: "inconsistent-bid", key: "f", blockNumber: 61 }]);
  });

  test("error: a failed batch fails every range waiting for it", async () => {
    const reader = createBidReader(async () => {
      throw new Error("endpoint down");
    }, new Map());
    await expect(reader.read(["a"], none, false)).rejects.toThrow("endpoint down");
    await expect(reader.read(["a", "b"], none, false)).rejects.toThrow("endpoint down");
  });
});
