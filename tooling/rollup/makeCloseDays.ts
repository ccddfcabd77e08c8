import { floorDay } from "../../src/api/periods.js";
import { type CloseDay, closeFact, closeFields } from "../../src/rollup/CloseDay.js";

/** One close as a test writes it: what the store would put in its facts (SPEC.md 1.1 figures). */
export type TestClose = {
  closedAt: number;
  /** Default 8453. */
  chainId?: number;
  tokens?: number;
  /** Whether the store counted its tokens (a signed v2 receipt whose token words fit uint32). Default: tokens > 0. */
  tokenCounted?: boolean;
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
      const facts = new Float64Array(list.length * closeFields);
      list.forEach((c, k) => {
        const at = k * closeFields;
        facts[at + closeFact.second] = c.closedAt - day;
        facts[at + closeFact.tokens] = c.tokens ?? 0;
        facts[at + closeFact.ttftMs] = c.ttftMs ?? 0;
        facts[at + closeFact.tps] = c.tps ?? 0;
        facts[at + closeFact.seconds] = c.seconds ?? 0;
        facts[at + closeFact.flags] =
          (c.disputed ? 1 : 0) + ((c.tokenCounted ?? (c.tokens ?? 0) > 0) ? 2 : 0);
        facts[at + closeFact.duration] = c.duration ?? 0;
        facts[at + closeFact.bidRef] = c.bidRef ?? 0;
        facts[at + closeFact.providerRef] = c.providerRef ?? 0;
      });
      return { day, chainId, count: list.length, facts };
    });
}
