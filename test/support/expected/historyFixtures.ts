import { type Address, getAddress, type Hex, keccak256, stringToHex } from "viem";
import { encodeReceipt } from "../../../src/devchain/encodeReceipt.js";
import type { History, HistorySession } from "../../../src/devchain/history.js";

/** Hand-made histories for the calculator's tests. Labels make ids: the same label on two chains is the same id. */
export const id = (label: string): Hex => keccak256(stringToHex(label));
export const address = (label: string): Address => getAddress(`0x${id(label).slice(-40)}`);
export const utc = (iso: string): number => Date.parse(iso) / 1000;

export type ReceiptSpec = {
  ttftMs?: number;
  tpsScaled1000?: number;
  /** [inputTokens, outputTokens] of a v2 receipt; null for a v1 receipt. Default [100, 23]. */
  tokens?: [number, number] | null;
  /** The raw receipt instead, or an edit of the encoded one. */
  raw?: Hex | ((encoded: Hex) => Hex);
  closeoutType?: number;
  silent?: boolean;
};

/**
 * Session `label` closed at `closedAt` with a signed receipt (ttft 500 ms, tps 25, 123 tokens
 * unless told), opened 600 s before and ending 600 s after its close, on `bidId`.
 */
export function closedSession(
  label: string,
  bidId: Hex,
  closedAt: number,
  receipt: ReceiptSpec = {},
  extra: Partial<HistorySession> = {},
): HistorySession {
  const sessionId = id(label);
  const tokens = receipt.tokens === undefined ? [100, 23] : receipt.tokens;
  const encoded = encodeReceipt({
    sessionId,
    chainId: 8453,
    timestamp: closedAt * 1000,
    tpsScaled1000: receipt.tpsScaled1000 ?? 25_000,
    ttftMs: receipt.ttftMs ?? 500,
    ...(tokens ? { inputTokens: tokens[0], outputTokens: tokens[1] } : {}),
  });
  const raw = typeof receipt.raw === "function" ? receipt.raw(encoded) : (receipt.raw ?? encoded);
  return {
    sessionId,
    user: address(`user ${label}`),
    bidId,
    stake: 10n ** 18n,
    openedAt: closedAt - 600,
    endsAt: closedAt + 600,
    close: {
      closedAt,
      closeoutType: receipt.closeoutType ?? 0,
      receipt: raw,
      ...(receipt.silent ? { silent: true } : {}),
    },
    ...extra,
  };
}

/** Session `label`, still open: opened at `openedAt`, its stake running out at `endsAt`. */
export function openSession(label: string, bidId: Hex, openedAt: number, endsAt: number): HistorySession {
  return { sessionId: id(label), user: address(`user ${label}`), bidId, stake: 7n, openedAt, endsAt };
}

/** Replaces 32-byte word `k` (0-based) of a receipt with `value`. */
export function setWord(receipt: Hex, k: number, value: bigint): Hex {
  const hex = receipt.slice(2);
  const word = value.toString(16).padStart(64, "0");
  return `0x${hex.slice(0, 64 * k)}${word}${hex.slice(64 * (k + 1))}`;
}

/** A history with the given parts; models and bids default to none. */
export function history(parts: Partial<History> & { endTime: number }): History {
  return { models: [], bids: [], sessions: [], ...parts };
}
