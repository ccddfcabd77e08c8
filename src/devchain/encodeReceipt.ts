import { encodeAbiParameters, type Hex } from "viem";

export type ReceiptFields = {
  sessionId: Hex;
  chainId: bigint | number;
  timestamp: bigint | number;
  tpsScaled1000: number;
  ttftMs: number;
  inputTokens?: number;
  outputTokens?: number;
};

const v1 = [
  { type: "bytes32" },
  { type: "uint256" },
  { type: "uint128" },
  { type: "uint32" },
  { type: "uint32" },
] as const;
const v2 = [...v1, { type: "uint32" }, { type: "uint32" }] as const;

/**
 * Encodes a close receipt as the node does (CHAIN.md): v1, 160 bytes, without token counts;
 * v2, 224 bytes, when both token counts are given.
 */
export function encodeReceipt(fields: ReceiptFields): Hex {
  const head = [
    fields.sessionId,
    BigInt(fields.chainId),
    BigInt(fields.timestamp),
    fields.tpsScaled1000,
    fields.ttftMs,
  ] as const;
  if (fields.inputTokens === undefined && fields.outputTokens === undefined) {
    return encodeAbiParameters(v1, head);
  }
  if (fields.inputTokens === undefined || fields.outputTokens === undefined) {
    throw new TypeError("encodeReceipt: give both inputTokens and outputTokens, or neither.");
  }
  return encodeAbiParameters(v2, [...head, fields.inputTokens, fields.outputTokens]);
}
