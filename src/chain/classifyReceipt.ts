/** How a closed session's receipt counts (SPEC.md, "Signed receipt"; CHAIN.md, "The close receipt"). */
export type ReceiptKind = "v1" | "v2" | "disputed" | "malformed";

export type ClassifiedReceipt = {
  kind: ReceiptKind;
  /** inputTokens + outputTokens of a signed v2 receipt; 0 otherwise. */
  tokens: number;
  /** ttftMs of a signed receipt (v1 or v2); 0 when not measured or not signed. */
  ttftMs: number;
  /** tpsScaled1000 of a signed receipt (v1 or v2); 0 when not measured or not signed. */
  tps: number;
  /**
   * A signed v2 receipt whose inputTokens or outputTokens word does not fit uint32: the real
   * contract accepts it (it decodes only the first five fields), so it is signed, with 0 tokens.
   */
  oversizeTokens?: true;
  /** Why a receipt is malformed, for logs. */
  reason?: string;
};

const word = 32;
export const v1ReceiptLength = 5 * word;
export const v2ReceiptLength = 7 * word;

/**
 * Reads a close receipt the way CHAIN.md describes it: plain ABI encoding, 32 bytes a field.
 * A receipt is malformed when it is shorter than v1, names another session, or holds a value in
 * its first five fields that does not fit its declared type (the contract's ABI decoding would
 * reject it). The token words of v2 are never checked by the contract: one that does not fit
 * uint32 leaves the receipt signed, with 0 tokens (SPEC.md 1.1).
 */
export function classifyReceipt(
  sessionId: string,
  closeoutType: bigint,
  receipt: Uint8Array,
): ClassifiedReceipt {
  if (closeoutType !== 0n) return { kind: "disputed", tokens: 0, ttftMs: 0, tps: 0 };
  if (receipt.length < v1ReceiptLength) {
    return malformed(
      receipt.length === 0 ? "empty receipt" : `receipt of ${receipt.length} bytes, expected at least 160`,
    );
  }
  if (wordHex(receipt, 0) !== sessionId.toLowerCase()) return malformed("receipt names another session");
  // Field 1 is the chain id (uint256: any value fits).
  if (!fitsBits(receipt, 2, 128)) return malformed("timestamp does not fit uint128");
  if (!fitsBits(receipt, 3, 32)) return malformed("tpsScaled1000 does not fit uint32");
  if (!fitsBits(receipt, 4, 32)) return malformed("ttftMs does not fit uint32");
  const ttftMs = readUint32(receipt, 4);
  const tps = readUint32(receipt, 3);
  if (receipt.length < v2ReceiptLength) return { kind: "v1", tokens: 0, ttftMs, tps };
  if (!fitsBits(receipt, 5, 32) || !fitsBits(receipt, 6, 32))
    return { kind: "v2", tokens: 0, ttftMs, tps, oversizeTokens: true };
  return { kind: "v2", tokens: readUint32(receipt, 5) + readUint32(receipt, 6), ttftMs, tps };
}

function malformed(reason: string): ClassifiedReceipt {
  return { kind: "malformed", tokens: 0, ttftMs: 0, tps: 0, reason };
}

function wordHex(bytes: Uint8Array, index: number): string {
  return `0x${Buffer.from(bytes.subarray(index * word, (index + 1) * word)).toString("hex")}`;
}

/** True when the word's value is below 2^bits (its high bytes are zero). */
function fitsBits(bytes: Uint8Array, index: number, bits: number): boolean {
  const start = index * word;
  const highBytes = word - bits / 8;
  for (let i = start; i < start + highBytes; i++) if (bytes[i] !== 0) return false;
  return true;
}

function readUint32(bytes: Uint8Array, index: number): number {
  const end = (index + 1) * word;
  return (
    (bytes[end - 4] as number) * 0x1000000 +
    (bytes[end - 3] as number) * 0x10000 +
    (bytes[end - 2] as number) * 0x100 +
    (bytes[end - 1] as number)
  );
}
