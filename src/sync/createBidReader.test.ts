import { describe, expect, test } from "vitest";
import type { BidRead } from "../chain/readBids.js";
import { createBidReader } from "./createBidReader.js";

const state = (n: number) => ({
  provider: `0x${"0".repeat(39)}${n}`,
  modelId: `0x${"0".repeat(63)}${n}`,
  pricePerSecond: BigInt(n),
});

/** getBid over bids "a", "b" and "c" ("c" reverts); each call recorded, answered when released. */
function fakeReadBids() {
  const calls: string[][] = [];
  const releases: Array<() => void> = [];
  const readBids = (ids: readonly string[]) => {
    calls.push([...ids]);
    return new Promise<Map<string, BidRead>>((resolve) => {
      releases.push(() =>
        resolve(
          new Map(
            ids
              .filter((id) => id !== "missing")
              .map((id): [string, BidRead] => [
                id,
                id === "c"
                  ? { ok: false, error: "reverted" }
                  : { ok: true, state: state(id === "a" ? 1 : 2) },
              ]),
          ),
        ),
      );
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
    const reader = createBidReader(fake.readBids, new Set(["b"]));
    const result = reader.newBids(["a", "b", "c", "a", "missing"]);
    fake.releaseAll();
    expect(await result).toStrictEqual([
      { bidId: "a", state: state(1) },
      { bidId: "c" },
      { bidId: "missing" },
    ]);
    expect(fake.calls).toEqual([["a", "c", "missing"]]);
  });

  test("behavior: ranges in flight naming the same bid share its one read", async () => {
    const fake = fakeReadBids();
    const reader = createBidReader(fake.readBids, new Set());
    const first = reader.newBids(["a"]);
    const second = reader.newBids(["a", "b"]);
    const third = reader.newBids(["b", "a"]);
    fake.releaseAll();
    expect(await first).toEqual([{ bidId: "a", state: state(1) }]);
    expect(await second).toEqual([
      { bidId: "a", state: state(1) },
      { bidId: "b", state: state(2) },
    ]);
    expect((await third).map((bid) => bid.bidId)).toEqual(["b", "a"]);
    expect(fake.calls).toEqual([["a"], ["b"]]);
  });

  test("behavior: a bid stored by a committed range is never asked for again", async () => {
    const fake = fakeReadBids();
    const reader = createBidReader(fake.readBids, new Set());
    const first = reader.newBids(["a", "c"]);
    fake.releaseAll();
    reader.stored(await first);
    expect(await reader.newBids(["a", "c"])).toEqual([]);
    expect(fake.calls).toEqual([["a", "c"]]);
  });

  test("error: a failed batch fails every range waiting for it", async () => {
    const reader = createBidReader(async () => {
      throw new Error("endpoint down");
    }, new Set());
    await expect(reader.newBids(["a"])).rejects.toThrow("endpoint down");
    await expect(reader.newBids(["a", "b"])).rejects.toThrow("endpoint down");
  });
});
