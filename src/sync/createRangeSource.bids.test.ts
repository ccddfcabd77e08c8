import { encodeAbiParameters, pad } from "viem";
import { afterEach, describe, expect, test } from "vitest";
import { bidDeletedTopic, bidPostedTopic } from "../chain/abi.js";
import type { ChainPool, ChainView, EndpointView, PoolMember } from "../chain/ChainView.js";
import type { RawLog } from "../chain/createLogFetcher.js";
import { bidIdOf } from "../chain/parseBidLog.js";
import type { BidRead } from "../chain/readBids.js";
import { silentLogger } from "../log/createLogger.js";
import { createSyncDatabase } from "../store/createSyncDatabase.js";
import { type Database, openDatabase } from "../store/openDatabase.js";
import { createRangeSource } from "./createRangeSource.js";
import { followChain } from "./followChain.js";

/**
 * A pool reads a chain's ranges on several endpoints, each at its own head: a bid posted in a
 * range one endpoint read and deleted in a later range another one read must be stored deleted,
 * whichever range's reads come first.
 */
const contract = "0x00000000000000000000000000000000000000cc";
const provider = "0x00000000000000000000000000000000000000aa";
const modelId = `0x${"11".repeat(32)}`;
const bid = bidIdOf(provider, modelId, 0n);
const h = (n: number) => ({ number: n, hash: `0x${n.toString(16).padStart(64, "0")}`, timestamp: 1000 + n });
const log = (topic: string, block: number) =>
  ({
    address: contract,
    topics: [topic, pad(provider as `0x${string}`), modelId],
    data: encodeAbiParameters([{ type: "uint256" }], [0n]),
    blockNumber: `0x${block.toString(16)}`,
    blockHash: h(block).hash,
    logIndex: "0x0",
    transactionHash: `0x${"00".repeat(32)}`,
    removed: false,
  }) as unknown as RawLog;
/** Posted at block 3, deleted at block 15. */
const logs = [log(bidPostedTopic, 3), log(bidDeletedTopic, 15)];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An endpoint at head `latest` (getBid shows the deletion of block 15 only from there), answering
 * logs after `logDelay` ms and getBid after `bidDelay` ms; its getBid calls recorded.
 */
function endpoint(index: number, latest: number, delays: { logDelay: number; bidDelay?: number }) {
  const bidCalls: string[][] = [];
  const view = {
    createLogFetcher: () => ({
      rangeSize: 10,
      fetch: async (from: number, to: number) => {
        await sleep(delays.logDelay);
        const inRange = logs.filter((l) => Number(l.blockNumber) >= from && Number(l.blockNumber) <= to);
        return { logs: inRange, end: h(to), parent: from > 0 ? h(from - 1) : undefined };
      },
    }),
    readBids: async (ids: readonly string[]) => {
      bidCalls.push([...ids]);
      await sleep(delays.bidDelay ?? 0);
      return new Map<string, BidRead>(
        ids.map((id) => [
          id,
          {
            ok: true,
            state: {
              provider,
              modelId,
              pricePerSecond: 1n,
              nonce: 0n,
              createdAt: 1003,
              deletedAt: latest >= 15 ? 1015 : 0,
            },
          },
        ]),
      );
    },
    readSessions: async () => new Map(),
    blockHeader: async (n: number) => h(n),
  } as unknown as EndpointView;
  const member: PoolMember = { view, safeUrl: `http://endpoint-${index}/`, index };
  return { member, latest, bidCalls };
}

/** `a` is behind (head 9) and reads blocks 0 to 9; `b` (head 30) the blocks after them. */
function poolOf(a: ReturnType<typeof endpoint>, b: ReturnType<typeof endpoint>): ChainPool {
  return {
    members: [a.member, b.member],
    pick: (from) => (from < 10 ? a.member : b.member),
    lastBlockOf: (m) => (m === a.member ? a.latest : b.latest),
    serve: async (work, first) => ({ result: await work(first ?? a.member), by: first ?? a.member }),
    confirm: async () => {},
  };
}

const sourceOf = (pool: ChainPool) =>
  createRangeSource(pool, {
    identity: { chainId: 1, contract, fromBlock: 0, creationBlock: null },
    initialRangeSize: () => 10,
    hashWindowStart: 1_000,
    knownBids: new Map(),
    logger: silentLogger,
  });

describe("createRangeSource: a bid posted in a range of one endpoint, deleted in a range of another", () => {
  test("behavior: the later range's logs come first: the bid is read again before that range is committed", async () => {
    const a = endpoint(0, 9, { logDelay: 20 }); // behind, slower
    const b = endpoint(1, 30, { logDelay: 5 });
    const source = sourceOf(poolOf(a, b));
    const r1 = source.start(0, 19);
    const r2 = source.start(r1.to + 1, 19);
    const one = await r1.result; // committed first, as followChain does
    await source.readDeletionsAgain(one);
    source.stored(one.read);
    const two = await r2.result;
    await source.readDeletionsAgain(two);
    expect(two.read.deleted.map((d) => d.bidId)).toEqual([bid]);
    const stored = [...one.read.bids, ...two.read.refreshed].filter((x) => x.bidId === bid).at(-1);
    expect(stored?.state?.deletedAt).toBe(1015);
    // Read by `a` as new, then again by `b` (the range that holds the deletion), once each.
    expect([a.bidCalls, b.bidCalls]).toEqual([[[bid]], [[bid]]]);
  });

  test("behavior: the earlier range's read still in flight on the other endpoint: read again with the later range's reads, no request more", async () => {
    const a = endpoint(0, 9, { logDelay: 5, bidDelay: 40 }); // its getBid answers last
    const b = endpoint(1, 30, { logDelay: 20 });
    const source = sourceOf(poolOf(a, b));
    const r1 = source.start(0, 19);
    const r2 = source.start(r1.to + 1, 19);
    const one = await r1.result;
    source.stored(one.read);
    const two = await r2.result;
    expect(two.read.refreshed).toEqual([{ bidId: bid, state: expect.objectContaining({ deletedAt: 1015 }) }]);
    await source.readDeletionsAgain(two);
    expect(two.read.refreshed).toHaveLength(1);
    expect([a.bidCalls, b.bidCalls]).toEqual([[[bid]], [[bid]]]);
  });
});

describe("followChain in a pool: a deletion read on another endpoint than the bid's posting", () => {
  const stores: Database[] = [];
  afterEach(() => {
    for (const store of stores.splice(0)) store.close();
  });

  test("behavior: the stored bid has its deletedAt: no offer after its deletion", async () => {
    const store = openDatabase(":memory:");
    stores.push(store);
    const a = endpoint(0, 9, { logDelay: 20 });
    const b = endpoint(1, 30, { logDelay: 5 });
    const pool = poolOf(a, b);
    const chain = {
      safeUrl: "pool",
      pool,
      batchCap: undefined,
      sampleHead: () => {},
      resolveTarget: async () => ({ head: 30, target: 19 }),
      blockHeader: async (n: number) => h(n),
    } as unknown as ChainView;
    const summary = await followChain(
      createSyncDatabase(store).forChain(1),
      chain,
      { chainId: 1, contract, fromBlock: 0, fallbackFromBlock: 0, toBlock: 19, confirmations: 0 },
      { logger: silentLogger, initialRangeSize: 10 },
    );
    expect(summary.toBlock).toBe(19);
    expect(
      store.sqlite
        .prepare(
          `SELECT b.created_at AS createdAt, b.deleted_at AS deletedAt, d.block_number AS deletion
           FROM bids b JOIN bid_deletions d USING (chain_id, bid_id)`,
        )
        .all(),
    ).toEqual([{ createdAt: 1003, deletedAt: 1015, deletion: 15 }]);
  });
});
