import { type Hex, keccak256, stringToHex } from "viem";
import { generateHistory } from "../../src/devchain/generateHistory.js";
import type { History, HistorySession } from "../../src/devchain/history.js";
import { signedClose } from "../../tooling/devchain/signedClose.js";

/** Base's history ends here; Arbitrum's last block comes five hours later. */
export const baseEnd = Date.UTC(2026, 7, 1, 12, 0, 0) / 1000;
export const arbitrumEnd = baseEnd + 5 * 3600;

const id = (label: string): Hex => keccak256(stringToHex(label));

/**
 * Two chains' histories with everything SPEC.md 1.1's section on chains has to get right:
 * models and providers on both chains, a model named only on the second chain, the same
 * sessionId on both chains, a chain whose last block is hours later than the other's with closes
 * and an expiring session in between (they count only in that chain's own files), a stuck
 * session on each chain.
 */
export function twoChainHistories(): {
  base: History;
  arbitrum: History;
  shared: Hex;
  namedOnlyOnArbitrum: Hex;
} {
  const modelIds = Array.from({ length: 5 }, (_, k) => id(`two chains model ${k}`));
  const base = generateHistory({ seed: 21, days: 20, sessionsPerDay: 15, endTime: baseEnd, modelIds });
  const arbitrum = generateHistory({
    seed: 22,
    days: 30,
    sessionsPerDay: 10,
    endTime: arbitrumEnd,
    modelIds,
  });
  // The first model reads "" on Base: published under its Arbitrum name.
  const namedOnlyOnArbitrum = modelIds[0] as Hex;
  base.models = base.models.filter((model) => model.modelId !== namedOnlyOnArbitrum);
  base.renames = (base.renames ?? []).filter((rename) => rename.modelId !== namedOnlyOnArbitrum);

  // One sessionId on both chains: two sessions.
  const shared = id("two chains shared session");
  const sharedOn = (history: History, closedAt: number): HistorySession => ({
    sessionId: shared,
    user: history.sessions[0]?.user as Hex,
    bidId: history.bids[0]?.bidId as Hex,
    stake: 10n ** 18n,
    openedAt: closedAt - 1800,
    endsAt: closedAt + 1800,
    close: signedClose(shared, closedAt, 777, [111, 222]),
  });
  base.sessions.push(sharedOn(base, baseEnd - 7200));
  arbitrum.sessions.push(sharedOn(arbitrum, baseEnd - 3600));

  // Between the two as-ofs on Arbitrum: a close, and a session whose stake runs out (stuck only in
  // Arbitrum's own files, where the as-of is later).
  const late = id("two chains late close");
  arbitrum.sessions.push({
    ...sharedOn(arbitrum, baseEnd + 2 * 3600),
    sessionId: late,
    close: signedClose(late, baseEnd + 2 * 3600, 333, [3, 4]),
  });
  arbitrum.sessions.push({
    sessionId: id("two chains expiring"),
    user: arbitrum.sessions[0]?.user as Hex,
    bidId: arbitrum.bids[1]?.bidId as Hex,
    stake: 5n * 10n ** 18n,
    openedAt: baseEnd - 2 * 3600,
    endsAt: baseEnd + 3600,
  });
  return { base, arbitrum, shared, namedOnlyOnArbitrum };
}
