import { getAddress, type Hex } from "viem";
import { afterEach, describe, expect, test } from "vitest";
import { createFakeChain } from "../../tooling/fakeChain/fakeChain.js";
import { followFake } from "../../tooling/fakeChain/followFake.js";
import { UserError } from "../errors/BaseError.js";
import { createSyncDatabase } from "../store/createSyncDatabase.js";
import { type Database, openDatabase } from "../store/openDatabase.js";
import type { FollowTarget } from "./FollowTarget.js";
import type { FollowOptions } from "./followChain.js";

const chainId = 8453;
const id = (n: number) => `0x${n.toString(16).padStart(64, "0")}` as Hex;
const bidA = id(0xb1);
const provider = getAddress("0x00000000000000000000000000000000000000a1");

const stores: Database[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

/** The real store on an in-memory database, and a chain with bid A. */
function setup() {
  const store = openDatabase(":memory:");
  stores.push(store);
  const chain = createFakeChain();
  chain.addBid(bidA, { provider, modelId: id(0x111), pricePerSecond: 5n });
  return { store, sync: createSyncDatabase(store).forChain(chainId), chain };
}

const follow = (
  { sync, chain }: ReturnType<typeof setup>,
  target: Partial<FollowTarget> = {},
  options: Partial<FollowOptions> = {},
) => followFake(sync, chain, target, options);

const rows = (store: Database, sql: string) => store.sqlite.prepare(sql).all();
const checkpointOf = (store: Database) =>
  store.sqlite
    .prepare(
      "SELECT from_block AS fromBlock, creation_block AS creationBlock, block_number AS number, block_hash AS hash FROM chains",
    )
    .get();

describe("followChain", () => {
  test("default: ranges committed in order, the checkpoint at the target, a row per log", async () => {
    const setupResult = setup();
    const { chain, store } = setupResult;
    chain.mine(3);
    chain.open(id(1), { bidId: bidA });
    chain.mine(5);
    chain.open(id(2), { bidId: bidA });
    chain.close(id(1));
    chain.mine(20);
    chain.close(id(2), { closeoutType: 1n });
    chain.mine(4);
    const synced: number[] = [];
    const summary = await follow(setupResult, {}, { onProgress: (p) => synced.push(p.synced) });

    expect(synced).toEqual([10, 20, 30, 32]);
    expect(chain.calls.fetch).toEqual([
      [1, 10],
      [11, 20],
      [21, 30],
      [31, 32],
    ]);
    expect(summary).toEqual({
      chainId,
      fromBlock: 1,
      creationBlock: undefined,
      toBlock: 32,
      head: 32,
      target: 32,
      confirmations: 0,
      blocksSynced: 32,
      logs: 4,
      sessionsOpened: 2,
      sessionsClosed: 2,
      reorg: null,
      complete: true,
      upgrades: [],
    });
    expect(checkpointOf(store)).toEqual({
      fromBlock: 1,
      creationBlock: null,
      number: 32,
      hash: chain.blocks[32]?.hash,
    });
    const at = (n: number) => chain.blocks[n]?.timestamp;
    expect(
      rows(
        store,
        "SELECT session_id, opened_block, read_ok, bid_id, opened_at, ends_at, close_block FROM sessions",
      ),
    ).toEqual([
      {
        session_id: id(1),
        opened_block: 3,
        read_ok: 1,
        bid_id: bidA,
        opened_at: at(3),
        ends_at: (at(3) ?? 0) + 3600,
        close_block: 8,
      },
      {
        session_id: id(2),
        opened_block: 8,
        read_ok: 1,
        bid_id: bidA,
        opened_at: at(8),
        ends_at: (at(8) ?? 0) + 3600,
        close_block: 28,
      },
    ]);
    expect(
      rows(
        store,
        "SELECT session_id, block_number, kind, closed_at, tokens, ttft_ms, tps, bid_ref FROM closes",
      ),
    ).toEqual([
      {
        session_id: id(1),
        block_number: 8,
        kind: "v2",
        closed_at: at(8),
        tokens: 123,
        ttft_ms: 734,
        tps: 41_237,
        bid_ref: 1,
      },
      {
        session_id: id(2),
        block_number: 28,
        kind: "disputed",
        closed_at: at(28),
        tokens: 0,
        ttft_ms: 0,
        tps: 0,
        bid_ref: 1,
      },
    ]);
    expect(rows(store, "SELECT bid_id, read_ok, price_per_second FROM bids")).toEqual([
      { bid_id: bidA, read_ok: 1, price_per_second: "5" },
    ]);
  });

  test("behavior: a log of another contract inside a range is counted as foreign, never indexed", async () => {
    const s = setup();
    s.chain.mine(4);
    s.chain.addLog({ address: "0x00000000000000000000000000000000000000dd", topics: [id(0xe7)] });
    s.chain.mine(2);
    expect(await follow(s)).toMatchObject({ logs: 0, sessionsOpened: 0, toBlock: 6 });
    expect(rows(s.store, "SELECT kind, block_number, detail FROM anomalies")).toEqual([
      { kind: "foreign-log", block_number: 4, detail: "log of another contract" },
    ]);
  });

  test("behavior: confirmations keep the target back; a run with nothing new reads nothing", async () => {
    const s = setup();
    s.chain.mine(30);
    expect(await follow(s, { confirmations: 5 })).toMatchObject({ head: 30, target: 25, toBlock: 25 });
    s.chain.calls.fetch.length = 0;
    expect(await follow(s, { confirmations: 5 })).toMatchObject({
      toBlock: 25,
      blocksSynced: 0,
      complete: true,
    });
    expect(s.chain.calls.fetch).toEqual([]);

    // A chain younger than the depth: no block yet, and no target below what is synced.
    const young = setup();
    young.chain.mine(2);
    expect(await follow(young, { confirmations: 30 })).toMatchObject({ head: 2, toBlock: 0, target: 0 });
    expect(checkpointOf(young.store)).toBeUndefined();
  });

  test("behavior: shouldStop after the first range: complete false; the next run continues there", async () => {
    const s = setup();
    s.chain.mine(30);
    const stopped = await follow(s, {}, { shouldStop: () => true });
    expect(stopped).toMatchObject({ toBlock: 10, blocksSynced: 10, target: 30, complete: false });
    expect(checkpointOf(s.store)).toMatchObject({ number: 10 });
    s.chain.calls.fetch.length = 0;
    expect(await follow(s)).toMatchObject({ toBlock: 30, blocksSynced: 20, complete: true });
    expect(s.chain.calls.fetch[0]).toEqual([11, 20]);
  });

  test("behavior: without --from-block, the first run starts at the creation block, else at the fallback", async () => {
    const found = setup();
    found.chain.mine(30);
    found.chain.creationBlock = 7;
    expect(await follow(found, { fromBlock: undefined, fallbackFromBlock: 2 })).toMatchObject({
      fromBlock: 7,
      creationBlock: 7,
      blocksSynced: 24,
    });
    expect(found.chain.calls.fetch[0]).toEqual([7, 16]);
    expect(checkpointOf(found.store)).toMatchObject({ fromBlock: 7, creationBlock: 7 });
    // A later run keeps the stored start.
    found.chain.mine(2);
    expect(await follow(found, { fromBlock: undefined, fallbackFromBlock: 2 })).toMatchObject({
      fromBlock: 7,
    });

    const unknown = setup();
    unknown.chain.mine(30);
    expect(await follow(unknown, { fromBlock: undefined, fallbackFromBlock: 2 })).toMatchObject({
      fromBlock: 2,
      creationBlock: undefined,
      blocksSynced: 29,
    });
    expect(unknown.chain.calls.fetch[0]).toEqual([2, 11]);
    expect(checkpointOf(unknown.store)).toMatchObject({ fromBlock: 2, creationBlock: null });
  });

  test("error: a database indexed for another contract or start block", async () => {
    const s = setup();
    s.chain.mine(5);
    await follow(s);
    await expect(follow(s, { contract: "0x00000000000000000000000000000000000000dd" })).rejects.toThrow(
      UserError,
    );
    await expect(follow(s, { fromBlock: 2 })).rejects.toThrow("The database was indexed with other settings");
  });
});
