import { getAddress, type Hex } from "viem";
import { afterEach, describe, expect, test } from "vitest";
import { createFakeChain, type FakeChain } from "../../tooling/fakeChain/fakeChain.js";
import { followFake, runWriting } from "../../tooling/fakeChain/followFake.js";
import { silentLogger } from "../log/createLogger.js";
import { createSyncDatabase } from "../store/createSyncDatabase.js";
import { type Database, openDatabase } from "../store/openDatabase.js";
import { refillBids } from "./refillBids.js";
import { scanBidLogs } from "./scanBidLogs.js";

const chainId = 8453;
const id = (n: number) => `0x${n.toString(16).padStart(64, "0")}` as Hex;
const p1 = getAddress("0x00000000000000000000000000000000000000a1");
const p2 = getAddress("0x00000000000000000000000000000000000000a2");
const modelX = id(0x111);
const modelY = id(0x222);

const stores: Database[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

function setup() {
  const store = openDatabase(":memory:");
  stores.push(store);
  const chain = createFakeChain();
  return { store, sync: createSyncDatabase(store).forChain(chainId), chain };
}

const rows = (store: Database, sql: string) => store.sqlite.prepare(sql).all();
const bidRows = (store: Database) =>
  rows(
    store,
    "SELECT bid_id AS bidId, read_ok AS ok, created_at AS createdAt, deleted_at AS deletedAt, posted_block AS posted FROM bids ORDER BY bid_id",
  );
const deletions = (store: Database) =>
  rows(store, "SELECT bid_id AS bidId, block_number AS block FROM bid_deletions ORDER BY bid_id");
const timeOf = (chain: FakeChain, block: number) => chain.blocks[block]?.timestamp as number;
const readsOf = (chain: FakeChain, bidId: string) =>
  chain.calls.readBids.flat().filter((id) => id === bidId).length;

describe("followChain: bids", () => {
  test("default: posted bids are known and read once; a re-post and a deletion are read again, each in its range", async () => {
    const s = setup();
    s.chain.mine(2);
    const x0 = s.chain.postBid(p1, modelX, 5n); // block 2
    const y0 = s.chain.postBid(p2, modelY, 7n);
    s.chain.mine(3);
    s.chain.open(id(1), { bidId: x0 }); // block 5
    s.chain.mine(10);
    await followFake(s.sync, s.chain);
    expect(bidRows(s.store)).toEqual(
      [
        { bidId: x0, ok: 1, createdAt: timeOf(s.chain, 2), deletedAt: 0, posted: 2 },
        { bidId: y0, ok: 1, createdAt: timeOf(s.chain, 2), deletedAt: 0, posted: 2 },
      ].sort((a, b) => (a.bidId < b.bidId ? -1 : 1)),
    );
    expect(readsOf(s.chain, x0)).toBe(1);

    // The next run: x re-posted (x0 deleted in the same transaction), y deleted.
    s.chain.mine();
    const x1 = s.chain.postBid(p1, modelX, 6n); // block 16
    s.chain.mine(4);
    s.chain.deleteBid(y0); // block 20
    s.chain.mine(2);
    await followFake(s.sync, s.chain);
    const byId = new Map((bidRows(s.store) as Array<{ bidId: string }>).map((row) => [row.bidId, row]));
    expect(byId.get(x0)).toMatchObject({ deletedAt: timeOf(s.chain, 16), posted: 2 });
    expect(byId.get(x1)).toMatchObject({ createdAt: timeOf(s.chain, 16), deletedAt: 0, posted: 16 });
    expect(byId.get(y0)).toMatchObject({ deletedAt: timeOf(s.chain, 20) });
    expect(deletions(s.store)).toEqual(
      [
        { bidId: x0, block: 16 },
        { bidId: y0, block: 20 },
      ].sort((a, b) => (a.bidId < b.bidId ? -1 : 1)),
    );
    expect([readsOf(s.chain, x0), readsOf(s.chain, x1), readsOf(s.chain, y0)]).toEqual([2, 1, 2]);

    // A third run with nothing new reads no bid.
    const before = s.chain.calls.readBids.length;
    s.chain.mine(3);
    await followFake(s.sync, s.chain);
    expect(s.chain.calls.readBids.length).toBe(before);
  });

  test("behavior: a deletion of a bid the index does not know yet is kept: the bid is known later from a session", async () => {
    const s = setup();
    // Posted before the index's first block (the sync starts at block 6).
    s.chain.mine(2);
    const x0 = s.chain.postBid(p1, modelX, 5n);
    s.chain.open(id(1), { bidId: x0 });
    s.chain.mine(6);
    s.chain.deleteBid(x0); // block 8: its bid is not known yet
    s.chain.mine(3);
    s.chain.close(id(1)); // block 11: now it is
    s.chain.mine(2);
    await followFake(s.sync, s.chain, { fromBlock: 6 });
    expect(deletions(s.store)).toEqual([{ bidId: x0, block: 8 }]);
    expect(bidRows(s.store)).toEqual([
      { bidId: x0, ok: 1, createdAt: timeOf(s.chain, 2), deletedAt: timeOf(s.chain, 8), posted: null },
    ]);
    // The time before the first indexed block: a deletion at or before it was before the index.
    expect(rows(s.store, "SELECT from_parent_time AS time FROM chains")).toEqual([
      { time: timeOf(s.chain, 5) },
    ]);
  });

  test("behavior: a read that lags behind a deletion log is read again", async () => {
    const s = setup();
    s.chain.mine(2);
    const x0 = s.chain.postBid(p1, modelX, 5n);
    s.chain.mine(3);
    await followFake(s.sync, s.chain);
    s.chain.mine();
    s.chain.deleteBid(x0); // block 6
    s.chain.mine(2);
    s.chain.bidLagReads.set(x0, 2);
    await followFake(s.sync, s.chain);
    expect(bidRows(s.store)).toMatchObject([{ bidId: x0, deletedAt: timeOf(s.chain, 6) }]);
    expect(readsOf(s.chain, x0)).toBe(4);
    expect(rows(s.store, "SELECT kind FROM anomalies")).toEqual([]);
  });

  test("behavior: a bid stored standing although its deletion is indexed (an earlier version in a pool) is read again once by the next run", async () => {
    const s = setup();
    s.chain.mine(2);
    const x0 = s.chain.postBid(p1, modelX, 5n); // block 2
    s.chain.mine(3);
    s.chain.deleteBid(x0); // block 6
    s.chain.mine(2);
    await followFake(s.sync, s.chain);
    const synced = bidRows(s.store);
    s.store.sqlite.exec("UPDATE bids SET deleted_at = 0");
    const read = (lag = 0) => {
      s.chain.bidLagReads.set(x0, lag);
      return refillBids(
        s.sync,
        (ids) => s.chain.view.readBids(ids),
        silentLogger,
        () => runWriting(1),
      );
    };
    // A read that still lags leaves it as it was, for the run after.
    expect(await read(5)).toBe(1);
    expect(bidRows(s.store)).toMatchObject([{ bidId: x0, deletedAt: 0 }]);
    expect(await read()).toBe(1);
    expect(bidRows(s.store)).toEqual(synced);
    const before = s.chain.calls.readBids.length;
    expect(await read()).toBe(0);
    expect(s.chain.calls.readBids.length).toBe(before);
  });

  test("behavior: a posted bid stored as the empty record (a read that lagged behind its log past the retries) is read again by the next run", async () => {
    const s = setup();
    s.chain.mine(2);
    s.chain.postBid(p1, modelX, 5n);
    s.chain.mine(3);
    await followFake(s.sync, s.chain);
    const synced = bidRows(s.store);
    s.store.sqlite.exec("UPDATE bids SET created_at = 0");
    expect(
      await refillBids(
        s.sync,
        (ids) => s.chain.view.readBids(ids),
        silentLogger,
        () => runWriting(1),
      ),
    ).toBe(1);
    expect(bidRows(s.store)).toEqual(synced);
    expect(
      await refillBids(
        s.sync,
        (ids) => s.chain.view.readBids(ids),
        silentLogger,
        () => runWriting(1),
      ),
    ).toBe(0);
  });

  test("behavior: a reorg forgets the bids and deletions of the blocks it replaces", async () => {
    const s = setup();
    s.chain.mine(2);
    const x0 = s.chain.postBid(p1, modelX, 5n); // block 2: stays
    s.chain.mine(10);
    s.chain.deleteBid(x0); // block 12: replaced
    const y0 = s.chain.postBid(p2, modelY, 7n); // block 12: replaced
    s.chain.mine(3);
    await followFake(s.sync, s.chain);
    expect(deletions(s.store)).toEqual([{ bidId: x0, block: 12 }]);

    s.chain.reorg(11);
    s.chain.mine(3);
    await followFake(s.sync, s.chain);
    expect(bidRows(s.store)).toEqual([
      { bidId: x0, ok: 1, createdAt: timeOf(s.chain, 2), deletedAt: 0, posted: 2 },
    ]);
    expect(deletions(s.store)).toEqual([]);
    expect(readsOf(s.chain, y0)).toBe(1);
  });
});

describe("scanBidLogs", () => {
  test("default: a database indexed without bid logs learns them once, as the sync would have", async () => {
    const s = setup();
    s.chain.mine(2);
    const x0 = s.chain.postBid(p1, modelX, 5n);
    const y0 = s.chain.postBid(p2, modelY, 7n);
    s.chain.open(id(1), { bidId: x0 });
    s.chain.mine(5);
    s.chain.postBid(p1, modelX, 6n);
    s.chain.mine(5);
    s.chain.deleteBid(y0);
    s.chain.close(id(1));
    s.chain.mine(40);
    await followFake(s.sync, s.chain);
    const synced = { bids: bidRows(s.store), deletions: deletions(s.store) };

    // What a 1.1 database holds (the bids of its sessions, no bid log, no times), as migrated.
    s.store.sqlite.exec(`
      DELETE FROM bid_deletions;
      DELETE FROM bids WHERE bid_id NOT IN (SELECT bid_id FROM sessions WHERE bid_id IS NOT NULL);
      UPDATE bids SET posted_block = NULL, created_at = NULL, deleted_at = NULL;
      UPDATE chains SET bid_scan_next = from_block, bid_scan_end = block_number, from_parent_time = NULL;
    `);
    const readsBefore = s.chain.calls.readBids.flat().length;
    const logged = s.chain.calls.fetch.length;
    // The bids of its sessions are read again; then the scan, stopped after its first range.
    expect(
      await refillBids(
        s.sync,
        (ids) => s.chain.view.readBids(ids),
        silentLogger,
        () => runWriting(1),
      ),
    ).toBe(1);
    let ranges = 0;
    const first = await scanBidLogs(s.sync, s.chain.view, {
      run: runWriting,
      logger: silentLogger,
      prefetch: 1,
      initialRangeSize: 10,
      shouldStop: () => ++ranges > 1,
    });
    expect(first).toMatchObject({ blocks: 10, complete: false });
    expect(s.sync.bidScan()).toEqual({ next: 11, end: 52 });
    const rest = await scanBidLogs(s.sync, s.chain.view, {
      run: runWriting,
      logger: silentLogger,
      initialRangeSize: 10,
    });
    expect(rest).toMatchObject({ blocks: 42, complete: true });
    expect(s.sync.bidScan()).toBeUndefined();
    expect({ bids: bidRows(s.store), deletions: deletions(s.store) }).toEqual(synced);
    // The scan asked for bid logs only, and read only the bids it did not hold.
    expect(s.chain.calls.fetch.length - logged).toBeGreaterThanOrEqual(6);
    expect(s.chain.calls.readBids.flat().length - readsBefore).toBe(3);
    // A second scan has nothing to do.
    expect(await scanBidLogs(s.sync, s.chain.view, { run: runWriting, logger: silentLogger })).toEqual({
      blocks: 0,
      logs: 0,
      complete: true,
      upgrades: [],
    });
  });
});
