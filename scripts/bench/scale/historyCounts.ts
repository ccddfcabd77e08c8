import type { VirtualHistory } from "../../../tooling/virtualChain/planVirtualHistory.js";
import type { ChainSyncFigures } from "../runMor.js";

/** What a virtual chain's history holds up to a block: what a complete index of it holds. */
export type HistoryCounts = {
  /** SessionOpened and SessionClosed logs, and the blocks that hold them. */
  events: number;
  eventBlocks: number;
  opened: number;
  closed: number;
  /** The view calls an indexer needs at the least: a getSession per session, getBid per bid, getModel per model, getProviderModelStats per pair. */
  reads: number;
};

/** Counts of the history's logs in [from, to] and the reads they call for (pure). */
export function historyCounts(history: VirtualHistory, from: number, to: number): HistoryCounts {
  const { events, sessions, bids } = history;
  let opened = 0;
  let closed = 0;
  let eventBlocks = 0;
  let lastBlock = -1;
  const bidSet = new Set<number>();
  const pairs = new Set<string>();
  for (let e = 0; e < events.count; e++) {
    const block = events.block[e] as number;
    if (block < from || block > to) continue;
    if (block !== lastBlock) eventBlocks++;
    lastBlock = block;
    const i = events.session[e] as number;
    const bid = sessions.bid[i] as number;
    if (events.closing[e] === 1) {
      closed++;
      const b = bids[bid];
      if (b) pairs.add(`${b.model}:${b.provider}`);
    } else {
      opened++;
      bidSet.add(bid);
    }
  }
  const models = new Set([...bidSet].map((bid) => bids[bid]?.model));
  return {
    events: opened + closed,
    eventBlocks,
    opened,
    closed,
    reads: opened + bidSet.size + models.size + pairs.size,
  };
}

/**
 * The counts of the history a sync covered, from its first block to its target; throws when the
 * sync did not index every session and close of it (`what` names the run in the error).
 */
export function indexedAll(history: VirtualHistory, synced: ChainSyncFigures, what: string): HistoryCounts {
  const counts = historyCounts(history, synced.fromBlock, synced.target);
  if (
    !synced.complete ||
    synced.sessionsOpened !== counts.opened ||
    synced.sessionsClosed !== counts.closed
  ) {
    throw new Error(
      `${what}: synced ${synced.sessionsOpened} opens / ${synced.sessionsClosed} closes to block ${synced.toBlock}, the chain holds ${counts.opened} / ${counts.closed} to ${synced.target}`,
    );
  }
  return counts;
}
