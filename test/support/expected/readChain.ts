import type { ChainHistory } from "./chainHistory.js";
import { chainLogs } from "./chainLogs.js";
import { modelName } from "./modelName.js";
import { readReceipt } from "./readReceipt.js";
import { storedBid } from "./storedBid.js";

/** A closed session as the published files see it. */
export type ClosedSession = {
  chainId: number;
  sessionId: string;
  closedAt: number;
  /** max(0, min(closedAt, endsAt) - openedAt). */
  seconds: bigint;
  /** seconds * pricePerSecond; undefined when getBid reverts. */
  earned: bigint | undefined;
  disputed: boolean;
  tokens: bigint;
  /** Whether `tokens` counts the session's tokens (a signed v2 receipt whose token words fit uint32). */
  tokenCounted: boolean;
  /** Of a signed receipt; 0 otherwise. */
  ttftMs: number;
  /** Of a signed receipt; 0 otherwise. */
  tpsScaled1000: number;
  /** The bid's modelId; undefined when getBid reverts. */
  modelId: string | undefined;
  /** The bid's provider; when getBid reverts, the SessionClosed log's topic3 (the stored bid's). */
  provider: string;
};

/** A session whose SessionOpened is indexed and whose SessionClosed is not: stuck once it expires. */
export type OpenSession = {
  chainId: number;
  sessionId: string;
  openedAt: number;
  endsAt: number;
  stake: bigint;
  /** The bid's provider and modelId; undefined when getBid reverts. */
  bid: { provider: string; modelId: string } | undefined;
};

/** What one chain's index yields: its closed and open sessions, and its model names. */
export type ChainView = {
  chainId: number;
  asOf: number;
  closed: ClosedSession[];
  open: OpenSession[];
  /** The model's current name on this chain ("" if none). */
  name: (modelId: string) => string;
};

/**
 * The sessions of one chain as its index sees them. Sessions whose getSession reverts count
 * nowhere (no close time, no endsAt). Every indexed close is at or before the chain's as-of.
 */
export function readChain(chain: ChainHistory): ChainView {
  const { sessions, opened, closed: closedLogs } = chainLogs(chain);
  const closed: ClosedSession[] = [];
  const open: OpenSession[] = [];
  for (const [sessionId, s] of sessions) {
    if (s.reverts) continue;
    const bid = storedBid(chain.history, s.bidId);
    if (closedLogs.has(sessionId) && s.close) {
      const { closedAt } = s.close;
      const receipt = readReceipt(sessionId, BigInt(s.close.closeoutType), s.close.receipt);
      const seconds = BigInt(Math.max(0, Math.min(closedAt, s.endsAt) - s.openedAt));
      closed.push({
        chainId: chain.chainId,
        sessionId,
        closedAt,
        seconds,
        earned: bid.readable ? seconds * bid.pricePerSecond : undefined,
        disputed: receipt.kind === "disputed",
        tokens: receipt.tokens,
        tokenCounted: receipt.tokenCounted,
        ttftMs: receipt.ttftMs,
        tpsScaled1000: receipt.tpsScaled1000,
        modelId: bid.readable ? bid.modelId : undefined,
        provider: bid.provider,
      });
    } else if (opened.has(sessionId)) {
      open.push({
        chainId: chain.chainId,
        sessionId,
        openedAt: s.openedAt,
        endsAt: s.endsAt,
        stake: s.stake,
        bid: bid.readable ? { provider: bid.provider, modelId: bid.modelId } : undefined,
      });
    }
  }
  const names = new Map<string, string>();
  const name = (modelId: string): string => {
    const id = modelId.toLowerCase();
    const known = names.get(id) ?? modelName(chain.history, id);
    names.set(id, known);
    return known;
  };
  return { chainId: chain.chainId, asOf: chain.asOf, closed, open, name };
}
