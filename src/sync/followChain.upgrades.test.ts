import { encodeAbiParameters, getAddress, type Hex, toFunctionSelector, zeroAddress } from "viem";
import { afterEach, describe, expect, test } from "vitest";
import { createFakeChain, type FakeChain } from "../../tooling/fakeChain/fakeChain.js";
import { followFake, runWriting } from "../../tooling/fakeChain/followFake.js";
import { diamondCutEvent, diamondCutTopic } from "../chain/abi.js";
import type { BidRead } from "../chain/readBids.js";
import type { SessionRead } from "../chain/readSessions.js";
import { UserError } from "../errors/BaseError.js";
import { silentLogger } from "../log/createLogger.js";
import { createSyncDatabase } from "../store/createSyncDatabase.js";
import { type Database, openDatabase } from "../store/openDatabase.js";
import type { FollowTarget } from "./FollowTarget.js";
import { scanBidLogs } from "./scanBidLogs.js";
import { syncChain } from "./syncChain.js";

/**
 * The follower meets the contract's upgrades (DiamondCut logs) in its ranges: one that changes no
 * function the index reads is noted; one that replaces or removes one is checked by reading
 * stored records back through the new code at the target block, and the run goes on when they
 * read equal (or the operator accepted the difference), else it stops with nothing read through
 * the new code kept.
 */
const chainId = 8453;
const id = (n: number) => `0x${n.toString(16).padStart(64, "0")}` as Hex;
const bidA = id(0xb1);
const provider = getAddress("0x00000000000000000000000000000000000000a1");
const facet = getAddress("0x00000000000000000000000000000000000000fa");
const getSession = toFunctionSelector("getSession(bytes32)");
const getModel = toFunctionSelector("getModel(bytes32)");
const getBid = toFunctionSelector("getBid(bytes32)");
const unrelated = toFunctionSelector("setPoolConfig(uint256,(uint256,uint128,uint128,uint128))");

const stores: Database[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

function setup() {
  const store = openDatabase(":memory:");
  stores.push(store);
  // Twelve seconds a block: a cut a few blocks after a run is well past the run in time.
  const chain = createFakeChain({ blockTime: 12 });
  chain.addBid(bidA, { provider, modelId: id(0x111), pricePerSecond: 5n });
  // This machine's clock (unix seconds), as the runs see it: a test moves it on.
  const clock = { now: 1_800_000_000 };
  return { store, sync: createSyncDatabase(store).forChain(chainId), chain, clock };
}

/** A DiamondCut log in a new block: one facet's selectors, added (0), replaced (1) or removed (2). */
function cut(chain: FakeChain, action: 0 | 1 | 2, selectors: Hex[]) {
  chain.mine();
  cutLog(chain, action, selectors);
  return chain.blocks.length - 1;
}

/** A DiamondCut log in the head block. */
function cutLog(chain: FakeChain, action: 0 | 1 | 2, selectors: Hex[]) {
  chain.addLog({
    topics: [diamondCutTopic],
    data: encodeAbiParameters(diamondCutEvent.inputs, [
      [{ facetAddress: action === 2 ? zeroAddress : facet, action, functionSelectors: selectors }],
      zeroAddress,
      "0x",
    ]),
  });
}

/** Sessions 1..n opened, the odd ones closed, a few blocks apart. */
function history(chain: FakeChain, from: number, to: number) {
  for (let n = from; n <= to; n++) {
    chain.mine(2);
    chain.open(id(n), { bidId: bidA });
  }
  chain.mine(2);
  for (let n = from; n <= to; n += 2) chain.close(id(n));
  chain.mine(2);
}

const follow = (s: ReturnType<typeof setup>, target: Partial<FollowTarget> = {}) =>
  followFake(s.sync, s.chain, target, { now: () => s.clock.now });
/** A whole run of one chain (refills, follow, bid scan, names, audit), as `sync` makes it. */
const syncRun = (s: ReturnType<typeof setup>, confirmations = 0) =>
  syncChain(
    s.sync,
    s.chain.view,
    {
      chainId,
      contract: s.chain.contract,
      fromBlock: 1,
      fallbackFromBlock: 0,
      toBlock: "latest",
      confirmations,
    },
    { logger: silentLogger, initialRangeSize: 10, now: () => s.clock.now },
  );
const runRows = (store: Database) =>
  store.sqlite.prepare("SELECT first_block AS first FROM sync_runs ORDER BY first_block").all();
const synced = (store: Database) =>
  store.sqlite.prepare("SELECT block_number FROM chains WHERE chain_id = ?").pluck().get(chainId);
const upgradeRows = (store: Database) =>
  store.sqlite
    .prepare(
      "SELECT block_number AS block, block_timestamp AS time, status, added, replaced, removed, compared FROM upgrades ORDER BY block_number, log_index",
    )
    .all();

/** getSession through the "new code": another stake for every session. */
const otherStake = (chain: FakeChain) => {
  const read = chain.view.readSessions;
  chain.view.readSessions = async (ids) =>
    new Map(
      [...(await read(ids))].map(([sessionId, r]): [string, SessionRead] => [
        sessionId,
        r.ok ? { ok: true, state: { ...r.state, stake: r.state.stake + 1n } } : r,
      ]),
    );
};

/** getBid through the "new code": createdAt and deletedAt swapped. */
const swappedTimes = (chain: FakeChain) => {
  const read = chain.view.readBids;
  chain.view.readBids = async (ids) =>
    new Map(
      [...(await read(ids))].map(([bidId, r]): [string, BidRead] => [
        bidId,
        r.ok
          ? { ok: true, state: { ...r.state, createdAt: r.state.deletedAt, deletedAt: r.state.createdAt } }
          : r,
      ]),
    );
};

describe("followChain and the contract's upgrades", () => {
  test("default: a cut that changes nothing the index reads is noted with its block and time; nothing is read back", async () => {
    const s = setup();
    const control = setup();
    history(s.chain, 1, 4);
    history(control.chain, 1, 4);
    const block = cut(s.chain, 0, [unrelated]);
    control.chain.mine();
    history(s.chain, 5, 6);
    history(control.chain, 5, 6);
    const summary = await follow(s);
    await follow(control);
    expect(summary.complete).toBe(true);
    const row = { block, time: s.chain.blocks[block]?.timestamp, status: "noted", compared: 0 };
    expect(upgradeRows(s.store)).toEqual([{ ...row, added: "", replaced: "", removed: "" }]);
    expect(summary.upgrades).toMatchObject([{ blockNumber: block, status: "noted", added: [] }]);
    expect(s.chain.calls.readSessions.flat()).toEqual(control.chain.calls.readSessions.flat());
  });

  test("behavior: a function the index reads added before anything is stored (the contract's deployment) is noted", async () => {
    const s = setup();
    const block = cut(s.chain, 0, [unrelated, getSession]);
    history(s.chain, 1, 4);
    await follow(s);
    expect(upgradeRows(s.store)).toEqual([
      expect.objectContaining({ block, status: "noted", added: "getSession", compared: 0 }),
    ]);
  });

  test("behavior: a function the index reads added while records are stored is read back: verified", async () => {
    const s = setup();
    history(s.chain, 1, 4);
    await follow(s);
    const block = cut(s.chain, 0, [getSession]);
    s.chain.mine(2);
    await follow(s);
    expect(upgradeRows(s.store)).toEqual([
      expect.objectContaining({ block, status: "verified", added: "getSession", compared: 6 }),
    ]);
    otherStake(s.chain);
    const again = cut(s.chain, 0, [getModel]);
    s.chain.mine(2);
    await expect(follow(s)).rejects.toThrow(`upgraded at block ${again}`);
  });

  test("behavior: a Remove and an Add of getSession in the cuts of one range are one replacement, checked", async () => {
    const s = setup();
    history(s.chain, 1, 4);
    await follow(s);
    s.chain.mine();
    cutLog(s.chain, 2, [getSession]);
    cutLog(s.chain, 0, [getSession]);
    const block = s.chain.blocks.length - 1;
    s.chain.mine(2);
    await follow(s);
    expect(upgradeRows(s.store)).toEqual([
      expect.objectContaining({ block, status: "noted", replaced: "", removed: "", compared: 0 }),
      expect.objectContaining({
        block,
        status: "verified",
        replaced: "getSession",
        removed: "",
        compared: 6,
      }),
    ]);
  });

  test("behavior: a replacement with nothing stored to read back compares nothing: unchecked, not verified", async () => {
    const s = setup();
    s.chain.mine(3);
    const block = cut(s.chain, 1, [getSession]);
    history(s.chain, 1, 2);
    const summary = await follow(s);
    expect(summary.complete).toBe(true);
    expect(upgradeRows(s.store)).toEqual([
      expect.objectContaining({ block, status: "unchecked", replaced: "getSession", compared: 0 }),
    ]);
  });

  test("behavior: a cut that replaces getSession: stored records read back equal, verified, the run goes on", async () => {
    const s = setup();
    history(s.chain, 1, 6);
    await follow(s);
    const block = cut(s.chain, 1, [getSession]);
    history(s.chain, 7, 8);
    const summary = await follow(s);
    expect(summary.toBlock).toBe(summary.target);
    expect(upgradeRows(s.store)).toEqual([
      expect.objectContaining({ block, status: "verified", replaced: "getSession", compared: 8 }),
    ]);
  });

  test("error: read back differently, the run stops naming block, facet and function; what this run read is rolled back", async () => {
    const s = setup();
    history(s.chain, 1, 6);
    const first = await follow(s);
    history(s.chain, 7, 12); // read by the next run through the new code, its first range committed: not kept
    const block = cut(s.chain, 1, [getSession, unrelated]);
    history(s.chain, 13, 14);
    otherStake(s.chain);
    const error = await follow(s).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserError);
    const { shortMessage, details } = error as UserError;
    expect(shortMessage).toBe(
      `Chain ${chainId}: the contract was upgraded at block ${block}, and the index cannot read it as before`,
    );
    expect(details).toContain(`replaced getSession(bytes32) [${getSession}] with facet ${facet}`);
    expect(details).toMatch(/session 0x0+1: stake stored 1000000000000000000, now 1000000000000000001/);
    expect(details).toContain(`chain ${chainId} is back at block ${first.toBlock}`);
    expect(details).toContain(`continues from block ${first.toBlock + 1}`);
    expect(details).toContain(`--accept-upgrade ${chainId}=${block}`);
    expect(synced(s.store)).toBe(first.toBlock);
    const opened = s.store.sqlite.prepare("SELECT COUNT(*) FROM sessions").pluck().get();
    expect(opened).toBe(6);
    expect(upgradeRows(s.store)).toEqual([]);

    // Accepted by the operator: the same run goes on past it.
    const summary = await follow(s, { acceptUpgrades: [block] });
    expect(summary.toBlock).toBe(summary.target);
    expect(upgradeRows(s.store)).toEqual([expect.objectContaining({ block, status: "accepted" })]);
  });

  test("error: a run whose head was already past the cut read through the new code: it is rolled back too", async () => {
    const s = setup();
    history(s.chain, 1, 4);
    const first = await follow(s);
    history(s.chain, 5, 6);
    const block = cut(s.chain, 1, [getSession]);
    s.chain.mine(3);
    // Four blocks of confirmations: this run stops before the cut, but reads at the head, past it.
    const second = await follow(s, { confirmations: 4 });
    expect(second.toBlock).toBeLessThan(block);
    expect(second.toBlock).toBeGreaterThan(first.toBlock);
    otherStake(s.chain);
    await expect(follow(s)).rejects.toThrow(`is back at block ${first.toBlock}`);
    expect(synced(s.store)).toBe(first.toBlock);
  });

  test("behavior: a reorg that drops the cut drops its note, and what the runs since recorded", async () => {
    const s = setup();
    history(s.chain, 1, 4);
    const first = await follow(s);
    const block = cut(s.chain, 0, [unrelated]);
    history(s.chain, 5, 6);
    await follow(s);
    expect(upgradeRows(s.store)).toEqual([expect.objectContaining({ block, status: "noted" })]);
    s.chain.reorg(block);
    const summary = await follow(s);
    expect(summary.reorg?.ancestor).toBe(block - 1);
    expect(upgradeRows(s.store)).toEqual([]);
    // The second run's record went with its blocks; this run's is the one a later cut can concern.
    expect(runRows(s.store)).toEqual([{ first: block }]);
    expect(first.toBlock).toBe(block - 1);
  });

  test("error: a getSession that reverts or does not decode cannot be accepted", async () => {
    const s = setup();
    history(s.chain, 1, 4);
    await follow(s);
    const block = cut(s.chain, 2, [getModel]);
    s.chain.mine(2);
    s.chain.view.readModelNames = async (ids) =>
      new Map(ids.map((modelId) => [modelId, { ok: false, error: "execution reverted" }]));
    const error = (await follow(s, { acceptUpgrades: [block] }).catch((e: unknown) => e)) as UserError;
    expect(error).toBeInstanceOf(UserError);
    expect(error.details).toContain(`removed getModel(bytes32) [${getModel}]`);
    expect(error.details).toContain(`model ${id(0x111)}: getModel fails: execution reverted`);
    expect(error.details).toContain(`--accept-upgrade ${chainId}=${block} cannot accept it`);
  });

  test("error: a getBid that swaps createdAt and deletedAt stops the run: a bid's times are compared", async () => {
    const s = setup();
    history(s.chain, 1, 4);
    await follow(s);
    const block = cut(s.chain, 1, [getBid]);
    history(s.chain, 5, 6);
    swappedTimes(s.chain);
    const error = (await follow(s).catch((e: unknown) => e)) as UserError;
    expect(error).toBeInstanceOf(UserError);
    expect(error.shortMessage).toContain(`upgraded at block ${block}`);
    expect(error.details).toContain(`bid ${bidA}: createdAt stored 1, now 0`);
  });

  test("error: bids known only from a posted log are read back too, and a deleted bid's deletedAt", async () => {
    const s = setup();
    s.chain.mine(2);
    const posted = s.chain.postBid(provider, id(0x222), 7n);
    s.chain.mine(2);
    const deleted = s.chain.postBid(provider, id(0x333), 9n);
    s.chain.mine(2);
    s.chain.deleteBid(deleted);
    s.chain.mine(2);
    await follow(s);
    const block = cut(s.chain, 1, [getBid]);
    s.chain.mine(2);
    swappedTimes(s.chain);
    const error = (await follow(s).catch((e: unknown) => e)) as UserError;
    expect(error).toBeInstanceOf(UserError);
    expect(error.shortMessage).toContain(`upgraded at block ${block}`);
    const time = (n: number) => s.chain.blocks[n]?.timestamp;
    expect(error.details).toContain(`bid ${posted}: createdAt stored ${time(2)}, now 0`);
    expect(error.details).toContain(
      `bid ${deleted}: createdAt stored ${time(4)}, now ${time(6)}; deletedAt stored ${time(6)}, now ${time(4)}`,
    );
  });

  test("behavior: the read-back is at the latest block, whose state every node keeps: a long run's target may be pruned by then", async () => {
    const s = setup();
    history(s.chain, 1, 4);
    await follow(s);
    const block = cut(s.chain, 1, [getSession]);
    history(s.chain, 5, 20);
    // A full node keeps the state of its newest 128 blocks only; the chain grows by 200 blocks
    // while the run reads its first range, before it reaches the cut. The views take no block
    // (ChainView): the read-back is at the latest block, whose state every node keeps.
    let grown = false;
    s.chain.onFetch = () => {
      if (!grown) s.chain.mine(200);
      grown = true;
    };
    const summary = await follow(s);
    expect(summary.toBlock).toBe(summary.target);
    expect(upgradeRows(s.store)).toEqual([expect.objectContaining({ block, status: "verified" })]);
  });

  test("error: a cut mined while a run was reading: that run read its last ranges through the new code, and is rolled back too", async () => {
    const s = setup();
    history(s.chain, 1, 4);
    const first = await follow(s);
    history(s.chain, 5, 14);
    // The next run started before the cut. Twenty blocks (four minutes) after its head, while it
    // reads its first range, the cut is mined and the new code serves; the run goes on for five
    // minutes more.
    let block = 0;
    s.chain.onFetch = () => {
      if (block) return;
      s.chain.mine(20);
      block = cut(s.chain, 1, [getSession]);
      otherStake(s.chain);
      s.clock.now += 300;
    };
    const second = await follow(s);
    s.chain.onFetch = undefined;
    expect(second.head).toBeLessThan(block);
    expect(second.toBlock).toBeLessThan(block);
    s.chain.mine(2);
    await expect(follow(s)).rejects.toThrow(`is back at block ${first.toBlock}`);
    expect(synced(s.store)).toBe(first.toBlock);
  });

  test("behavior: a run that ended before the cut was mined is kept: only what was read through the new code goes", async () => {
    const s = setup();
    history(s.chain, 1, 4);
    await follow(s);
    history(s.chain, 5, 14);
    s.clock.now += 3_600;
    const second = await follow(s);
    // Mined twenty blocks (four minutes) after the second run started, which took no time.
    s.clock.now += 3_600;
    s.chain.mine(19);
    cut(s.chain, 1, [getSession]);
    s.chain.mine(2);
    otherStake(s.chain);
    await expect(follow(s)).rejects.toThrow(`is back at block ${second.toBlock}`);
    expect(synced(s.store)).toBe(second.toBlock);
  });

  test("error: what a run wrote below its first block through the new code (a refill of a 1.1 database's bids) is rolled back too", async () => {
    const s = setup();
    history(s.chain, 1, 4);
    await syncRun(s);
    // What a 1.1 database holds: its sessions' bids without their times, read again by the next run.
    s.store.sqlite.exec("UPDATE bids SET posted_block = NULL, created_at = NULL, deleted_at = NULL");
    history(s.chain, 5, 6);
    // Cut before the next run, which stops short of it (four confirmations) but reads at the head.
    const block = cut(s.chain, 1, [getSession, getBid]);
    s.chain.mine(3);
    otherStake(s.chain);
    swappedTimes(s.chain);
    const second = await syncRun(s, 4);
    expect(second.toBlock).toBeLessThan(block);
    expect(second.bidsRefilled).toBe(1);
    expect(s.store.sqlite.prepare("SELECT created_at FROM bids").pluck().all()).toEqual([0]);
    s.chain.mine(2);
    await expect(syncRun(s)).rejects.toThrow("is back at its start (nothing synced)");
    expect(s.store.sqlite.prepare("SELECT COUNT(*) FROM bids").pluck().get()).toBe(0);
  });

  test("error: what the one-time bid scan of a database indexed before 1.2 read through the new code is rolled back too", async () => {
    const s = setup();
    s.chain.mine(2);
    const posted = s.chain.postBid(provider, id(0x222), 7n);
    history(s.chain, 1, 4);
    await syncRun(s);
    // What a database indexed before 1.2 holds: no bid log, the bids of its sessions only.
    s.store.sqlite.exec(`
      DELETE FROM bid_deletions;
      DELETE FROM bids WHERE bid_id NOT IN (SELECT bid_id FROM sessions WHERE bid_id IS NOT NULL);
      UPDATE bids SET posted_block = NULL;
      UPDATE chains SET bid_scan_next = from_block, bid_scan_end = block_number, from_parent_time = NULL;
    `);
    history(s.chain, 5, 6);
    const block = cut(s.chain, 1, [getSession, getBid]);
    s.chain.mine(3);
    otherStake(s.chain);
    swappedTimes(s.chain);
    const second = await syncRun(s, 4);
    expect(second.toBlock).toBeLessThan(block);
    expect(second.bidScan.complete).toBe(true);
    const createdAt = s.store.sqlite.prepare("SELECT created_at FROM bids WHERE bid_id = ?").pluck();
    expect(createdAt.get(posted)).toBe(0);
    s.chain.mine(2);
    await expect(syncRun(s)).rejects.toThrow("is back at its start (nothing synced)");
    expect(s.store.sqlite.prepare("SELECT COUNT(*) FROM bids").pluck().get()).toBe(0);
  });

  test("behavior: a run's record is kept while a later cut can concern it, no longer", async () => {
    const s = setup();
    const firsts: number[] = [];
    for (let run = 0; run < 4; run++) {
      s.chain.mine(6);
      const summary = await follow(s, { confirmations: 2 });
      firsts.push(summary.toBlock - summary.blocksSynced + 1);
    }
    // A cut after the last synced block is past the head of every run before the last two.
    expect(runRows(s.store)).toEqual(firsts.slice(-2).map((first) => ({ first })));
  });
});

describe("scanBidLogs and the contract's upgrades", () => {
  test("behavior: a database indexed before 1.2 notes the upgrades of the blocks it synced, as a sync from the start does, in the scan's one filter", async () => {
    const s = setup();
    history(s.chain, 1, 4);
    const noted = cut(s.chain, 0, [unrelated]);
    s.chain.postBid(provider, id(0x222), 7n);
    history(s.chain, 5, 6);
    const verified = cut(s.chain, 1, [getSession]);
    history(s.chain, 7, 8);
    await follow(s);
    const synced = upgradeRows(s.store);
    expect(synced).toMatchObject([
      { block: noted, status: "noted" },
      { block: verified, status: "verified" },
    ]);

    // What a 1.1 database holds (no upgrades, no bid logs), as migrated.
    s.store.sqlite.exec(`
      DELETE FROM upgrades;
      DELETE FROM bid_deletions;
      UPDATE bids SET posted_block = NULL, created_at = NULL, deleted_at = NULL;
      UPDATE chains SET bid_scan_next = from_block, bid_scan_end = block_number;
    `);
    const fetches = s.chain.calls.fetch.length;
    const scan = await scanBidLogs(s.sync, s.chain.view, {
      run: runWriting,
      logger: silentLogger,
      initialRangeSize: 1_000,
    });
    expect(scan).toMatchObject({ complete: true });
    expect(s.chain.calls.fetch.length - fetches).toBe(1);
    const compared = (rows: unknown[]) => rows.map((row) => ({ ...(row as object), compared: undefined }));
    // The sample read back differs (the whole history now): all else is the same.
    expect(compared(upgradeRows(s.store))).toEqual(compared(synced));
    expect(scan.upgrades.map((row) => row.blockNumber)).toEqual([noted, verified]);
  });
});
