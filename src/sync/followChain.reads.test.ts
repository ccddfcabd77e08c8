import { getAddress, type Hex } from "viem";
import { afterEach, describe, expect, test } from "vitest";
import { createFakeChain, type FakeChain } from "../../tooling/fakeChain/fakeChain.js";
import { followFake } from "../../tooling/fakeChain/followFake.js";
import { createSyncDatabase } from "../store/createSyncDatabase.js";
import { type Database, openDatabase } from "../store/openDatabase.js";

const id = (n: number) => `0x${n.toString(16).padStart(64, "0")}` as Hex;
const bidA = id(0xb1);
const bidB = id(0xb2);
const provider = getAddress("0x00000000000000000000000000000000000000a1");

const stores: Database[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

function setup() {
  const store = openDatabase(":memory:");
  stores.push(store);
  const chain = createFakeChain();
  chain.addBid(bidA, { provider, modelId: id(0x111), pricePerSecond: 5n });
  return { store, sync: createSyncDatabase(store).forChain(8453), chain };
}

const rows = (store: Database, sql: string) => store.sqlite.prepare(sql).all();
/** How many getSession / getBid reads named the id. */
const readsOf = (calls: string[][], wanted: string) => calls.flat().filter((read) => read === wanted).length;

/** Sessions 1 to 3 opened in ranges 1 to 3 (blocks 5, 15, 25); each closed `closeAfter` blocks later. */
function sessionsAcrossRanges(chain: FakeChain, closeAfter: number, bidId: Hex = bidA) {
  for (let n = 1; n <= 3; n++) {
    chain.mine(10 * n - 5 - (chain.blocks.length - 1));
    chain.open(id(n), { bidId });
  }
  for (let n = 1; n <= 3; n++) {
    chain.mine(Math.max(0, 10 * n - 5 + closeAfter - (chain.blocks.length - 1)));
    chain.close(id(n));
  }
  chain.mine(10 * Math.ceil((chain.blocks.length + 1) / 10) - chain.blocks.length);
}

describe("followChain: each state read once", () => {
  test("behavior: a session closed ranges after its open is read once (the close takes the state the open read)", async () => {
    const s = setup();
    // Closed 50 blocks (five ranges) later: the range of the close starts after the open's committed.
    sessionsAcrossRanges(s.chain, 50);
    await followFake(s.sync, s.chain);
    for (const n of [1, 2, 3]) expect(readsOf(s.chain.calls.readSessions, id(n))).toBe(1);
    expect(rows(s.store, "SELECT session_id, block_number, kind FROM closes")).toEqual(
      [1, 2, 3].map((n) => ({ session_id: id(n), block_number: 10 * n + 45, kind: "v2" })),
    );
  });

  test("behavior: also when the close is in a range read at the same time as the open's", async () => {
    const s = setup();
    // Closed 20 blocks later: two ranges on, both in flight together (four ranges are read ahead).
    sessionsAcrossRanges(s.chain, 20);
    await followFake(s.sync, s.chain);
    for (const n of [1, 2, 3]) expect(readsOf(s.chain.calls.readSessions, id(n))).toBe(1);
    expect(rows(s.store, "SELECT count(*) AS closes FROM closes WHERE closed_at IS NOT NULL")).toEqual([
      { closes: 3 },
    ]);
  });

  test("behavior: a bid is read once per run however many ranges in flight name it; never in later runs", async () => {
    const s = setup();
    sessionsAcrossRanges(s.chain, 2);
    // And a range read after the first ones were committed.
    s.chain.mine(40);
    s.chain.open(id(7), { bidId: bidA });
    s.chain.mine(5);
    await followFake(s.sync, s.chain);
    expect(readsOf(s.chain.calls.readBids, bidA)).toBe(1);
    s.chain.mine(3);
    s.chain.open(id(9), { bidId: bidA });
    s.chain.close(id(9));
    s.chain.mine(1);
    await followFake(s.sync, s.chain);
    expect(readsOf(s.chain.calls.readBids, bidA)).toBe(1);
    expect(rows(s.store, "SELECT count(*) AS n FROM closes WHERE bid_ref IS NOT NULL")).toEqual([{ n: 4 }]);
  });

  test("behavior: an unreadable bid is stored as such, read once; its closes keep the log's provider", async () => {
    const s = setup();
    s.chain.addBid(bidB, "unreadable");
    sessionsAcrossRanges(s.chain, 2, bidB);
    await followFake(s.sync, s.chain);
    expect(readsOf(s.chain.calls.readBids, bidB)).toBe(1);
    expect(rows(s.store, "SELECT bid_id, read_ok, provider_ref FROM bids")).toEqual([
      { bid_id: bidB, read_ok: 0, provider_ref: null },
    ]);
    expect(
      rows(s.store, "SELECT c.bid_ref, p.address FROM closes c JOIN providers p ON p.ref = c.provider_ref"),
    ).toEqual(
      [1, 2, 3].map(() => ({
        bid_ref: null,
        address: getAddress("0x00000000000000000000000000000000000000bb"),
      })),
    );
  });
});

describe("followChain: a lagging backend", () => {
  test("behavior: a state still open although its close is indexed is read again", async () => {
    const s = setup();
    s.chain.mine(3);
    s.chain.open(id(1), { bidId: bidA });
    s.chain.mine(2);
    s.chain.close(id(1));
    s.chain.mine(4);
    s.chain.lagReads.set(id(1), 2);
    await followFake(
      s.sync,
      s.chain,
      {},
      { sessionRetry: { attempts: 3, delay: { baseMs: 1, growth: "linear" } } },
    );
    expect(readsOf(s.chain.calls.readSessions, id(1))).toBe(3);
    expect(rows(s.store, "SELECT kind, closed_at FROM closes")).toEqual([
      { kind: "v2", closed_at: s.chain.blocks[5]?.timestamp },
    ]);
    expect(rows(s.store, "SELECT kind FROM anomalies")).toEqual([]);
  });

  test("behavior: after the attempts it counts as inconsistent: the close is kept, unreadable", async () => {
    const s = setup();
    s.chain.mine(3);
    s.chain.open(id(1), { bidId: bidA });
    s.chain.mine(2);
    s.chain.close(id(1));
    s.chain.mine(4);
    s.chain.lagReads.set(id(1), 99);
    const summary = await followFake(
      s.sync,
      s.chain,
      {},
      { sessionRetry: { attempts: 3, delay: { baseMs: 1, growth: "linear" } } },
    );
    expect(summary).toMatchObject({ sessionsOpened: 1, sessionsClosed: 1, complete: true });
    expect(readsOf(s.chain.calls.readSessions, id(1))).toBe(3);
    expect(rows(s.store, "SELECT kind, key, block_number FROM anomalies")).toEqual([
      { kind: "inconsistent-session", key: id(1), block_number: 5 },
    ]);
    expect(rows(s.store, "SELECT kind, closed_at, bid_ref FROM closes")).toEqual([
      { kind: "unreadable", closed_at: null, bid_ref: null },
    ]);
    expect(rows(s.store, "SELECT read_ok, close_block FROM sessions")).toEqual([
      { read_ok: 0, close_block: 5 },
    ]);
  });
});
