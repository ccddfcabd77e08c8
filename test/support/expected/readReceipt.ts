import type { Hex } from "viem";

/** What one close receipt counts for, by the receipt rules of SPEC.md 1.1. */
export type ReceiptFigures = {
  /** signed: closeoutType 0 and a well-formed receipt; disputed: closeoutType != 0. */
  kind: "signed" | "disputed" | "malformed";
  /** inputTokens + outputTokens of a signed v2 receipt whose two words fit uint32; else 0. */
  tokens: bigint;
  /** A signed v2 receipt whose two token words fit uint32: `tokens` counts its tokens (SPEC.md 1.3). */
  tokenCounted: boolean;
  /** ttftMs of a signed receipt; 0 otherwise (0 also means "not measured"). */
  ttftMs: number;
  /** tpsScaled1000 of a signed receipt; 0 otherwise. */
  tpsScaled1000: number;
};

const nothing = { tokens: 0n, tokenCounted: false, ttftMs: 0, tpsScaled1000: 0 };
const uint32 = 2n ** 32n;
const uint128 = 2n ** 128n;

/**
 * Reads the raw `receipt` of session `sessionId` (lowercase) closed with `closeoutType`.
 * Malformed: shorter than 160 bytes, naming another session, or one of the first five words too
 * large for its type (bytes32, uint256, uint128, uint32, uint32). v1 is 160 to 223 bytes, v2 224
 * or more, trailing bytes ignored. A v2 receipt whose inputTokens or outputTokens word does not
 * fit uint32 is still signed (ttft, tps) and contributes 0 tokens. The chain id and the
 * timestamp are not checked against anything.
 */
export function readReceipt(sessionId: string, closeoutType: bigint, receipt: Hex): ReceiptFigures {
  if (closeoutType !== 0n) return { kind: "disputed", ...nothing };
  const hex = receipt.slice(2).toLowerCase();
  const length = hex.length / 2;
  if (length < 160) return { kind: "malformed", ...nothing };
  const word = (k: number) => BigInt(`0x${hex.slice(64 * k, 64 * (k + 1))}`);
  if (`0x${hex.slice(0, 64)}` !== sessionId.toLowerCase()) return { kind: "malformed", ...nothing };
  if (word(2) >= uint128 || word(3) >= uint32 || word(4) >= uint32) return { kind: "malformed", ...nothing };
  const tokenCounted = length >= 224 && word(5) < uint32 && word(6) < uint32;
  const tokens = tokenCounted ? word(5) + word(6) : 0n;
  return { kind: "signed", tokens, tokenCounted, ttftMs: Number(word(4)), tpsScaled1000: Number(word(3)) };
}
