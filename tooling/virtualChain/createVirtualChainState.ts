import { planVirtualHistory, type VirtualHistory } from "./planVirtualHistory.js";
import { blockHashOf, blockOfHash } from "./virtualIds.js";
import type { VirtualChainSpec } from "./virtualSpec.js";

export type VirtualHeader = { number: number; hash: string; parentHash: string; timestamp: number };

/** The contract's counters of one (model, provider) pair at a block (getProviderModelStats). */
export type PairCounters = {
  totalCount: number;
  successCount: number;
  totalDuration: number;
  tpsSum: number;
  ttftSum: number;
};

export type VirtualChainState = {
  spec: VirtualChainSpec;
  history: VirtualHistory;
  /** The newest block the chain shows. */
  head(): number;
  setHead(block: number): void;
  /** Replaces the newest `depth` blocks with others (new hashes; the same logs). */
  reorg(depth: number): void;
  /** The fork a block is on: 0 until a reorg replaced it. */
  forkOf(block: number): number;
  header(block: number): VirtualHeader;
  /** The block a hash names on this chain (undefined: not a block of the canonical chain). */
  blockOfHash(hash: string): number | undefined;
  /** Indexes of the events in [from, to] (within the head). */
  eventRange(from: number, to: number): { first: number; end: number };
  /** The pair's counters at `block`. */
  pairCounters(model: number, provider: string, block: number): PairCounters;
};

/** A virtual chain's state: its planned history, its head, its reorgs. Nothing per block is stored. */
export function createVirtualChainState(spec: VirtualChainSpec): VirtualChainState {
  const history = planVirtualHistory(spec);
  const { clock, events } = history;
  let head = spec.head;
  /** Reorgs: from this block on, blocks are on this fork (ascending `from`). */
  const forks: Array<{ from: number; fork: number }> = [];
  const forkOf = (block: number) => {
    let fork = 0;
    for (const change of forks) if (block >= change.from) fork = change.fork;
    return fork;
  };
  const pairs = indexPairs(history);

  /** The first event at or after `block`. */
  const lowerBound = (block: number) => {
    let lo = 0;
    let hi = events.count;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((events.block[mid] as number) < block) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  const state: VirtualChainState = {
    spec,
    history,
    head: () => head,
    setHead(block) {
      head = block;
    },
    reorg(depth) {
      const from = Math.max(1, head - depth + 1);
      forks.push({ from, fork: forks.length + 1 });
    },
    forkOf,
    header(block) {
      return {
        number: block,
        hash: blockHashOf(spec.seed, block, forkOf(block)),
        parentHash:
          block === 0 ? `0x${"0".repeat(64)}` : blockHashOf(spec.seed, block - 1, forkOf(block - 1)),
        timestamp: clock.timestamp(block),
      };
    },
    blockOfHash(hash) {
      const block = blockOfHash(spec.seed, hash, forkOf);
      return block !== undefined && block <= head ? block : undefined;
    },
    eventRange(from, to) {
      const last = Math.min(to, head);
      if (last < from) return { first: 0, end: 0 };
      return { first: lowerBound(from), end: lowerBound(last + 1) };
    },
    pairCounters(model, provider, block) {
      const pair = pairs.get(`${model}:${provider}`);
      const empty = { totalCount: 0, successCount: 0, totalDuration: 0, tpsSum: 0, ttftSum: 0 };
      if (!pair) return empty;
      // Closes at or below the block: the pair's close blocks ascend.
      let lo = 0;
      let hi = pair.blocks.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((pair.blocks[mid] as number) <= block) lo = mid + 1;
        else hi = mid;
      }
      if (lo === 0) return empty;
      const k = lo - 1;
      return {
        totalCount: lo,
        successCount: pair.success[k] as number,
        totalDuration: pair.duration[k] as number,
        tpsSum: pair.tps[k] as number,
        ttftSum: pair.ttft[k] as number,
      };
    },
  };
  return state;
}

type PairIndex = { blocks: number[]; success: number[]; duration: number[]; tps: number[]; ttft: number[] };

/** Per (model, provider): its close blocks, ascending, with running sums of what the contract counts. */
function indexPairs(history: VirtualHistory): Map<string, PairIndex> {
  const { events, sessions, bids, clock } = history;
  const pairs = new Map<string, PairIndex>();
  for (let e = 0; e < events.count; e++) {
    if (events.closing[e] !== 1) continue;
    const i = events.session[e] as number;
    const bid = bids[sessions.bid[i] as number];
    if (!bid) continue;
    const key = `${bid.model}:${bid.provider}`;
    let pair = pairs.get(key);
    if (!pair) {
      pair = { blocks: [], success: [], duration: [], tps: [], ttft: [] };
      pairs.set(key, pair);
    }
    const k = pair.blocks.length;
    const signed = sessions.closeoutType[i] === 0;
    const openedAt = clock.timestamp(sessions.openBlock[i] as number);
    const closedAt = clock.timestamp(sessions.closeBlock[i] as number);
    pair.blocks.push(events.block[e] as number);
    pair.success.push((k > 0 ? (pair.success[k - 1] as number) : 0) + (signed ? 1 : 0));
    pair.duration.push((k > 0 ? (pair.duration[k - 1] as number) : 0) + (signed ? closedAt - openedAt : 0));
    pair.tps.push((k > 0 ? (pair.tps[k - 1] as number) : 0) + (signed ? (sessions.tps[i] as number) : 0));
    pair.ttft.push(
      (k > 0 ? (pair.ttft[k - 1] as number) : 0) + (signed ? (sessions.ttftMs[i] as number) : 0),
    );
  }
  return pairs;
}
