import { encodeFunctionData, type Hex } from "viem";
import { marketplaceAbi } from "./abi.js";
import { readSmall, readUint } from "./abiReader.js";
import type { ContractReader } from "./createContractReader.js";
import type { Pair } from "./readPairStats.js";

/** LibSD's running statistic (CHAIN.md): int64 mean and sum of squares. */
export type RunningStat = { mean: bigint; sqSum: bigint };

/** getProviderModelStats in full: what the router scores a pair by. */
export type PairStats = {
  tps: RunningStat;
  ttft: RunningStat;
  totalDuration: number;
  successCount: number;
  totalCount: number;
};

/** getModelStats: the model's statistics over its pairs, and how many pairs have signed closes. */
export type ModelStats = { tps: RunningStat; ttft: RunningStat; duration: RunningStat; count: number };

/** A model's standing bids in the contract's own order (getModelActiveBids), and its stats. */
export type ModelBook = { bidIds: string[]; stats: ModelStats };

/** Every model's book and the minimum stake at a block; unavailable where a view reverts. */
export type ModelBooksRead =
  | { available: true; minimumStake: bigint; books: Map<string, ModelBook> }
  | { available: false; reason: string };

/** What the router needs of each active bid's pair and provider; unavailable where a view reverts. */
export type RouterDetailsRead =
  | { available: true; pairs: Map<string, PairStats>; stakes: Map<string, bigint> }
  | { available: false; reason: string };

/** The most bids one getModelActiveBids asks for: a model has a dozen or fewer; more are asked for page by page. */
const page = 1_000n;

const signed64 = (value: bigint) => BigInt.asIntN(64, value);
const stat = (data: Uint8Array, word: number): RunningStat => ({
  // An int64 is sign-extended to its word: reading it as uint256 and reducing to 64 bits gives it back.
  mean: signed64(readUint(data, 32 * word)),
  sqSum: signed64(readUint(data, 32 * (word + 1))),
});

/** ProviderModelStats: tpsScaled1000 (mean, sqSum), ttftMs (mean, sqSum), totalDuration, successCount, totalCount. */
export function decodePairStats(data: Uint8Array): PairStats {
  return {
    tps: stat(data, 0),
    ttft: stat(data, 2),
    totalDuration: Number(readUint(data, 128, 32)),
    successCount: Number(readUint(data, 160, 32)),
    totalCount: Number(readUint(data, 192, 32)),
  };
}

/** ModelStats: tpsScaled1000, ttftMs, totalDuration (each mean, sqSum), count (uint32). */
export function decodeModelStats(data: Uint8Array): ModelStats {
  return {
    tps: stat(data, 0),
    ttft: stat(data, 2),
    duration: stat(data, 4),
    count: Number(readUint(data, 192, 32)),
  };
}

/** getModelActiveBids: the ids (a dynamic bytes32[] first), and the total where the contract gives it. */
export function decodeActiveBids(data: Uint8Array): { ids: string[]; total: number | undefined } {
  const at = readSmall(data, 0);
  const length = readSmall(data, at);
  const ids: string[] = [];
  for (let i = 0; i < length; i++)
    ids.push(
      `0x${readUint(data, at + 32 * (i + 1))
        .toString(16)
        .padStart(64, "0")}`,
    );
  return { ids, total: at >= 64 ? readSmall(data, 32) : undefined };
}

/** Provider: endpoint (dynamic), stake, ...: the stake is the second word of the tuple. */
export function decodeProviderStake(data: Uint8Array): bigint {
  const at = readSmall(data, 0);
  return readUint(data, at + 32);
}

const encode = (functionName: string, args: readonly unknown[]) =>
  encodeFunctionData({ abi: marketplaceAbi, functionName, args } as Parameters<typeof encodeFunctionData>[0]);

/** One view call per request, through the reader at `block`; throws a reason where one reverts or does not decode. */
async function readAll<T>(
  reader: ContractReader,
  contract: string,
  calls: readonly Hex[],
  block: number | undefined,
  decode: (data: Uint8Array) => T,
  what: string,
): Promise<T[]> {
  const results = await reader.read(
    calls.map((data) => ({ to: contract, data })),
    block,
  );
  return results.map((result) => {
    if (!result.ok) throw new ViewUnavailable(`${what} failed: ${result.error}`);
    try {
      return decode(result.data);
    } catch (error) {
      throw new ViewUnavailable(`${what}: undecodable result (${(error as Error).message})`);
    }
  });
}

/** A router view that reverted or answered nonsense: the chain's router order is not available. */
class ViewUnavailable extends Error {}

/**
 * Each model's active bids in the contract's order and its stats, and the minimum stake, at
 * `block` (SPEC.md 1.3, router): one batched read (the minimum stake beside the first models).
 */
export async function readModelBooks(
  reader: ContractReader,
  contract: string,
  modelIds: readonly string[],
  block: number | undefined,
): Promise<ModelBooksRead> {
  try {
    const [[minimumStake], pages, stats] = await Promise.all([
      readAll(
        reader,
        contract,
        [encode("getProviderMinimumStake", [])],
        block,
        (d) => readUint(d, 0),
        "getProviderMinimumStake",
      ),
      readAll(
        reader,
        contract,
        modelIds.map((id) => encode("getModelActiveBids", [id as Hex, 0n, page])),
        block,
        decodeActiveBids,
        "getModelActiveBids",
      ),
      readAll(
        reader,
        contract,
        modelIds.map((id) => encode("getModelStats", [id as Hex])),
        block,
        decodeModelStats,
        "getModelStats",
      ),
    ]);
    const books = new Map<string, ModelBook>();
    for (const [k, modelId] of modelIds.entries()) {
      const bidIds = [...(pages[k]?.ids ?? [])];
      // A full page: the rest, page by page (never on the deployed network: a dozen bids a model).
      for (let full = bidIds.length === Number(page); full; ) {
        const [next] = await readAll(
          reader,
          contract,
          [encode("getModelActiveBids", [modelId as Hex, BigInt(bidIds.length), page])],
          block,
          decodeActiveBids,
          "getModelActiveBids",
        );
        const ids = next?.ids ?? [];
        bidIds.push(...ids);
        full = ids.length === Number(page);
      }
      books.set(modelId, { bidIds, stats: stats[k] as ModelStats });
    }
    return { available: true, minimumStake: minimumStake as bigint, books };
  } catch (error) {
    if (error instanceof ViewUnavailable) return { available: false, reason: error.message };
    throw error;
  }
}

/** The pairs' full stats and the providers' stakes at `block`, in one batched read. */
export async function readRouterDetails(
  reader: ContractReader,
  contract: string,
  request: { pairs: readonly Pair[]; providers: readonly string[] },
  block: number | undefined,
): Promise<RouterDetailsRead> {
  const { pairs, providers } = request;
  try {
    const [pairStats, stakes] = await Promise.all([
      readAll(
        reader,
        contract,
        pairs.map(({ modelId, provider }) =>
          encode("getProviderModelStats", [modelId as Hex, provider as Hex]),
        ),
        block,
        decodePairStats,
        "getProviderModelStats",
      ),
      readAll(
        reader,
        contract,
        providers.map((p) => encode("getProvider", [p as Hex])),
        block,
        decodeProviderStake,
        "getProvider",
      ),
    ]);
    return {
      available: true,
      pairs: new Map(pairs.map((pair, i) => [pairKey(pair), pairStats[i] as PairStats])),
      stakes: new Map(providers.map((provider, i) => [readAddressKey(provider), stakes[i] as bigint])),
    };
  } catch (error) {
    if (error instanceof ViewUnavailable) return { available: false, reason: error.message };
    throw error;
  }
}

/** How a pair is looked up in a RouterDetailsRead. */
export const pairKey = (pair: Pair) => `${pair.modelId.toLowerCase()}:${pair.provider.toLowerCase()}`;
/** How a provider is looked up in a RouterDetailsRead. */
export const readAddressKey = (provider: string) => provider.toLowerCase();
