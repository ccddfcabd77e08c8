import {
  type Address,
  createPublicClient,
  getAddress,
  type Hex,
  http,
  keccak256,
  type PublicClient,
  stringToHex,
} from "viem";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  bidDeletedTopic,
  bidPostedTopic,
  marketplaceAbi,
  sessionClosedTopic,
  sessionOpenedTopic,
} from "../../src/chain/abi.js";
import { bidIdOf } from "../../src/chain/parseBidLog.js";
import { deployMarketplace, multicall3Address } from "../../src/devchain/deployMarketplace.js";
import { encodeReceipt } from "../../src/devchain/encodeReceipt.js";
import { generateHistory } from "../../src/devchain/generateHistory.js";
import type { History, HistorySession } from "../../src/devchain/history.js";
import { loadContracts } from "../../src/devchain/loadContracts.js";
import { type AnvilNode, startAnvil } from "../../src/devchain/startAnvil.js";
import { type WriteHistoryResult, writeHistory } from "../../src/devchain/writeHistory.js";

const endTime = Date.UTC(2026, 0, 20, 17, 45, 12) / 1000;
const days = 10;
const genesis = endTime - days * 86_400 - 3600;

let node: AnvilNode;
let client: PublicClient;
let contract: Address;
let history: History;
let written: WriteHistoryResult;

beforeAll(async () => {
  node = await startAnvil({ timestamp: genesis });
  client = createPublicClient({ transport: http(node.rpcUrl, { timeout: 60_000 }) });
  ({ contract } = await deployMarketplace(node.rpcUrl, { multicall: true }));
  history = generateHistory({ seed: 7, days, sessionsPerDay: 40, endTime });
  written = await writeHistory(node.rpcUrl, contract, history, { blockSpanSeconds: 86_400 });
});

afterAll(async () => {
  await node?.stop();
});

async function sessionLogs(fromBlock: number, toBlock: number) {
  const logs = await client.request({
    method: "eth_getLogs",
    params: [
      {
        address: contract,
        fromBlock: `0x${fromBlock.toString(16)}`,
        toBlock: `0x${toBlock.toString(16)}`,
        topics: [[sessionOpenedTopic, sessionClosedTopic]],
      },
    ],
  });
  return logs.map((log) => ({
    kind: log.topics[0] === sessionOpenedTopic ? ("opened" as const) : ("closed" as const),
    user: getAddress(`0x${log.topics[1]?.slice(26)}`),
    sessionId: log.topics[2] as Hex,
    provider: getAddress(`0x${log.topics[3]?.slice(26)}`),
    blockNumber: Number(log.blockNumber),
    logIndex: Number(log.logIndex),
  }));
}

describe("dev chain", () => {
  test("default: one log per open and per close, with the bid's provider", async () => {
    const logs = await sessionLogs(0, written.lastBlock);
    const opened = logs.filter((l) => l.kind === "opened");
    const closed = logs.filter((l) => l.kind === "closed");
    expect(opened).toHaveLength(history.sessions.length);
    expect(closed).toHaveLength(history.sessions.filter((s) => s.close).length);
    const providerOf = new Map(history.bids.map((b) => [b.bidId, b.provider]));
    const byId = new Map(history.sessions.map((s) => [s.sessionId, s]));
    for (const log of logs) {
      const session = byId.get(log.sessionId) as HistorySession;
      expect(log.user).toBe(session.user);
      expect(log.provider).toBe(providerOf.get(session.bidId));
      expect(written.logBlocks.get(log.sessionId)?.[log.kind]).toBe(log.blockNumber);
    }
    // An open comes before its close.
    const position = (l: { blockNumber: number; logIndex: number }) => l.blockNumber * 1e6 + l.logIndex;
    const openAt = new Map(opened.map((l) => [l.sessionId, position(l)]));
    for (const l of closed) expect(position(l)).toBeGreaterThan(openAt.get(l.sessionId) as number);
  });

  test("behavior: getSession returns what was written (read through Multicall3)", async () => {
    const results = await client.multicall({
      multicallAddress: multicall3Address,
      contracts: history.sessions.map((s) => ({
        address: contract,
        abi: marketplaceAbi,
        functionName: "getSession" as const,
        args: [s.sessionId] as const,
      })),
    });
    results.forEach((result, k) => {
      const s = history.sessions[k] as HistorySession;
      expect(result.status).toBe("success");
      expect(result.result).toMatchObject({
        user: s.user,
        bidId: s.bidId,
        stake: s.stake,
        openedAt: BigInt(s.openedAt),
        endsAt: BigInt(s.endsAt),
        closedAt: BigInt(s.close?.closedAt ?? 0),
        closeoutType: BigInt(s.close?.closeoutType ?? 0),
        closeoutReceipt: s.close?.receipt ?? "0x",
        isActive: s.close === undefined,
      });
    });
  });

  test("behavior: block timestamps", async () => {
    const timestamps: number[] = [];
    for (let n = written.firstBlock; n <= written.lastBlock; n++) {
      timestamps.push(Number((await client.getBlock({ blockNumber: BigInt(n) })).timestamp));
    }
    expect(timestamps.at(-1)).toBe(endTime);
    const head = await client.getBlock({ blockTag: "latest" });
    expect(Number(head.number)).toBe(written.lastBlock);
    expect(written.blocks).toBe(written.lastBlock - written.firstBlock + 1);
    // Few blocks: one per UTC day of events at most, and one per time a bid is posted or deleted.
    const bidTimes = new Set(
      history.bids.flatMap((b) => [b.postedAt, b.deletedAt].filter((t) => t !== undefined)),
    );
    expect(written.blocks).toBeLessThanOrEqual(days + 2 + bidTimes.size);
    for (let k = 1; k < timestamps.length; k++) {
      expect(timestamps[k] as number).toBeGreaterThan(timestamps[k - 1] as number);
    }
    // Every event is at or before its block's time, and in the block of its UTC day (or the last block).
    const blockTime = (n: number) => timestamps[n - written.firstBlock] as number;
    for (const s of history.sessions) {
      const blocks = written.logBlocks.get(s.sessionId);
      const events: Array<[number, number | undefined]> = [[s.openedAt, blocks?.opened]];
      if (s.close) events.push([s.close.closedAt, blocks?.closed]);
      for (const [time, block] of events) {
        expect(block).toBeDefined();
        const t = blockTime(block as number);
        expect(t).toBeGreaterThanOrEqual(time);
        if (block !== written.lastBlock) expect(Math.floor(t / 86_400)).toBe(Math.floor(time / 86_400));
      }
    }
  });

  test("behavior: models, renames, bids", async () => {
    const read = (modelId: Hex) =>
      client.readContract({
        address: contract,
        abi: marketplaceAbi,
        functionName: "getModel",
        args: [modelId],
      });
    const renamed = history.renames?.[0];
    expect(renamed).toBeDefined();
    expect((await read(renamed?.modelId as Hex)).name).toBe(renamed?.name);
    const named = new Set(history.models.map((m) => m.modelId));
    const unnamed = history.bids.find((b) => !named.has(b.modelId));
    expect(unnamed).toBeDefined();
    expect((await read(unnamed?.modelId as Hex)).name).toBe("");
    const plain = history.models.find((m) => m.modelId !== renamed?.modelId);
    expect((await read(plain?.modelId as Hex)).name).toBe(plain?.name);
    for (const b of history.bids) {
      const bid = await client.readContract({
        address: contract,
        abi: marketplaceAbi,
        functionName: "getBid",
        args: [b.bidId],
      });
      expect([bid.provider, bid.modelId]).toEqual([b.provider, b.modelId]);
    }
  });

  test("behavior: bids posted, re-posted and deleted by the real contract's rules, at their block times", async () => {
    const logs = await client.request({
      method: "eth_getLogs",
      params: [
        {
          address: contract,
          fromBlock: "0x0",
          toBlock: "latest",
          topics: [[bidPostedTopic, bidDeletedTopic]],
        },
      ],
    });
    const read = (bidId: Hex) =>
      client.readContract({ address: contract, abi: marketplaceAbi, functionName: "getBid", args: [bidId] });
    const pairOf = (b: History["bids"][number]) => `${b.provider}:${b.modelId}`;
    const posted = logs.filter((log) => log.topics[0] === bidPostedTopic);
    expect(posted).toHaveLength(history.bids.length);
    for (const b of history.bids) {
      const bid = await read(b.bidId);
      expect(bid.createdAt).toBe(BigInt(b.postedAt as number));
      // Deleted by deleteModelBid, or by the re-post of its pair (the next bid of the pair).
      const next = history.bids.find(
        (o) => pairOf(o) === pairOf(b) && (o.postedAt as number) > (b.postedAt as number),
      );
      expect(bid.deletedAt).toBe(BigInt(b.deletedAt ?? next?.postedAt ?? 0));
      // The id is the contract's: keccak256 of the provider, the model and the nonce.
      expect(bidIdOf(b.provider, b.modelId, bid.nonce)).toBe(b.bidId.toLowerCase());
      if (next) {
        // A re-post logs the old bid's deletion, then the new bid, in one transaction.
        const pair = logs.filter(
          (log) =>
            log.topics[1] === `0x${b.provider.slice(2).toLowerCase().padStart(64, "0")}` &&
            log.topics[2] === b.modelId,
        );
        const deletion = pair.find(
          (log) => log.topics[0] === bidDeletedTopic && BigInt(log.data) === bid.nonce,
        );
        const repost = pair.find(
          (log) => log.topics[0] === bidPostedTopic && BigInt(log.data) === bid.nonce + 1n,
        );
        expect(deletion?.transactionHash).toBe(repost?.transactionHash);
        expect(Number(deletion?.logIndex)).toBeLessThan(Number(repost?.logIndex));
      }
    }
    expect(logs.filter((log) => log.topics[0] === bidDeletedTopic).length).toBe(
      history.bids.filter((b) => b.deletedAt !== undefined).length +
        history.bids.filter((b) =>
          history.bids.some(
            (o) => pairOf(o) === pairOf(b) && (o.postedAt as number) > (b.postedAt as number),
          ),
        ).length,
    );
  });

  test("behavior: Multicall3 code at the canonical address", async () => {
    const { Multicall3 } = await loadContracts();
    expect(await client.getCode({ address: multicall3Address })).toBe(Multicall3.deployedBytecode);
  });

  test("behavior: appending closes, new sessions, renames and revert switches", async () => {
    const open = history.sessions.find((s) => !s.close && s.endsAt > endTime) as HistorySession;
    const closedAt = endTime + 100;
    const receipt = encodeReceipt({
      sessionId: open.sessionId,
      chainId: 8453,
      timestamp: closedAt,
      tpsScaled1000: 1,
      ttftMs: 2,
      inputTokens: 3,
      outputTokens: 4,
    });
    const fresh: HistorySession = {
      ...open,
      sessionId: keccak256(stringToHex("appended")),
      openedAt: endTime + 50,
      endsAt: endTime + 4000,
      close: { closedAt: endTime + 60, closeoutType: 0, receipt: "0x" },
    };
    const bid = history.bids[0] as History["bids"][number];
    const model = history.models[0] as History["models"][number];
    const other = history.models[2] as History["models"][number];
    const later: History = {
      // The whole history again, plus what is new: nothing is written twice.
      ...history,
      models: history.models.map((m) => (m === model ? { ...m, reverts: true } : m)),
      bids: history.bids.map((b) => (b === bid ? { ...b, reverts: true } : b)),
      sessions: history.sessions
        .map((s) => (s === open ? { ...s, close: { closedAt, closeoutType: 0, receipt }, reverts: true } : s))
        .concat(fresh),
      renames: [
        ...(history.renames ?? []),
        { modelId: other.modelId, name: "renamed again", at: endTime + 70 },
      ],
      endTime: endTime + 3 * 86_400,
    };
    const appended = await writeHistory(node.rpcUrl, contract, later);
    expect(appended.firstBlock).toBe(written.lastBlock + 1);
    expect([...appended.logBlocks.keys()].sort()).toEqual([open.sessionId, fresh.sessionId].sort());
    const logs = await sessionLogs(appended.firstBlock, appended.lastBlock);
    expect(logs.map((l) => [l.kind, l.sessionId])).toEqual([
      ["opened", fresh.sessionId],
      ["closed", fresh.sessionId],
      ["closed", open.sessionId],
    ]);
    const last = await client.getBlock({ blockNumber: BigInt(appended.lastBlock) });
    expect(Number(last.timestamp)).toBe(later.endTime);
    const call = (functionName: "getSession" | "getBid" | "getModel", id: Hex) =>
      client.readContract({ address: contract, abi: marketplaceAbi, functionName, args: [id] });
    await expect(call("getSession", open.sessionId)).rejects.toThrow(/session unavailable/);
    await expect(call("getBid", bid.bidId)).rejects.toThrow(/bid unavailable/);
    await expect(call("getModel", model.modelId)).rejects.toThrow(/model unavailable/);
    const session = await client.readContract({
      address: contract,
      abi: marketplaceAbi,
      functionName: "getSession",
      args: [fresh.sessionId],
    });
    expect(session.closedAt).toBe(BigInt(endTime + 60));
    const renamed = await client.readContract({
      address: contract,
      abi: marketplaceAbi,
      functionName: "getModel",
      args: [other.modelId],
    });
    expect(renamed.name).toBe("renamed again");
    // Automine is back on.
    expect(await client.request({ method: "anvil_getAutomine" } as never)).toBe(true);
  });
});

describe("writeHistory", () => {
  test("behavior: a busy span takes several blocks; events at endTime go into the last block", async () => {
    const end = Date.UTC(2026, 0, 1) / 1000;
    const chain = await startAnvil({ timestamp: end - 86_400 });
    try {
      const { contract: market } = await deployMarketplace(chain.rpcUrl);
      const generated = generateHistory({ seed: 3, days: 1, sessionsPerDay: 20, endTime: end });
      // Bids written without a log: only the sessions' logs are counted here.
      const base = {
        ...generated,
        bids: generated.bids.map(({ postedAt: _, deletedAt: __, ...bid }) => bid),
      };
      const sessions = base.sessions.slice(0, 15).map((s, k) => ({
        ...s,
        openedAt: end - 1000 + k,
        endsAt: end + 1000,
        close: { closedAt: k === 0 ? end : end - 500 + k, closeoutType: 0, receipt: "0x" as Hex },
      }));
      const result = await writeHistory(
        chain.rpcUrl,
        market,
        { ...base, sessions, renames: [] },
        { maxEventsPerBlock: 8 },
      );
      const reader = createPublicClient({ transport: http(chain.rpcUrl) });
      const sizes: number[] = [];
      const times: number[] = [];
      for (let n = result.firstBlock; n <= result.lastBlock; n++) {
        const block = await reader.getBlock({ blockNumber: BigInt(n) });
        const logs = await reader.getLogs({ address: market, fromBlock: BigInt(n), toBlock: BigInt(n) });
        sizes.push(logs.length);
        times.push(Number(block.timestamp));
      }
      expect(sizes).toEqual([8, 8, 8, 5, 1]);
      expect(times.at(-1)).toBe(end);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(result.logBlocks.get(sessions[0]?.sessionId as Hex)?.closed).toBe(result.lastBlock);
    } finally {
      await chain.stop();
    }
  });
});

describe("startAnvil", () => {
  test("behavior: stop() ends the process", async () => {
    const other = await startAnvil({ chainId: 8453 });
    expect(other.port).toBeGreaterThan(0);
    const chainId = await createPublicClient({ transport: http(other.rpcUrl) }).getChainId();
    expect(chainId).toBe(8453);
    await other.stop();
    expect(other.process.exitCode !== null || other.process.signalCode !== null).toBe(true);
    await other.stop();
  });
});
