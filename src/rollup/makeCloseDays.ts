import { floorDay } from "../api/periods.js";
import type { CloseDay } from "../store/decodeCloseFacts.js";

/** One close as a test writes it: what the store would put in its facts (SPEC.md 1.1 figures). */
export type TestClose = {
  closedAt: number;
  /** Default 8453. */
  chainId?: number;
  tokens?: number;
  /** 0: not measured, or not a signed receipt. */
  ttftMs?: number;
  tps?: number;
  /** Session time, max(0, min(closedAt, endsAt) - openedAt): passed through as the store computes it. */
  seconds?: number;
  disputed?: boolean;
  /** closedAt - openedAt, for the audit. */
  duration?: number;
  /** 0: the bid could not be read. */
  bidRef?: number;
  /** The bid's provider, or the log's when the bid could not be read; 0: unknown. */
  providerRef?: number;
};

/**
 * Test-only: the CloseDay groups the store would hand the rollup for these closes, one per UTC day
 * and chain, ascending by day then chain (createIndexReader.closeDays); closes keep their order.
 */
export function makeCloseDays(closes: readonly TestClose[]): CloseDay[] {
  const groups = new Map<string, { day: number; chainId: number; closes: TestClose[] }>();
  for (const close of closes) {
    const day = floorDay(close.closedAt);
    const chainId = close.chainId ?? 8453;
    const key = `${day}:${chainId}`;
    const group = groups.get(key) ?? { day, chainId, closes: [] };
    group.closes.push(close);
    groups.set(key, group);
  }
  return [...groups.values()]
    .sort((a, b) => a.day - b.day || a.chainId - b.chainId)
    .map(({ day, chainId, closes: list }) => {
      const f64 = (pick: (close: TestClose) => number) => Float64Array.from(list, pick);
      const i32 = (pick: (close: TestClose) => number) => Int32Array.from(list, pick);
      return {
        day,
        chainId,
        count: list.length,
        second: i32((c) => c.closedAt - day),
        tokens: f64((c) => c.tokens ?? 0),
        ttftMs: f64((c) => c.ttftMs ?? 0),
        tps: f64((c) => c.tps ?? 0),
        seconds: f64((c) => c.seconds ?? 0),
        disputed: Uint8Array.from(list, (c) => (c.disputed ? 1 : 0)),
        duration: f64((c) => c.duration ?? 0),
        bidRef: i32((c) => c.bidRef ?? 0),
        providerRef: i32((c) => c.providerRef ?? 0),
      };
    });
}
