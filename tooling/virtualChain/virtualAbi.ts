import { encodeAbiParameters, type Hex, toFunctionSelector } from "viem";

/** ABI encoding by hand, word by word: a virtual chain answers hundreds of thousands of calls. */

export const selectors = {
  getSession: toFunctionSelector("getSession(bytes32)"),
  getBid: toFunctionSelector("getBid(bytes32)"),
  getModel: toFunctionSelector("getModel(bytes32)"),
  getProviderModelStats: toFunctionSelector("getProviderModelStats(bytes32,address)"),
  aggregate3: toFunctionSelector("aggregate3((address,bool,bytes)[])"),
} as const;

const zeroWord = "0".repeat(64);

/** A non-negative integer (number or bigint) as one 32-byte word. */
export function uintWord(value: number | bigint): string {
  return value.toString(16).padStart(64, "0");
}

/** A 20-byte address or 32-byte value (0x-prefixed hex) as one word, right-aligned. */
export function hexWord(hex: string): string {
  return hex.slice(2).toLowerCase().padStart(64, "0");
}

/** Dynamic bytes (hex without 0x): length word, then the bytes padded to whole words. */
export function bytesTail(hex: string): string {
  const padded = hex.length % 64 === 0 ? hex : hex + "0".repeat(64 - (hex.length % 64));
  return uintWord(hex.length / 2) + padded;
}

export type SessionFields = {
  user: string;
  bidId: string;
  stake: bigint;
  /** The receipt's bytes as hex without 0x ("" while open). */
  receipt: string;
  closeoutType: number;
  openedAt: number;
  endsAt: number;
  closedAt: number;
  isActive: boolean;
};

/** getSession's return data: the offset of the Session tuple, its eleven heads, the receipt. */
export function encodeSession(fields: SessionFields | undefined): string {
  if (!fields)
    return `0x${uintWord(32)}${zeroWord.repeat(3)}${uintWord(11 * 32)}${zeroWord.repeat(7)}${zeroWord}`;
  return `0x${uintWord(32)}${hexWord(fields.user)}${hexWord(fields.bidId)}${uintWord(fields.stake)}${uintWord(
    11 * 32,
  )}${uintWord(fields.closeoutType)}${zeroWord}${uintWord(fields.openedAt)}${uintWord(fields.endsAt)}${uintWord(
    fields.closedAt,
  )}${uintWord(fields.isActive ? 1 : 0)}${zeroWord}${bytesTail(fields.receipt)}`;
}

/** getBid's return data: provider, modelId, pricePerSecond, nonce, createdAt, deletedAt. */
export function encodeBid(
  bid: { provider: string; modelId: string; pricePerSecond: bigint; createdAt: number } | undefined,
): string {
  if (!bid) return `0x${zeroWord.repeat(6)}`;
  // nonce 0, createdAt, deletedAt 0: every bid stands from the contract's creation on.
  return `0x${hexWord(bid.provider)}${hexWord(bid.modelId)}${uintWord(bid.pricePerSecond)}${zeroWord}${uintWord(bid.createdAt)}${zeroWord}`;
}

/** getModel's return data (a dynamic struct: encoded once per model by viem). */
export function encodeModel(model: { modelId: string; name: string } | undefined): string {
  return encodeAbiParameters(
    [
      {
        type: "tuple",
        components: [
          { name: "ipfsCID", type: "bytes32" },
          { name: "fee", type: "uint256" },
          { name: "stake", type: "uint256" },
          { name: "owner", type: "address" },
          { name: "name", type: "string" },
          { name: "tags", type: "string[]" },
          { name: "createdAt", type: "uint128" },
          { name: "isDeleted", type: "bool" },
        ],
      },
    ],
    [
      {
        ipfsCID: (model?.modelId ?? `0x${zeroWord}`) as Hex,
        fee: 0n,
        stake: 0n,
        owner: "0x0000000000000000000000000000000000000000",
        name: model?.name ?? "",
        tags: [],
        createdAt: 0n,
        isDeleted: false,
      },
    ],
  );
}

/** getProviderModelStats's return data: (mean, sqSum) of tps and ttft, totalDuration, successCount, totalCount. */
export function encodeStats(stats: {
  tpsMean: number;
  ttftMean: number;
  totalDuration: number;
  successCount: number;
  totalCount: number;
}): string {
  return `0x${uintWord(stats.tpsMean)}${zeroWord}${uintWord(stats.ttftMean)}${zeroWord}${uintWord(
    stats.totalDuration,
  )}${uintWord(stats.successCount)}${uintWord(stats.totalCount)}`;
}

export type Call3 = { target: string; callData: string };

/** aggregate3's calls from its calldata (0x, selector, then `(address,bool,bytes)[]`). */
export function decodeAggregate3Calls(data: string): Call3[] {
  const body = data.slice(10);
  const word = (at: number) => body.slice(at * 2, at * 2 + 64);
  const int = (at: number) => Number.parseInt(word(at), 16);
  const array = int(0);
  const length = int(array);
  const calls: Call3[] = [];
  for (let k = 0; k < length; k++) {
    const tuple = array + 32 + int(array + 32 + 32 * k);
    const bytesAt = tuple + int(tuple + 64);
    const size = int(bytesAt);
    calls.push({
      target: `0x${word(tuple).slice(24)}`,
      callData: `0x${body.slice((bytesAt + 32) * 2, (bytesAt + 32 + size) * 2)}`,
    });
  }
  return calls;
}

/** aggregate3's return data: `(bool success, bytes returnData)[]`. */
export function encodeAggregate3Results(results: Array<{ success: boolean; data: string }>): string {
  const tails = results.map(
    (result) => `${uintWord(result.success ? 1 : 0)}${uintWord(64)}${bytesTail(result.data.slice(2))}`,
  );
  let offset = 32 * results.length;
  const heads = tails.map((tail) => {
    const head = uintWord(offset);
    offset += tail.length / 2;
    return head;
  });
  return `0x${uintWord(32)}${uintWord(results.length)}${heads.join("")}${tails.join("")}`;
}
