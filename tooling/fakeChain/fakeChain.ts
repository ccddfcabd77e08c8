import { encodeAbiParameters, getAddress, type Hex, hexToBytes, padHex } from "viem";
import {
  bidDeletedTopic,
  bidPostedTopic,
  sessionClosedTopic,
  sessionOpenedTopic,
} from "../../src/chain/abi.js";
import type { EndpointView } from "../../src/chain/ChainView.js";
import type { LogFetcher, RawLog } from "../../src/chain/createLogFetcher.js";
import type { BlockHeader } from "../../src/chain/getBlockHeader.js";
import { bidIdOf } from "../../src/chain/parseBidLog.js";
import { poolOfOne } from "../../src/chain/pool/poolOfOne.js";
import type { BidRead, BidState } from "../../src/chain/readBids.js";
import type { SessionRead } from "../../src/chain/readSessions.js";
import { TransientError } from "../../src/errors/BaseError.js";

/**
 * Test-only, imported by no production code: a chain held in memory behind the ChainView seam,
 * so that the follower runs without a node. Blocks carry raw logs as eth_getLogs returns them;
 * getSession derives a session's state from the canonical logs (opened and closed at their
 * blocks' times), so a reorg changes states as it would on a node.
 */
export type FakeBlock = BlockHeader & { logs: RawLog[] };

export type FakeChain = {
  readonly view: EndpointView;
  readonly contract: string;
  /** The canonical chain: blocks[n] is block n. */
  readonly blocks: FakeBlock[];
  /** Appends empty blocks; returns the new head. */
  mine(count?: number): number;
  /** A SessionOpened log in the head block. */
  open(sessionId: Hex, session: { bidId: Hex; durationSeconds?: number; stake?: bigint }): void;
  /** A SessionClosed log in the head block; the receipt getSession shows from then on. */
  close(sessionId: Hex, close?: { receipt?: Uint8Array; closeoutType?: bigint; provider?: string }): void;
  /** getBid's answer: a bid (createdAt 1, deletedAt 0 unless given), or a failed read; no log. */
  addBid(bidId: Hex, bid: FakeBid | "unreadable"): void;
  /**
   * A MarketplaceBidPosted log in the head block (the pair's next nonce, CHAIN.md), after a
   * MarketplaceBidDeleted of the pair's standing bid; getBid shows it created at the head's time.
   * Returns its bidId.
   */
  postBid(provider: string, modelId: Hex, pricePerSecond: bigint): Hex;
  /** A MarketplaceBidDeleted log in the head block; getBid shows it deleted at the head's time. */
  deleteBid(bidId: Hex): void;
  /** Answers of getBid that still show the bid standing after its deletion, by bid. */
  readonly bidLagReads: Map<string, number>;
  /** Any log in the head block (another contract's, a duplicate, ...). */
  addLog(log: Partial<RawLog>): void;
  /** Replaces blocks fromBlock.. with new hashes; their logs stay only with `keepLogs`. */
  reorg(fromBlock: number, options?: { keepLogs?: boolean }): void;
  /** Answers of getSession that still show the session open after its close, by session. */
  readonly lagReads: Map<string, number>;
  /** What findCreationBlock answers. */
  creationBlock: number | undefined;
  /** The batch cap the view reports (as its endpoint would have shown it); assumeBatchCap sets it too. */
  batchCap: number | undefined;
  /** The aggregate3 call cap the view reports; assumeCallCap sets it. */
  callCap: number | undefined;
  /** Called by each log fetch before it reads the chain (a reorg during the run). */
  onFetch: ((from: number, to: number) => void) | undefined;
  readonly calls: { readSessions: string[][]; readBids: string[][]; fetch: Array<[number, number]> };
};

/** A bid given to addBid: its times default to createdAt 1, deletedAt 0, its nonce to 0. */
export type FakeBid = Omit<BidState, "createdAt" | "deletedAt" | "nonce"> &
  Partial<Pick<BidState, "createdAt" | "deletedAt" | "nonce">>;

const user = "0x00000000000000000000000000000000000000aa";
export const fakeProvider = getAddress("0x00000000000000000000000000000000000000bb");
const zeroWord = `0x${"0".repeat(64)}`;

const word = (n: number | bigint | string) =>
  typeof n === "string" ? padHex(n as Hex, { size: 32 }) : `0x${n.toString(16).padStart(64, "0")}`;

/** A signed v2 receipt (CHAIN.md: 224 bytes) of a session. */
export function fakeReceipt(
  sessionId: Hex,
  figures: { tps?: number; ttftMs?: number; inputTokens?: number; outputTokens?: number } = {},
): Uint8Array {
  const types = ["bytes32", "uint256", "uint128", "uint32", "uint32", "uint32", "uint32"].map((type) => ({
    type,
  }));
  const { tps = 41_237, ttftMs = 734, inputTokens = 100, outputTokens = 23 } = figures;
  return hexToBytes(
    encodeAbiParameters(types, [
      sessionId,
      8453n,
      1_760_000_000_000n,
      tps,
      ttftMs,
      inputTokens,
      outputTokens,
    ]),
  );
}

export function createFakeChain(options: { contract?: string; startTime?: number; blockTime?: number } = {}) {
  const contract = (options.contract ?? "0x00000000000000000000000000000000000000cc").toLowerCase();
  const startTime = options.startTime ?? Date.UTC(2026, 2, 1) / 1000;
  const blockTime = options.blockTime ?? 2;
  let fork = 0;
  const hashOf = (n: number) => `0x${fork.toString(16).padStart(8, "0")}${n.toString(16).padStart(56, "0")}`;
  const blocks: FakeBlock[] = [];
  const specs = new Map<string, { bidId: Hex; durationSeconds: number; stake: bigint }>();
  const closings = new Map<string, { receipt: Uint8Array; closeoutType: bigint }>();
  const bids = new Map<string, BidState | "unreadable">();
  /** Bids posted by postBid: their pair and nonce, for the logs (their times come from the logs). */
  const posted = new Map<string, { provider: string; modelId: Hex; nonce: bigint }>();
  const nonces = new Map<string, bigint>();
  const calls: FakeChain["calls"] = { readSessions: [], readBids: [], fetch: [] };

  const head = () => blocks.at(-1) as FakeBlock;
  const mine = (count = 1) => {
    for (let i = 0; i < count; i++) {
      const number = blocks.length;
      blocks.push({ number, hash: hashOf(number), timestamp: startTime + number * blockTime, logs: [] });
    }
    return blocks.length - 1;
  };
  const addLog = (log: Partial<RawLog>) => {
    const block = head();
    block.logs.push({
      address: contract,
      topics: [],
      data: "0x",
      blockNumber: `0x${block.number.toString(16)}`,
      blockHash: block.hash,
      transactionHash: word(block.number * 1000 + block.logs.length),
      logIndex: `0x${block.logs.length.toString(16)}`,
      ...log,
    });
  };
  const sessionLog = (topic: string, sessionId: Hex, provider: string) =>
    addLog({ topics: [topic, word(user), sessionId, word(provider.toLowerCase())] });
  const logOf = (topic: string, sessionId: string) => {
    for (const block of blocks)
      if (block.logs.some((log) => log.topics[0] === topic && log.topics[2] === sessionId)) return block;
    return undefined;
  };
  const header = (n: number): BlockHeader | null => {
    const block = blocks[n];
    return block ? { number: block.number, hash: block.hash, timestamp: block.timestamp } : null;
  };

  const readSession = (id: string): SessionRead => {
    const opened = logOf(sessionOpenedTopic, id);
    const spec = specs.get(id);
    if (!opened || !spec) {
      // The contract answers an unknown session with an empty struct.
      const empty = { bidId: zeroWord, stake: 0n, closeoutReceipt: new Uint8Array(), closeoutType: 0n };
      return { ok: true, state: { ...empty, openedAt: 0, endsAt: 0, closedAt: 0 } };
    }
    const lag = fake.lagReads.get(id) ?? 0;
    if (lag > 0) fake.lagReads.set(id, lag - 1);
    const closed = lag > 0 ? undefined : logOf(sessionClosedTopic, id);
    const closing = closed ? closings.get(id) : undefined;
    return {
      ok: true,
      state: {
        bidId: spec.bidId,
        stake: spec.stake,
        closeoutReceipt: closing?.receipt ?? new Uint8Array(),
        closeoutType: closing?.closeoutType ?? 0n,
        openedAt: opened.timestamp,
        endsAt: opened.timestamp + spec.durationSeconds,
        closedAt: closed?.timestamp ?? 0,
      },
    };
  };

  /** A posted bid's times come from its canonical logs, so that a reorg changes them. */
  const readBid = (id: string): BidRead => {
    const bid = bids.get(id);
    if (!bid || bid === "unreadable") return { ok: false, error: "reverted" };
    const post = posted.get(id);
    if (!post) return { ok: true, state: bid };
    const logOfBid = (topic: string) =>
      blocks.find((block) =>
        block.logs.some(
          (log) =>
            log.topics[0] === topic &&
            log.topics[2] === post.modelId.toLowerCase() &&
            BigInt(log.data) === post.nonce &&
            log.topics[1] === word(post.provider.toLowerCase()),
        ),
      );
    const created = logOfBid(bidPostedTopic);
    const lag = fake.bidLagReads.get(id) ?? 0;
    if (lag > 0) fake.bidLagReads.set(id, lag - 1);
    const deleted = lag > 0 ? undefined : logOfBid(bidDeletedTopic);
    return {
      ok: true,
      state: { ...bid, createdAt: created?.timestamp ?? 0, deletedAt: deleted?.timestamp ?? 0 },
    };
  };
  const bidLog = (topic: string, id: string) => {
    const post = posted.get(id) as { provider: string; modelId: Hex; nonce: bigint };
    addLog({
      topics: [topic, word(post.provider.toLowerCase()), post.modelId.toLowerCase()],
      data: word(post.nonce),
    });
  };

  // Every log of the blocks (foreign ones included, as a misbehaving endpoint returns them), or
  // only those of the given topics.
  const createLogFetcher = (
    fetcherOptions: { initialRangeSize?: number; topics?: readonly string[] } = {},
  ): LogFetcher => ({
    rangeSize: fetcherOptions.initialRangeSize ?? 10,
    async fetch(from, to) {
      calls.fetch.push([from, to]);
      fake.onFetch?.(from, to);
      const end = header(to);
      const parent = from > 0 ? header(from - 1) : undefined;
      if (!end || parent === null) throw new TransientError(`fake chain: no block ${to}`);
      const logs = blocks.slice(from, to + 1).flatMap((block) => block.logs);
      const topics = fetcherOptions.topics;
      return {
        logs: topics ? logs.filter((log) => topics.includes(log.topics[0] ?? "")) : logs,
        end,
        parent,
      };
    },
  });

  const view: EndpointView = {
    safeUrl: "fake://chain",
    endpointKey: "fake",
    get pool() {
      return pool;
    },
    get batchCap() {
      return fake.batchCap;
    },
    get callCap() {
      return fake.callCap;
    },
    assumeCallCap: (cap) => {
      fake.callCap = cap;
    },
    assumeBatchCap: (cap) => {
      fake.batchCap = cap;
    },
    sampleHead: () => {},
    async resolveTarget(toBlock, confirmations) {
      const headNumber = blocks.length - 1;
      const requested = typeof toBlock === "number" ? toBlock : headNumber;
      return { head: headNumber, target: Math.min(requested, headNumber - confirmations) };
    },
    async blockHeader(n) {
      const found = header(n);
      if (!found) throw new TransientError(`fake chain: no block ${n}`);
      return found;
    },
    blockHeaderOrNull: async (n) => header(n),
    createLogFetcher,
    async readSessions(ids) {
      calls.readSessions.push([...ids]);
      return new Map(ids.map((id) => [id, readSession(id)]));
    },
    async readBids(ids) {
      calls.readBids.push([...ids]);
      return new Map(ids.map((id): [string, BidRead] => [id, readBid(id)]));
    },
    readModelNames: async (ids) =>
      new Map(ids.map((id) => [id, { ok: true, name: `model ${id.slice(-4)}`, validUtf8: true }])),
    readPairStats: async () => ({ available: false, reason: "fake chain" }),
    readModelBooks: async () => ({ available: false, reason: "fake chain" }),
    readRouterDetails: async () => ({ available: false, reason: "fake chain" }),
    findCreationBlock: async () => fake.creationBlock,
  };
  const pool = poolOfOne(view);

  const fake: FakeChain = {
    view,
    contract,
    blocks,
    mine,
    open(sessionId, session) {
      specs.set(sessionId, { durationSeconds: 3_600, stake: 10n ** 18n, ...session });
      sessionLog(sessionOpenedTopic, sessionId, fakeProvider);
    },
    close(sessionId, close = {}) {
      closings.set(sessionId, {
        receipt: close.receipt ?? fakeReceipt(sessionId),
        closeoutType: close.closeoutType ?? 0n,
      });
      const bid = bids.get(specs.get(sessionId)?.bidId ?? "");
      sessionLog(
        sessionClosedTopic,
        sessionId,
        close.provider ?? (bid && bid !== "unreadable" ? bid.provider : fakeProvider),
      );
    },
    addBid: (bidId, bid) =>
      void bids.set(bidId, bid === "unreadable" ? bid : { createdAt: 1, deletedAt: 0, nonce: 0n, ...bid }),
    postBid(provider, modelId, pricePerSecond) {
      const pair = `${provider.toLowerCase()}:${modelId.toLowerCase()}`;
      const nonce = nonces.get(pair) ?? 0n;
      nonces.set(pair, nonce + 1n);
      const bidId = bidIdOf(getAddress(provider), modelId.toLowerCase(), nonce) as Hex;
      if (nonce > 0n) {
        const previous = bidIdOf(getAddress(provider), modelId.toLowerCase(), nonce - 1n);
        const state = readBid(previous);
        if (state.ok && state.state.deletedAt === 0) bidLog(bidDeletedTopic, previous);
      }
      posted.set(bidId, { provider: getAddress(provider), modelId, nonce });
      bids.set(bidId, {
        provider: getAddress(provider),
        modelId: modelId.toLowerCase(),
        pricePerSecond,
        nonce,
        createdAt: 0,
        deletedAt: 0,
      });
      bidLog(bidPostedTopic, bidId);
      return bidId;
    },
    deleteBid: (bidId) => bidLog(bidDeletedTopic, bidId.toLowerCase()),
    bidLagReads: new Map(),
    addLog,
    reorg(fromBlock, reorgOptions = {}) {
      fork++;
      for (const block of blocks.slice(fromBlock)) {
        block.hash = hashOf(block.number);
        block.logs = reorgOptions.keepLogs
          ? block.logs.map((log) => ({ ...log, blockHash: block.hash }))
          : [];
      }
    },
    lagReads: new Map(),
    creationBlock: undefined,
    batchCap: undefined,
    callCap: undefined,
    onFetch: undefined,
    calls,
  };
  mine();
  return fake;
}
