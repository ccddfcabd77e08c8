import { decodeFunctionResult, encodeFunctionData, getAddress, type Hex } from "viem";
import { marketplaceAbi } from "./abi.js";
import type { ContractReader } from "./createContractReader.js";

/** A bid's immutable facts: who serves it and which model. */
export type BidState = { provider: string; modelId: string; pricePerSecond: bigint };
export type BidRead = { ok: true; state: BidState } | { ok: false; error: string };

export async function readBids(
  reader: ContractReader,
  contract: string,
  bidIds: readonly string[],
): Promise<Map<string, BidRead>> {
  const results = await reader.read(
    bidIds.map((bidId) => ({
      to: contract,
      data: encodeFunctionData({ abi: marketplaceAbi, functionName: "getBid", args: [bidId as Hex] }),
    })),
  );
  const reads = new Map<string, BidRead>();
  bidIds.forEach((bidId, i) => {
    const result = results[i];
    if (!result?.ok) {
      reads.set(bidId, { ok: false, error: result?.error ?? "no result" });
      return;
    }
    try {
      const bid = decodeFunctionResult({ abi: marketplaceAbi, functionName: "getBid", data: result.data });
      reads.set(bidId, {
        ok: true,
        state: {
          provider: getAddress(bid.provider),
          modelId: bid.modelId.toLowerCase(),
          pricePerSecond: bid.pricePerSecond,
        },
      });
    } catch (error) {
      reads.set(bidId, {
        ok: false,
        error: `undecodable getBid result: ${(error as Error).message.split("\n")[0]}`,
      });
    }
  });
  return reads;
}
