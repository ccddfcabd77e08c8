import {
  type Address,
  createPublicClient,
  createWalletClient,
  getAddress,
  type Hex,
  http,
  keccak256,
  type PublicClient,
  parseAbi,
  stringToHex,
} from "viem";
import { beforeAll, describe, expect, test } from "vitest";
import { marketplaceAbi } from "../../src/chain/abi.js";
import { encodeReceipt } from "../../src/devchain/encodeReceipt.js";
import { nodeRequest } from "../../src/devchain/nodeRequest.js";
import { seedingAbi } from "../../src/devchain/planHistoryBlocks.js";
import { postedBidId } from "../../src/devchain/postedBidId.js";
import { facetOf } from "../../tooling/devchain/cutDiamond.js";
import { routerOrder } from "../support/expected/routerOrder.js";
import { routerRanking } from "../support/expected/routerRanking.js";
import { useDevChain } from "../support/useDevChain.js";

/**
 * The test marketplace's router views (CHAIN.md, getModelStats to getModelActiveBids) behave as
 * the real contract's: the active bids an EnumerableSet (a removal moves the last into the gap),
 * LibSD's running means in int64 with truncating division, the model's count of pairs with a
 * signed close. Every expected number below is worked out by hand in the comments.
 */
const endTime = Date.UTC(2026, 0, 1) / 1000;
const chain = useDevChain({ models: [], bids: [], sessions: [], endTime });

const settersAbi = parseAbi([
  "function setProviderStake(address provider, uint256 stake)",
  "function setProviderMinimumStake(uint256 stake)",
  "function setRouterViewsUnavailable(bool unavailable)",
]);
const abi = [...marketplaceAbi, ...seedingAbi, ...settersAbi];

const model = keccak256(stringToHex("router model"));
const single = keccak256(stringToHex("router single-provider model"));
const providerOf = (digit: number): Address => getAddress(`0x${String(digit).repeat(40)}`);
const [p1, p2, p3, p4] = [providerOf(1), providerOf(2), providerOf(3), providerOf(4)];

let client: PublicClient;
let send: (functionName: string, args: readonly unknown[]) => Promise<void>;
beforeAll(async () => {
  const transport = http(chain.rpcUrl, { retryCount: 0 });
  client = createPublicClient({ transport });
  const [account] = await nodeRequest<Address[]>(client, "eth_accounts");
  const wallet = createWalletClient({ account: account as Address, transport });
  send = async (functionName, args) => {
    const hash = await wallet.writeContract({
      address: chain.contract,
      abi,
      functionName: functionName as "setProviderStake",
      args: args as never,
      chain: null,
      gas: 5_000_000n,
    });
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    expect(receipt.status).toBe("success");
  };
});

const read = <T>(functionName: string, args: readonly unknown[] = []) =>
  client.readContract({ address: chain.contract, abi, functionName, args } as never) as Promise<T>;
const activeBids = (modelId: Hex, offset = 0n, limit = 100n) =>
  read<readonly [readonly Hex[], bigint]>("getModelActiveBids", [modelId, offset, limit]);

/** Opens a session on `bidId` at `openedAt` and closes it `duration` s later with this receipt. */
async function session(
  name: string,
  bidId: Hex,
  open: number,
  duration: number,
  close: Close,
): Promise<void> {
  const sessionId = keccak256(stringToHex(name));
  const openedAt = BigInt(open);
  const closedAt = BigInt(open + duration);
  await send("openMany", [[{ sessionId, user: p1, bidId, stake: 1n, openedAt, endsAt: closedAt + 3600n }]]);
  const receipt = encodeReceipt({
    sessionId,
    chainId: 31337,
    timestamp: closedAt,
    tpsScaled1000: close.tps,
    ttftMs: close.ttft,
  });
  await send("closeMany", [
    [{ sessionId, receipt, closeoutType: close.type ?? 0n, closedAt, silent: false }],
  ]);
}
type Close = { tps: number; ttft: number; type?: bigint };

describe("the test marketplace's router views", () => {
  test("default: getModelActiveBids is an EnumerableSet: posts add, a removal moves the last into the gap", async () => {
    for (const provider of [p1, p2, p3, p4]) await send("postModelBid", [provider, model, 10n ** 14n]);
    const [b1, b2, b3, b4] = [p1, p2, p3, p4].map((p) => postedBidId(p, model, 0)) as [Hex, Hex, Hex, Hex];
    expect(await activeBids(model)).toEqual([[b1, b2, b3, b4], 4n]);
    await send("deleteModelBid", [b2]);
    expect(await activeBids(model)).toEqual([[b1, b4, b3], 3n]);
    // A re-post of p1 deletes b1 (b3, the last, moves to its place), then adds the new bid at the end.
    await send("postModelBid", [p1, model, 2n * 10n ** 14n]);
    const b1Again = postedBidId(p1, model, 1);
    expect(await activeBids(model)).toEqual([[b3, b4, b1Again], 3n]);
    expect(await activeBids(model, 1n, 1n)).toEqual([[b4], 3n]);
    expect(await activeBids(model, 2n, 5n)).toEqual([[b1Again], 3n]);
    expect(await activeBids(model, 3n, 5n)).toEqual([[], 3n]);
    expect(await activeBids(single)).toEqual([[], 0n]);
  });

  test("behavior: signed closes update the pair's and the model's running means as LibSD does; count counts pairs", async () => {
    const [, , b3, b4] = [p1, p2, p3, p4].map((p) => postedBidId(p, model, 0)) as [Hex, Hex, Hex, Hex];
    const b1 = postedBidId(p1, model, 1);
    const t = endTime + 10 * 86_400;
    await session("A", b1, t, 100, { tps: 1000, ttft: 200 });
    await session("C", b3, t + 1000, 300, { tps: 4000, ttft: 100 });
    await session("B", b1, t + 2000, 50, { tps: 2003, ttft: 301 });
    await session("D", b3, t + 3000, 70, { tps: 9999, ttft: 9999, type: 1n });
    await session("E", b4, t + 4000, 70, { tps: 9999, ttft: 9999, type: 1n });
    // p1: A adds 1000 (n 1): mean 1000, sqSum 0; B adds 2003 (n 2): mean 1000 + 1003/2 = 1501,
    // sqSum (2003 - 1501) * (2003 - 1000) = 502 * 1003 = 503506. ttft: 200; then 200 + 101/2 = 250,
    // sqSum 51 * 101 = 5151. Duration 100 + 50.
    expect(await read("getProviderModelStats", [model, p1])).toEqual({
      tpsScaled1000: { mean: 1501n, sqSum: 503_506n },
      ttftMs: { mean: 250n, sqSum: 5151n },
      totalDuration: 150,
      successCount: 2,
      totalCount: 2,
    });
    // p3: one signed close (C) and one disputed (D), which only counts.
    expect(await read("getProviderModelStats", [model, p3])).toEqual({
      tpsScaled1000: { mean: 4000n, sqSum: 0n },
      ttftMs: { mean: 100n, sqSum: 0n },
      totalDuration: 300,
      successCount: 1,
      totalCount: 2,
    });
    expect(await read("getProviderModelStats", [model, p4])).toMatchObject({
      successCount: 0,
      totalCount: 1,
    });
    // The model, pair means in and out:
    // A: count 1; tps 1000 (0), ttft 200 (0), duration 100 (0).
    // C: count 2; tps 1000 + 3000/2 = 2500, sqSum 1500 * 3000 = 4500000; ttft 200 + (-100)/2 = 150,
    //    sqSum (-50) * (-100) = 5000; duration 100 + 200/2 = 200, sqSum 100 * 200 = 20000.
    // B: p1's old means leave with n = 1: tps 2500 - (1000 - 2500) = 4000, sqSum 4500000 -
    //    (1000 - 4000) * (1000 - 2500) = 0; ttft 150 - 50 = 100, sqSum 5000 - 100 * 50 = 0.
    //    Its new means enter with n = 2: tps 4000 + (1501 - 4000)/2 = 4000 - 1249 (truncated
    //    toward zero) = 2751, sqSum (1501 - 2751) * (1501 - 4000) = 3123750; ttft 100 + 150/2 = 175,
    //    sqSum 75 * 150 = 11250; duration adds p1's total 150: 200 - 25 = 175, sqSum 20000 + 1250.
    // D, E: disputed, the model is untouched (E's pair has no signed close: not counted).
    expect(await read("getModelStats", [model])).toEqual({
      tpsScaled1000: { mean: 2751n, sqSum: 3_123_750n },
      ttftMs: { mean: 175n, sqSum: 11_250n },
      totalDuration: { mean: 175n, sqSum: 21_250n },
      count: 2,
    });
  });

  test("behavior: a model of one pair: its old means leave with n = 0, which zeroes the statistic", async () => {
    await send("postModelBid", [p2, single, 10n ** 13n]);
    const bid = postedBidId(p2, single, 0);
    const t = endTime + 20 * 86_400;
    await session("S1", bid, t, 10, { tps: 500, ttft: 40 });
    expect(await read("getModelStats", [single])).toEqual({
      tpsScaled1000: { mean: 500n, sqSum: 0n },
      ttftMs: { mean: 40n, sqSum: 0n },
      totalDuration: { mean: 10n, sqSum: 0n },
      count: 1,
    });
    // Pair: tps 500 + 200/2 = 600, sqSum 100 * 200; ttft 40 + 10 = 50, sqSum 10 * 20. The model:
    // remove(n 0) zeroes tps and ttft, then add(n 1) sets them to the pair's means; duration adds
    // the pair's total 30 with n 1: 10 + 20 = 30, sqSum (30 - 30) * (30 - 10) = 0.
    await session("S2", bid, t + 100, 20, { tps: 700, ttft: 60 });
    expect(await read("getProviderModelStats", [single, p2])).toMatchObject({
      tpsScaled1000: { mean: 600n, sqSum: 20_000n },
      ttftMs: { mean: 50n, sqSum: 200n },
      totalDuration: 30,
    });
    expect(await read("getModelStats", [single])).toEqual({
      tpsScaled1000: { mean: 600n, sqSum: 0n },
      ttftMs: { mean: 50n, sqSum: 0n },
      totalDuration: { mean: 30n, sqSum: 0n },
      count: 1,
    });
  });

  test("behavior: stakes of any size, the minimum stake 0.1 MOR until set; the views are the diamond's own", async () => {
    expect(await read("getProvider", [p3])).toMatchObject({ stake: 0n, createdAt: 0n });
    await send("setProviderStake", [p3, 2n ** 63n + 5n]);
    const provider = await read<{ stake: bigint; createdAt: bigint; isDeleted: boolean }>("getProvider", [
      p3,
    ]);
    expect(provider).toMatchObject({ endpoint: "", stake: 2n ** 63n + 5n, isDeleted: false });
    expect(provider.createdAt).toBeGreaterThan(0n);
    expect(await read("getProviderMinimumStake")).toBe(10n ** 17n);
    await send("setProviderMinimumStake", [2n * 10n ** 17n]);
    expect(await read("getProviderMinimumStake")).toBe(2n * 10n ** 17n);
    await send("setProviderMinimumStake", [10n ** 17n]);
    for (const fn of [
      "getModelStats(bytes32)",
      "getProvider(address)",
      "getProviderMinimumStake()",
      "getModelActiveBids(bytes32,uint256,uint256)",
    ]) {
      expect(await facetOf(chain.rpcUrl, chain.contract, fn)).toBe(chain.contract);
    }
  });

  test("error: with the router's views switched off, each reverts; the other views still answer", async () => {
    await send("setRouterViewsUnavailable", [true]);
    await expect(read("getModelStats", [model])).rejects.toThrow(/no such function/);
    await expect(read("getProvider", [p1])).rejects.toThrow(/no such function/);
    await expect(read("getProviderMinimumStake")).rejects.toThrow(/no such function/);
    await expect(activeBids(model)).rejects.toThrow(/no such function/);
    expect(await read("getProviderModelStats", [model, p1])).toMatchObject({ successCount: 2 });
    await send("setRouterViewsUnavailable", [false]);
    expect(await activeBids(model)).toMatchObject([expect.any(Array), 3n]);
  });

  test("behavior: routerOrder (test/support/expected) reads these views at a block and ranks what the tests above wrote", async () => {
    const before = await client.getBlockNumber({ cacheTime: 0 });
    const b1 = postedBidId(p1, model, 1);
    const [, , b3, b4] = [p1, p2, p3, p4].map((p) => postedBidId(p, model, 0)) as [Hex, Hex, Hex, Hex];
    const stat = (mean: bigint, sqSum: bigint) => ({ mean, sqSum });
    const zero = stat(0n, 0n);
    const modelStats = {
      tpsScaled1000: stat(2751n, 3_123_750n),
      ttftMs: stat(175n, 11_250n),
      totalDuration: stat(175n, 21_250n),
      count: 2,
    };
    const common = { model: modelStats, minimumStake: 10n ** 17n };
    const expected = routerRanking([
      {
        bidId: b3,
        provider: p3,
        input: {
          ...common,
          pair: {
            tpsScaled1000: stat(4000n, 0n),
            ttftMs: stat(100n, 0n),
            totalDuration: 300,
            successCount: 1,
            totalCount: 2,
          },
          stake: 2n ** 63n + 5n,
          pricePerSecond: 10n ** 14n,
        },
      },
      {
        bidId: b4,
        provider: p4,
        input: {
          ...common,
          pair: { tpsScaled1000: zero, ttftMs: zero, totalDuration: 0, successCount: 0, totalCount: 1 },
          stake: 0n,
          pricePerSecond: 10n ** 14n,
        },
      },
      {
        bidId: b1,
        provider: p1,
        input: {
          ...common,
          pair: {
            tpsScaled1000: stat(1501n, 503_506n),
            ttftMs: stat(250n, 5151n),
            totalDuration: 150,
            successCount: 2,
            totalCount: 2,
          },
          stake: 0n,
          pricePerSecond: 2n * 10n ** 14n,
        },
      },
    ]);
    expect(expected).toHaveLength(3);
    const modelIds = [model, single, keccak256(stringToHex("no bids"))];
    const order = await routerOrder({ client, contract: chain.contract, blockNumber: before, modelIds });
    expect(Object.keys(order).sort()).toEqual([model, single].sort());
    expect(order[model]).toEqual([{ chainId: 31337, available: true, bids: expected }]);
    expect(order[single]?.[0]?.bids.map((b) => b.bidId)).toEqual([postedBidId(p2, single, 0)]);

    await send("setRouterViewsUnavailable", [true]);
    const after = await client.getBlockNumber({ cacheTime: 0 });
    expect(await routerOrder({ client, contract: chain.contract, blockNumber: after, modelIds })).toEqual({
      [model]: [{ chainId: 31337, available: false, bids: [] }],
      [single]: [{ chainId: 31337, available: false, bids: [] }],
      [modelIds[2] as Hex]: [{ chainId: 31337, available: false, bids: [] }],
    });
    expect(await routerOrder({ client, contract: chain.contract, blockNumber: before, modelIds })).toEqual(
      order,
    );
    await send("setRouterViewsUnavailable", [false]);
  });
});
