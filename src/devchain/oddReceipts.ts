import type { Hex } from "viem";
import type { HistorySession } from "./history.js";
import { randomHex, sample } from "./historyRandom.js";

type Closed = HistorySession & { close: NonNullable<HistorySession["close"]> };

/**
 * A few of each odd receipt on closed sessions, in shares of them: disputed (closeoutType 1, a
 * well-formed receipt), empty, short, naming another session, a ttftMs too large for its uint32
 * field, v2 with a trailing extra word, 192-byte v1 receipts, v2 with an inputTokens word past
 * uint32 (signed, 0 tokens), tpsScaled1000 of 0.
 */
export function applyOddReceipts(random: () => number, closed: HistorySession[]): void {
  const oddities: Array<(s: Closed) => void> = [
    (s) => {
      s.close.closeoutType = 1; // disputed: the receipt itself looks fine
    },
    (s) => {
      s.close.receipt = "0x";
    },
    (s) => {
      const length = [32, 96, 128, 159][Math.floor(random() * 4)] as number;
      s.close.receipt = s.close.receipt.slice(0, 2 + 2 * length) as Hex;
    },
    (s) => {
      s.close.receipt = `0x${randomHex(random, 32).slice(2)}${s.close.receipt.slice(66)}`;
    },
    (s) => {
      // ttftMs (word 4) with a bit above uint32
      const hex = s.close.receipt;
      s.close.receipt = `${hex.slice(0, 2 + 64 * 4 + 55)}1${hex.slice(2 + 64 * 4 + 56)}` as Hex;
    },
    (s) => {
      s.close.receipt = `${s.close.receipt}${"ab".repeat(32)}`;
    },
    (s) => {
      s.close.receipt = `${s.close.receipt.slice(0, 2 + 2 * 160)}${"00".repeat(31)}07` as Hex;
    },
    (s) => {
      // An inputTokens word past uint32 on a v2 receipt: signed, 0 tokens (SPEC.md 1.1).
      const hex = s.close.receipt;
      if (hex.length >= 2 + 2 * 224)
        s.close.receipt = `${hex.slice(0, 2 + 64 * 5 + 55)}1${hex.slice(2 + 64 * 5 + 56)}` as Hex;
    },
    (s) => {
      // tpsScaled1000 (word 3) not measured.
      const hex = s.close.receipt;
      if (hex.length >= 2 + 2 * 160)
        s.close.receipt = `${hex.slice(0, 2 + 64 * 3)}${"0".repeat(64)}${hex.slice(2 + 64 * 4)}` as Hex;
    },
  ];
  const shares = [0.02, 0.01, 0.01, 0.005, 0.002, 0.005, 0.005, 0.01, 0.01];
  const chosen = sample(
    random,
    closed,
    shares.reduce((n, share) => n + Math.max(1, Math.round(closed.length * share)), 0),
  );
  let next = 0;
  oddities.forEach((apply, k) => {
    const n = Math.max(1, Math.round(closed.length * (shares[k] as number)));
    for (let i = 0; i < n && next < chosen.length; i++) {
      apply(chosen[next++] as Closed);
    }
  });
}
