import { encodeFunctionData, type Hex } from "viem";
import { marketplaceAbi } from "./abi.js";
import { readAddress, readBytes32, readUint } from "./abiReader.js";
import type { ContractReader } from "./createContractReader.js";

/** A bid's immutable facts: who serves it and which model. */
export type BidState = { provider: string; modelId: string; pricePerSecond: bigint };
export type BidRead = { ok: true; state: BidState } | { ok: false; error: string };

export async function readBids(
  reader: ContractReader,
  contract: string,
  bidIds: readonly string[],
  /** At this block; default: the latest. */
  block?: number,
): Promise<Map<string, BidRead>> {
  const results = await reader.read(
    bidIds.map((bidId) => ({
      to: contract,
      data: encodeFunctionData({ abi: marketplaceAbi, functionName: "getBid", args: [bidId as Hex] }),
    })),
    block,
  );
  const reads = new Map<string, BidRead>();
  bidIds.forEach((bidId, i) => {
    const result = results[i];
    reads.set(
      bidId,
      result?.ok ? decodeBid(result.data) : { ok: false, error: result?.error ?? "no result" },
    );
  });
  return reads;
}

/** getBid returns a static tuple: provider, modelId, pricePerSecond, nonce, createdAt, deletedAt. */
export function decodeBid(data: Uint8Array): BidRead {
  try {
    return {
      ok: true,
      state: {
        provider: readAddress(data, 0),
        modelId: readBytes32(data, 32),
        pricePerSecond: readUint(data, 64),
      },
    };
  } catch (error) {
    return { ok: false, error: `undecodable getBid result: ${(error as Error).message}` };
  }
}
