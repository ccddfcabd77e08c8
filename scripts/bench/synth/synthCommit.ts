import type { BlockHeader } from "../../../src/chain/getBlockHeader.js";
import type { Pair, PairCounters } from "../../../src/chain/readPairStats.js";
import { closeStateOf } from "../../../src/sync/closeStateOf.js";
import type { ChainIdentity, CloseRow, OpenRow, RangeCommit } from "../../../src/sync/SyncStore.js";
import type { Catalog } from "./catalog.js";
import type { SynthSession } from "./planSynthSessions.js";

/**
 * The range commit a follower would have made for these sessions: their SessionOpened and
 * SessionClosed rows, each close classified by the sync's own code (closeStateOf), no upgrade, and
 * one synthetic run that read it all (started and written at time 0). Pure.
 */
export function synthCommit(
  sessions: readonly SynthSession[],
  identity: ChainIdentity,
  end: BlockHeader,
  bids: RangeCommit["bids"],
): RangeCommit {
  const opens: OpenRow[] = [];
  const closes: CloseRow[] = [];
  for (const session of sessions) {
    const { state } = session;
    opens.push({
      sessionId: session.sessionId,
      blockNumber: session.openedBlock,
      logIndex: 0,
      state: { bidId: state.bidId, stake: state.stake, openedAt: state.openedAt, endsAt: state.endsAt },
    });
    if (session.closeBlock === undefined) continue;
    closes.push({
      sessionId: session.sessionId,
      blockNumber: session.closeBlock,
      logIndex: 1,
      provider: session.provider,
      state: closeStateOf(session.sessionId, state).state,
    });
  }
  const posted = bids.map(({ bidId }) => ({ bidId, blockNumber: 1 }));
  return {
    identity,
    end,
    headers: [],
    bids,
    refreshed: [],
    posted,
    deleted: [],
    opens,
    closes,
    anomalies: [],
    upgrades: [],
    run: {
      firstBlock: identity.fromBlock,
      head: end.number,
      startedAt: 0,
      wroteAt: 0,
      lowBlock: identity.fromBlock,
    },
  };
}

/**
 * The contract's own counters (getProviderModelStats) for a synthetic history: every close adds
 * to its pair's totalCount; one with closeoutType 0 also to successCount and totalDuration
 * (CHAIN.md). An index holding every close matches them.
 */
export function createPairCounter(catalog: Catalog): {
  add(sessions: readonly SynthSession[]): void;
  counters(): Array<Pair & PairCounters>;
} {
  const modelOf = new Map<string, string>(catalog.bids.map((bid) => [bid.bidId, bid.modelId]));
  const pairs = new Map<string, Pair & PairCounters>();
  return {
    add(sessions) {
      for (const { closeBlock, provider, state } of sessions) {
        if (closeBlock === undefined) continue;
        const modelId = modelOf.get(state.bidId) as string;
        const key = `${modelId}:${provider}`;
        let pair = pairs.get(key);
        if (!pair) {
          pair = { modelId, provider, totalCount: 0, successCount: 0, totalDuration: 0 };
          pairs.set(key, pair);
        }
        pair.totalCount++;
        if (state.closeoutType === 0n) {
          pair.successCount++;
          pair.totalDuration += state.closedAt - state.openedAt;
        }
      }
    },
    counters: () => [...pairs.values()],
  };
}
