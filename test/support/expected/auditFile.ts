import type { HistorySession } from "../../../src/devchain/history.js";
import type { ChainHistory } from "./chainHistory.js";
import { chainLogs } from "./chainLogs.js";
import { compareLowercase } from "./compareLowercase.js";
import { storedBid } from "./storedBid.js";

type Counts = { total: number; signed: number; duration: bigint };
type AuditItem = {
  chainId: number;
  modelId: string;
  provider: string;
  contract: { totalCount: number; successCount: number; totalDuration: number };
  index: { closes: number; signedCloses: number; duration: number };
  match: boolean;
};

/**
 * audit.json of the chains, for a publication whose as-of is `asOf`. The contract side follows the
 * contract's counting rules: every close it made by the chain's last synced block adds to the pair
 * (modelId, provider) of the session's bid as stored (even when getSession or getBid reverts);
 * closeoutType 0 adds to successCount and closedAt − openedAt to totalDuration. The index side
 * counts every indexed close up to the chain's last synced block (after the publication's as-of
 * too) whose session and bid can be read.
 */
export function auditFile(chains: readonly ChainHistory[], asOf: number): Record<string, unknown> {
  const items: AuditItem[] = [];
  for (const chain of chains) {
    if (chain.auditAvailable === false) continue;
    const { sessions, closed, contractClosed } = chainLogs(chain);
    const contract = new Map<string, Counts>();
    const index = new Map<string, Counts>();
    const pairs = new Map<string, { modelId: string; provider: string }>();
    const count = (counts: Map<string, Counts>, s: HistorySession) => {
      const { modelId, provider } = storedBid(chain.history, s.bidId);
      const close = s.close as NonNullable<HistorySession["close"]>;
      const key = `${modelId} ${provider}`;
      pairs.set(key, { modelId, provider });
      const c = counts.get(key) ?? { total: 0, signed: 0, duration: 0n };
      c.total += 1;
      if (BigInt(close.closeoutType) === 0n) {
        c.signed += 1;
        c.duration += BigInt(close.closedAt - s.openedAt);
      }
      counts.set(key, c);
    };
    for (const id of contractClosed) count(contract, sessions.get(id) as HistorySession);
    for (const id of closed) {
      const s = sessions.get(id) as HistorySession;
      if (!s.reverts && storedBid(chain.history, s.bidId).readable) count(index, s);
    }
    for (const [key, ours] of index) {
      const theirs = contract.get(key) ?? { total: 0, signed: 0, duration: 0n };
      const pair = pairs.get(key) as { modelId: string; provider: string };
      items.push({
        chainId: chain.chainId,
        ...pair,
        contract: {
          totalCount: theirs.total,
          successCount: theirs.signed,
          totalDuration: Number(theirs.duration),
        },
        index: { closes: ours.total, signedCloses: ours.signed, duration: Number(ours.duration) },
        match:
          theirs.total === ours.total && theirs.signed === ours.signed && theirs.duration === ours.duration,
      });
    }
  }
  items.sort(
    (a, b) =>
      a.chainId - b.chainId ||
      compareLowercase(a.modelId, b.modelId) ||
      compareLowercase(a.provider, b.provider),
  );
  const matching = items.filter((item) => item.match).length;
  return {
    asOf,
    pairs: items.length,
    matching,
    complete: matching === items.length,
    items,
    unavailable: chains.filter((c) => c.auditAvailable === false).map((c) => c.chainId),
    partial: chains.filter((c) => c.partial === true).map((c) => c.chainId),
  };
}
