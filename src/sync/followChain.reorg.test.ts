import { getAddress, type Hex } from "viem";
import { afterEach, describe, expect, test } from "vitest";
import { createFakeChain, type FakeChain } from "../../tooling/fakeChain/fakeChain.js";
import { followFake } from "../../tooling/fakeChain/followFake.js";
import { TransientError, UserError } from "../errors/BaseError.js";
import { createSyncDatabase } from "../store/createSyncDatabase.js";
import { type Database, openDatabase } from "../store/openDatabase.js";

const id = (n: number) => `0x${n.toString(16).padStart(64, "0")}` as Hex;
const bidA = id(0xb1);
const bidB = id(0xb2);

const stores: Database[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

function setup() {
  const store = openDatabase(":memory:");
  stores.push(store);
  const chain = createFakeChain();
  for (const [bidId, n] of [
    [bidA, 1],
    [bidB, 2],
  ] as const) {
    chain.addBid(bidId, {
      provider: getAddress(`0x${"0".repeat(39)}${n}`),
      modelId: id(0x100 + n),
      pricePerSecond: 5n,
    });
  }
  return { store, sync: createSyncDatabase(store).forChain(8453), chain };
}

const rows = (store: Database, sql: string) => store.sqlite.prepare(sql).all();
const checkpointOf = (store: Database) =>
  store.sqlite.prepare("SELECT block_number AS number, block_hash AS hash FROM chains").get() as
    | { number: number; hash: string }
    | undefined;
/** Every stored block hash is the canonical one. */
const storedHashesCanonical = (store: Database, chain: FakeChain) => {
  const stored = rows(store, "SELECT number, hash FROM blocks ORDER BY number") as Array<{
    number: number;
    hash: string;
  }>;
  expect(stored.length).toBeGreaterThan(0);
  for (const block of stored) expect(block.hash).toBe(chain.blocks[block.number]?.hash);
};

describe("followChain: reorgs", () => {
  test("default: between runs: rolled back to the common ancestor and synced again", async () => {
    const s = setup();
    s.chain.mine(3);
    s.chain.open(id(1), { bidId: bidA });
    s.chain.mine(21);
    s.chain.close(id(1));
    s.chain.mine(2);
    s.chain.open(id(3), { bidId: bidB });
    s.chain.mine(4);
    await followFake(s.sync, s.chain);
    expect(rows(s.store, "SELECT session_id, block_number FROM closes")).toEqual([
      { session_id: id(1), block_number: 24 },
    ]);

    // Blocks 24 to 30 replaced: session 1's close moves to block 33, session 3 is gone.
    s.chain.reorg(24);
    s.chain.mine(3);
    s.chain.close(id(1));
    s.chain.open(id(2), { bidId: bidA });
    s.chain.mine(1);
    const summary = await followFake(s.sync, s.chain);
    expect(summary).toMatchObject({ reorg: { depth: 7, ancestor: 23 }, toBlock: 34, blocksSynced: 11 });
    expect(rows(s.store, "SELECT session_id, opened_block, close_block FROM sessions")).toEqual([
      { session_id: id(1), opened_block: 3, close_block: 33 },
      { session_id: id(2), opened_block: 33, close_block: null },
    ]);
    expect(rows(s.store, "SELECT session_id, block_number, closed_at FROM closes")).toEqual([
      { session_id: id(1), block_number: 33, closed_at: s.chain.blocks[33]?.timestamp },
    ]);
    // Bid B was named only by a forgotten block.
    expect(rows(s.store, "SELECT bid_id FROM bids")).toEqual([{ bid_id: bidA }]);
    expect(checkpointOf(s.store)).toEqual({ number: 34, hash: s.chain.blocks[34]?.hash });
    storedHashesCanonical(s.store, s.chain);
  });

  test("behavior: during the run: a range whose parent changed is not committed; the next run recovers", async () => {
    const s = setup();
    s.chain.mine(3);
    s.chain.open(id(1), { bidId: bidA });
    s.chain.close(id(1));
    s.chain.mine(12);
    s.chain.open(id(2), { bidId: bidA });
    s.chain.close(id(2));
    s.chain.mine(15);
    const before = s.chain.blocks[10]?.hash;
    // Block 10 (the first range's end) changes after that range was read, before the second is.
    s.chain.onFetch = (from) => {
      if (from !== 11) return;
      s.chain.onFetch = undefined;
      s.chain.reorg(10, { keepLogs: true });
    };
    const failure = followFake(s.sync, s.chain);
    await expect(failure).rejects.toThrow(TransientError);
    await expect(failure).rejects.toThrow("The chain reorganised during the sync (block 10 changed)");
    // Nothing past the first range: its checkpoint, its rows, its hashes.
    expect(checkpointOf(s.store)).toEqual({ number: 10, hash: before });
    expect(rows(s.store, "SELECT session_id FROM sessions")).toEqual([{ session_id: id(1) }]);
    expect(rows(s.store, "SELECT session_id FROM closes")).toEqual([{ session_id: id(1) }]);
    expect(rows(s.store, "SELECT max(number) AS last FROM blocks")).toEqual([{ last: 10 }]);

    const summary = await followFake(s.sync, s.chain);
    expect(summary).toMatchObject({ reorg: { depth: 1, ancestor: 9 }, toBlock: 30, complete: true });
    expect(rows(s.store, "SELECT session_id, block_number FROM closes")).toEqual([
      { session_id: id(1), block_number: 3 },
      { session_id: id(2), block_number: 15 },
    ]);
    storedHashesCanonical(s.store, s.chain);
  });

  test("behavior: nothing synced is canonical any more, down to the start block: indexed again from it", async () => {
    const s = setup();
    s.chain.mine(3);
    s.chain.open(id(1), { bidId: bidA });
    s.chain.mine(5);
    await followFake(s.sync, s.chain);
    s.chain.reorg(1);
    s.chain.open(id(2), { bidId: bidA });
    const summary = await followFake(s.sync, s.chain);
    expect(summary).toMatchObject({ reorg: { depth: 8, ancestor: null }, fromBlock: 1, toBlock: 8 });
    expect(rows(s.store, "SELECT session_id, opened_block FROM sessions")).toEqual([
      { session_id: id(2), opened_block: 8 },
    ]);
    storedHashesCanonical(s.store, s.chain);
  });

  test("error: a reorg deeper than the block hashes kept changes nothing", async () => {
    const s = setup();
    s.chain.mine(60);
    await followFake(s.sync, s.chain, {}, { hashWindow: 2 });
    const synced = checkpointOf(s.store);
    s.chain.reorg(40);
    await expect(followFake(s.sync, s.chain, {}, { hashWindow: 2 })).rejects.toThrow(UserError);
    await expect(followFake(s.sync, s.chain, {}, { hashWindow: 2 })).rejects.toThrow(
      "The chain reorganised deeper than the block hashes kept",
    );
    expect(checkpointOf(s.store)).toEqual(synced);
  });
});
