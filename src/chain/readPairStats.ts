import { encodeFunctionData, type Hex } from "viem";
import { marketplaceAbi } from "./abi.js";
import { readUint } from "./abiReader.js";
import type { ContractReader } from "./createContractReader.js";
import { readEach } from "./readEach.js";

/** A (model, provider) pair of the contract's own counters. */
export type Pair = { modelId: string; provider: string };

/** The counters of getProviderModelStats that an index can check (CHAIN.md). */
export type PairCounters = { totalCount: number; successCount: number; totalDuration: number };

/**
 * The contract's counters of every pair at `block`, one batched read for all of them (Multicall3
 * where the chain has it). A contract without getProviderModelStats reverts: `available: false`.
 */
export type PairStatsRead =
  | { available: true; counters: PairCounters[] }
  | { available: false; reason: string };

export async function readPairStats(
  reader: ContractReader,
  contract: string,
  pairs: readonly Pair[],
  block: number,
): Promise<PairStatsRead> {
  if (pairs.length === 0) return { available: true, counters: [] };
  const reads = await readEach(reader, {
    contract,
    ids: pairs,
    encode: ({ modelId, provider }) =>
      encodeFunctionData({
        abi: marketplaceAbi,
        functionName: "getProviderModelStats",
        args: [modelId as Hex, provider as Hex],
      }),
    decode: (data) =>
      decodePairCounters(data) ?? { ok: false, error: "undecodable getProviderModelStats result" },
    block,
  });
  const counters: PairCounters[] = [];
  for (const read of reads.values()) {
    // The counters are a view of storage: a revert means the function is not there at all.
    if ("ok" in read) return { available: false, reason: read.error };
    counters.push(read);
  }
  return { available: true, counters };
}

/**
 * ProviderModelStats is a static tuple: tpsScaled1000 (mean, sqSum), ttftMs (mean, sqSum),
 * totalDuration, successCount, totalCount — the last three uint32 at words 4, 5 and 6.
 */
export function decodePairCounters(data: Uint8Array): PairCounters | undefined {
  try {
    const word = (index: number) => readUint(data, 32 * index, 32);
    return {
      totalDuration: Number(word(4)),
      successCount: Number(word(5)),
      totalCount: Number(word(6)),
    };
  } catch {
    return undefined;
  }
}
