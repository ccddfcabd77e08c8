import { encodeFunctionData, type Hex } from "viem";
import { marketplaceAbi } from "./abi.js";
import { readAddress, readBytes32, readUint } from "./abiReader.js";
import type { ContractReader } from "./createContractReader.js";
import { farFuture } from "./farFuture.js";
import { type ReadFailed, readEach } from "./readEach.js";

/**
 * A bid as getBid returns it: who serves which model at what price (immutable), when it was
 * posted, and when it was deleted (0 while it stands: the only field that ever changes).
 */
export type BidState = {
  provider: string;
  modelId: string;
  pricePerSecond: bigint;
  /** The provider's count of posts for the model before this one: a re-post deletes the bid of nonce - 1 (CHAIN.md). */
  nonce: bigint;
  /** Unix seconds; 0 in the empty record of a bid that does not exist. */
  createdAt: number;
  deletedAt: number;
};
export type BidRead = { ok: true; state: BidState } | ReadFailed;

export async function readBids(
  reader: ContractReader,
  contract: string,
  bidIds: readonly string[],
): Promise<Map<string, BidRead>> {
  return readEach(reader, {
    contract,
    ids: bidIds,
    encode: (bidId) =>
      encodeFunctionData({ abi: marketplaceAbi, functionName: "getBid", args: [bidId as Hex] }),
    decode: decodeBid,
  });
}

/**
 * getBid returns a static tuple: provider, modelId, pricePerSecond, nonce, createdAt, deletedAt. A
 * time past farFuture is read as farFuture: it compares with an as-of time as the value itself
 * would (after it), and fits SQLite.
 */
export function decodeBid(data: Uint8Array): BidRead {
  const time = (offset: number) => {
    const value = readUint(data, offset, 128);
    if (value > farFuture) return Number(farFuture);
    return Number(value);
  };
  try {
    return {
      ok: true,
      state: {
        provider: readAddress(data, 0),
        modelId: readBytes32(data, 32),
        pricePerSecond: readUint(data, 64),
        nonce: readUint(data, 96),
        createdAt: time(128),
        deletedAt: time(160),
      },
    };
  } catch (error) {
    return { ok: false, error: `undecodable getBid result: ${(error as Error).message}` };
  }
}
