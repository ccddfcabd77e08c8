import {
  type Address,
  createPublicClient,
  decodeEventLog,
  type Hex,
  http,
  type PublicClient,
  parseAbi,
  zeroAddress,
} from "viem";
import { beforeAll, describe, expect, test } from "vitest";
import { diamondCutTopic, marketplaceAbi } from "../../src/chain/abi.js";
import { presets } from "../../src/chain/presets.js";
import { generateHistory } from "../../src/devchain/generateHistory.js";
import type { HistorySession } from "../../src/devchain/history.js";
import { loadContracts } from "../../src/devchain/loadContracts.js";
import { cutDiamond, deployFacet, facetOf, selectorOf } from "../../tooling/devchain/cutDiamond.js";
import type { DevChain } from "../../tooling/devchain/startDevChain.js";
import { useDevChains } from "../support/useDevChains.js";

/**
 * The test marketplace is cut like the real diamond (CHAIN.md, "Upgrades"): DiamondCut as the
 * real one emits it, facetAddress, EIP-2535's rules for add, replace and remove, and the facets a
 * test cuts in serve getSession from the marketplace's own storage, also where the code was
 * copied to a preset's address.
 */
const endTime = Date.UTC(2026, 3, 1, 12) / 1000;
const history = generateHistory({ seed: 5, days: 3, sessionsPerDay: 6, endTime });
const closed = history.sessions.find((s) => s.close && s.close.receipt.length > 2) as HistorySession;

const chains = useDevChains({
  deployed: [history],
  atPreset: [history, { at: presets.base.contract as Address }],
});

const withoutReceiptAbi = parseAbi([
  "struct Session { address user; bytes32 bidId; uint256 stake; uint256 closeoutType; uint256 providerWithdrawnAmount; uint128 openedAt; uint128 endsAt; uint128 closedAt; bool isActive; bool isDirectPaymentFromUser; }",
  "function getSession(bytes32 sessionId) view returns (Session)",
]);

let client: (chain: DevChain) => PublicClient;
beforeAll(() => {
  client = (chain) => createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0 }) });
});

const getSession = (chain: DevChain, abi = marketplaceAbi) =>
  client(chain).readContract({
    address: chain.contract,
    abi,
    functionName: "getSession",
    args: [closed.sessionId],
  }) as Promise<Record<string, unknown>>;

describe("the test marketplace as a diamond", () => {
  test("default: it serves its own views until a cut; DiamondCut is the real event; a clone facet serves the same data", async () => {
    const chain = chains.deployed;
    expect(await facetOf(chain.rpcUrl, chain.contract, "getSession(bytes32)")).toBe(chain.contract);
    expect(await facetOf(chain.rpcUrl, chain.contract, "0x12345678")).toBe(zeroAddress);
    const before = await getSession(chain);
    const clone = await deployFacet(chain.rpcUrl, "TestMarketplace");
    const mined = await cutDiamond(chain.rpcUrl, chain.contract, [
      { action: "replace", facet: clone, functions: ["getSession(bytes32)"] },
    ]);
    expect(await facetOf(chain.rpcUrl, chain.contract, "getSession(bytes32)")).toBe(clone);
    expect(await getSession(chain)).toEqual(before);

    const receipt = await client(chain).getTransactionReceipt({ hash: mined.hash });
    const [log] = receipt.logs;
    expect(log?.topics[0]).toBe(diamondCutTopic);
    const { abi } = (await loadContracts()).TestMarketplace;
    expect(decodeEventLog({ abi, data: log?.data as Hex, topics: log?.topics as [Hex] })).toMatchObject({
      eventName: "DiamondCut",
      args: {
        facets: [{ facetAddress: clone, action: 1, functionSelectors: [selectorOf("getSession(bytes32)")] }],
        initFacet: zeroAddress,
        initData: "0x",
      },
    });
  });

  test("behavior: a facet with another layout returns the stored session in it; one with an empty receipt keeps the layout", async () => {
    const chain = chains.deployed;
    const before = await getSession(chain);
    const empty = await deployFacet(chain.rpcUrl, "SessionFacetEmptyReceipt");
    await cutDiamond(chain.rpcUrl, chain.contract, [
      { action: "replace", facet: empty, functions: ["getSession(bytes32)"] },
    ]);
    expect(await getSession(chain)).toEqual({ ...before, closeoutReceipt: "0x" });

    const other = await deployFacet(chain.rpcUrl, "SessionFacetWithoutReceipt");
    await cutDiamond(chain.rpcUrl, chain.contract, [
      { action: "replace", facet: other, functions: ["getSession(bytes32)"] },
    ]);
    const { closeoutReceipt: _, ...rest } = before;
    expect(await getSession(chain, withoutReceiptAbi as unknown as typeof marketplaceAbi)).toEqual(rest);
    expect(rest).toMatchObject({
      bidId: closed.bidId,
      stake: closed.stake,
      closedAt: BigInt(closed.close?.closedAt ?? 0),
    });
  });

  test("behavior: a removed view reverts and has no facet; it can be added back", async () => {
    const chain = chains.deployed;
    const stats = "getProviderModelStats(bytes32,address)";
    const read = () =>
      client(chain).readContract({
        address: chain.contract,
        abi: marketplaceAbi,
        functionName: "getProviderModelStats",
        args: [history.models[0]?.modelId as Hex, zeroAddress],
      });
    await read();
    await cutDiamond(chain.rpcUrl, chain.contract, [{ action: "remove", functions: [stats] }]);
    expect(await facetOf(chain.rpcUrl, chain.contract, stats)).toBe(zeroAddress);
    await expect(read()).rejects.toThrow(/FunctionRemoved|reverted/);
    const clone = await deployFacet(chain.rpcUrl, "TestMarketplace");
    await cutDiamond(chain.rpcUrl, chain.contract, [{ action: "add", facet: clone, functions: [stats] }]);
    expect(await facetOf(chain.rpcUrl, chain.contract, stats)).toBe(clone);
    await read();
  });

  test("error: EIP-2535's rules: no add over a served selector, no replace by the same facet, no remove with a facet", async () => {
    const chain = chains.deployed;
    const facet = await facetOf(chain.rpcUrl, chain.contract, "getBid(bytes32)");
    const clone = await deployFacet(chain.rpcUrl, "TestMarketplace");
    for (const cut of [
      { action: "add" as const, facet: clone, functions: ["getBid(bytes32)"] },
      { action: "replace" as const, facet, functions: ["getBid(bytes32)"] },
      { action: "replace" as const, facet: clone, functions: ["0x12345678"] },
      { action: "remove" as const, facet: clone, functions: ["getBid(bytes32)"] },
    ]) {
      await expect(cutDiamond(chain.rpcUrl, chain.contract, [cut])).rejects.toThrow();
    }
    expect(await facetOf(chain.rpcUrl, chain.contract, "getBid(bytes32)")).toBe(facet);
  });

  test("behavior: where the code was copied to a preset's address, cuts route the same way", async () => {
    const chain = chains.atPreset;
    expect(chain.contract).toBe(presets.base.contract);
    const before = await getSession(chain);
    const empty = await deployFacet(chain.rpcUrl, "SessionFacetEmptyReceipt");
    await cutDiamond(chain.rpcUrl, chain.contract, [
      { action: "replace", facet: empty, functions: ["getSession(bytes32)"] },
    ]);
    expect(await getSession(chain)).toEqual({ ...before, closeoutReceipt: "0x" });
    const clone = await deployFacet(chain.rpcUrl, "TestMarketplace");
    await cutDiamond(chain.rpcUrl, chain.contract, [
      { action: "replace", facet: clone, functions: ["getSession(bytes32)"] },
    ]);
    expect(await getSession(chain)).toEqual(before);
  });
});
