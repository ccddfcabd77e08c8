import { type Address, encodeFunctionData, type Hex, parseAbi, size } from "viem";
import { BaseError } from "../errors/BaseError.js";
import type { History, HistoryBid, HistorySession } from "./history.js";

/*
 * What writeHistory sends, planned without a node: the seeding contract's ABI, the events of a
 * history in chronological order grouped into blocks and transactions. Pure functions.
 */

export const seedingAbi = parseAbi([
  "struct OpenInput { bytes32 sessionId; address user; bytes32 bidId; uint256 stake; uint128 openedAt; uint128 endsAt; }",
  "struct CloseInput { bytes32 sessionId; bytes receipt; uint256 closeoutType; uint128 closedAt; bool silent; }",
  "function openMany(OpenInput[] inputs)",
  "function closeMany(CloseInput[] inputs)",
  "function setModel(bytes32 modelId, bytes name)",
  "function setBid(bytes32 bidId, address provider, bytes32 modelId, uint256 pricePerSecond, uint128 createdAt)",
  "function postModelBid(address provider, bytes32 modelId, uint256 pricePerSecond) returns (bytes32)",
  "function deleteModelBid(bytes32 bidId)",
  "function setReverts(bytes32 id, bool session, bool bid, bool model)",
  "function setStatsUnavailable(bool unavailable)",
  "function setProviderStake(address provider, uint256 stake)",
  "function setRouterViewsUnavailable(bool unavailable)",
]);

export type OpenInput = {
  sessionId: Hex;
  user: Address;
  bidId: Hex;
  stake: bigint;
  openedAt: bigint;
  endsAt: bigint;
};
export type CloseInput = {
  sessionId: Hex;
  receipt: Hex;
  closeoutType: bigint;
  closedAt: bigint;
  silent: boolean;
};
export type Event =
  | { kind: 0; time: number; modelId: Hex; name: Hex }
  | { kind: 1; time: number; session: HistorySession }
  | { kind: 2; time: number; session: HistorySession }
  /** A bid posted (postModelBid) or deleted (deleteModelBid): in a block of exactly its time. */
  | { kind: 3; time: number; bid: HistoryBid }
  | { kind: 4; time: number; bid: HistoryBid };

/**
 * Events of the same time in the order they go on chain: renames, bids posted (before the
 * sessions opened on them), opens, closes, then deletions.
 */
const kindOrder = [0, 2, 3, 1, 4] as const;

export function compareEvents(a: Event, b: Event): number {
  return a.time - b.time || kindOrder[a.kind] - kindOrder[b.kind];
}

const isBidEvent = (event: Event) => event.kind === 3 || event.kind === 4;
export type Tx = { data: Hex; gas: bigint };
export type PlannedBlock = { timestamp: number; txs: Tx[]; opened: Hex[]; closed: Hex[] };

/** How events are grouped into blocks: by span, the last block at `endTime`. */
export type BlockPlan = {
  span: number;
  /** From `since` (a multiple of `span`) on, spans of `span` seconds instead (finer: a real chain's timing). */
  fine?: { since: number; span: number } | undefined;
  endTime: number;
  headTime: number;
  maxEventsPerTx: number;
  maxEventsPerBlock: number;
};

/** The start of the span holding `time`: events of one span share a block. Never decreases with `time`. */
export function spanStart(time: number, plan: Pick<BlockPlan, "span" | "fine">): number {
  const span = plan.fine && time >= plan.fine.since ? plan.fine.span : plan.span;
  return Math.floor(time / span) * span;
}

/**
 * The blocks of `events` (sorted by compareEvents), the last one at `endTime`. A bid's createdAt
 * and deletedAt are block times (CHAIN.md), so each bid event ends a block of exactly its time,
 * with the events up to it; the events between two of them are packed as planSpan does.
 */
export function planBlocks(events: Event[], plan: BlockPlan): PlannedBlock[] {
  if (plan.fine && plan.fine.since % plan.fine.span !== 0)
    throw new BaseError(`writeHistory: fine.since ${plan.fine.since} is not a multiple of its span`, {
      details: `Expected a multiple of ${plan.fine.span}, or spans would go back in time at it.`,
    });
  const blocks: PlannedBlock[] = [];
  let headTime = plan.headTime;
  let start = 0;
  for (let k = 0; k < events.length; k++) {
    const event = events[k] as Event;
    if (!isBidEvent(event) || event.time >= plan.endTime) continue;
    if (event.time <= headTime) {
      throw new BaseError(`writeHistory: a bid event at ${event.time} cannot get a block of its own time.`, {
        details: `The block before it is at ${headTime}: bid events need times after the chain head and after the previous bid event's block.`,
      });
    }
    let end = k + 1;
    while (end < events.length && (events[end] as Event).time === event.time) end++;
    blocks.push(...planSpan(events.slice(start, end), { ...plan, endTime: event.time, headTime }));
    headTime = event.time;
    start = end;
    k = end - 1;
  }
  blocks.push(...planSpan(events.slice(start), { ...plan, headTime }));
  return blocks;
}

/** Events (none a bid event before endTime) in blocks by span, the last one at `endTime`. */
function planSpan(events: Event[], plan: BlockPlan): PlannedBlock[] {
  const blocks: PlannedBlock[] = [];
  const finalKey = spanStart(plan.endTime, plan);
  let previous = plan.headTime;
  let i = 0;
  while (i < events.length) {
    const key = spanStart((events[i] as Event).time, plan);
    if (key >= finalKey) break; // endTime's span goes into the final block(s)
    let j = i;
    while (
      j < events.length &&
      j - i < plan.maxEventsPerBlock &&
      spanStart((events[j] as Event).time, plan) === key
    ) {
      j++;
    }
    const timestamp = Math.max((events[j - 1] as Event).time, previous + 1);
    if (timestamp >= plan.endTime) break; // no room before endTime: the rest goes into the final block
    blocks.push(buildBlock(events.slice(i, j), timestamp, plan.maxEventsPerTx));
    previous = timestamp;
    i = j;
  }
  // The rest, in blocks of maxEventsPerBlock while there is room before endTime; the last at endTime.
  while (events.length - i > plan.maxEventsPerBlock) {
    const j = i + plan.maxEventsPerBlock;
    const timestamp = Math.max((events[j - 1] as Event).time, previous + 1);
    if (timestamp >= plan.endTime) break;
    blocks.push(buildBlock(events.slice(i, j), timestamp, plan.maxEventsPerTx));
    previous = timestamp;
    i = j;
  }
  blocks.push(buildBlock(events.slice(i), plan.endTime, plan.maxEventsPerTx));
  return blocks;
}

export function buildBlock(events: Event[], timestamp: number, maxEventsPerTx: number): PlannedBlock {
  const txs: Tx[] = [];
  const posts: Tx[] = [];
  const deletions: Tx[] = [];
  const opens: OpenInput[] = [];
  const closes: CloseInput[] = [];
  for (const event of events) {
    if (event.kind === 0) txs.push(setModelTx(event.modelId, event.name));
    else if (event.kind === 3) {
      const { provider, modelId, pricePerSecond } = event.bid;
      const data = encodeFunctionData({
        abi: seedingAbi,
        functionName: "postModelBid",
        args: [provider, modelId, pricePerSecond ?? 0n],
      });
      posts.push({ data, gas: 400_000n });
    } else if (event.kind === 4) {
      const data = encodeFunctionData({
        abi: seedingAbi,
        functionName: "deleteModelBid",
        args: [event.bid.bidId],
      });
      deletions.push({ data, gas: 200_000n });
    } else if (event.kind === 1) {
      const s = event.session;
      opens.push({
        sessionId: s.sessionId,
        user: s.user,
        bidId: s.bidId,
        stake: s.stake,
        openedAt: BigInt(s.openedAt),
        endsAt: BigInt(s.endsAt),
      });
    } else {
      const s = event.session;
      const close = s.close as NonNullable<HistorySession["close"]>;
      closes.push({
        sessionId: s.sessionId,
        receipt: close.receipt,
        closeoutType: BigInt(close.closeoutType),
        closedAt: BigInt(close.closedAt),
        silent: close.silent === true,
      });
    }
  }
  // Bids posted before the sessions opened on them; all opens of the block before all of its
  // closes (a session opened and closed in one block logs its SessionOpened first); deletions last.
  txs.push(...posts);
  for (let k = 0; k < opens.length; k += maxEventsPerTx) {
    const chunk = opens.slice(k, k + maxEventsPerTx);
    const data = encodeFunctionData({ abi: seedingAbi, functionName: "openMany", args: [chunk] });
    txs.push({ data, gas: 200_000n + 160_000n * BigInt(chunk.length) + 64n * BigInt(size(data)) });
  }
  for (let k = 0; k < closes.length; k += maxEventsPerTx) {
    const chunk = closes.slice(k, k + maxEventsPerTx);
    const data = encodeFunctionData({ abi: seedingAbi, functionName: "closeMany", args: [chunk] });
    let gas = 200_000n + 64n * BigInt(size(data));
    // Storage of the receipt, and the (model, provider) counters.
    for (const c of chunk) gas += 150_000n + 23_000n * BigInt(Math.ceil(size(c.receipt) / 32) + 1);
    txs.push({ data, gas });
  }
  txs.push(...deletions);
  return {
    timestamp,
    txs,
    opened: opens.map((o) => o.sessionId.toLowerCase() as Hex),
    closed: closes.map((c) => c.sessionId.toLowerCase() as Hex),
  };
}

export function setModelTx(modelId: Hex, name: Hex): Tx {
  const data = encodeFunctionData({ abi: seedingAbi, functionName: "setModel", args: [modelId, name] });
  return { data, gas: 200_000n + 23_000n * BigInt(Math.ceil(size(name) / 32) + 1) };
}

/** One setReverts call per id that any entity gives an explicit `reverts` for. */
export function revertSwitches(
  history: History,
): Array<[Hex, { session: boolean; bid: boolean; model: boolean }]> {
  const switches = new Map<string, [Hex, { session: boolean; bid: boolean; model: boolean }]>();
  const entry = (id: Hex) => {
    const key = id.toLowerCase();
    let value = switches.get(key);
    if (!value) {
      value = [id, { session: false, bid: false, model: false }];
      switches.set(key, value);
    }
    return value[1];
  };
  for (const s of history.sessions) if (s.reverts !== undefined) entry(s.sessionId).session = s.reverts;
  for (const b of history.bids) if (b.reverts !== undefined) entry(b.bidId).bid = b.reverts;
  for (const m of history.models) if (m.reverts !== undefined) entry(m.modelId).model = m.reverts;
  return [...switches.values()];
}

export function validateTimes(history: History): void {
  const late: string[] = [];
  for (const s of history.sessions) {
    if (s.openedAt > history.endTime) late.push(`session ${s.sessionId} opens at ${s.openedAt}`);
    if (s.close && s.close.closedAt > history.endTime) {
      late.push(`session ${s.sessionId} closes at ${s.close.closedAt}`);
    }
  }
  for (const r of history.renames ?? []) {
    if (r.at > history.endTime) late.push(`model ${r.modelId} is renamed at ${r.at}`);
  }
  for (const b of history.bids) {
    if (b.postedAt !== undefined && b.postedAt > history.endTime)
      late.push(`bid ${b.bidId} is posted at ${b.postedAt}`);
    if (b.deletedAt !== undefined && b.deletedAt > history.endTime)
      late.push(`bid ${b.bidId} is deleted at ${b.deletedAt}`);
  }
  if (late.length > 0) {
    throw new BaseError(`writeHistory: ${late.length} event(s) after endTime ${history.endTime}.`, {
      details: late.slice(0, 5).join("\n"),
    });
  }
}

/**
 * The bids' timeline is one the contract can hold: a deleted bid was posted (not written without
 * a log) and not after its deletion, and no re-post of its pair deleted it first (deleteModelBid
 * would revert).
 */
export function validateBids(history: History): void {
  const problems: string[] = [];
  const pairOf = (b: HistoryBid) => `${b.provider.toLowerCase()}:${b.modelId.toLowerCase()}`;
  for (const b of history.bids) {
    if (b.deletedAt === undefined) continue;
    if (b.postedAt === undefined) {
      problems.push(`bid ${b.bidId} is deleted but never posted (postedAt)`);
      continue;
    }
    if (b.deletedAt < b.postedAt)
      problems.push(`bid ${b.bidId} is deleted at ${b.deletedAt}, before its posting`);
    const posted = b.postedAt;
    const repost = history.bids.find(
      (other) =>
        other !== b &&
        pairOf(other) === pairOf(b) &&
        other.postedAt !== undefined &&
        other.postedAt >= posted &&
        other.postedAt <= (b.deletedAt as number),
    );
    if (repost)
      problems.push(
        `bid ${b.bidId} is deleted at ${b.deletedAt}, after ${repost.bidId}, posted at ${repost.postedAt}, deleted it`,
      );
  }
  if (problems.length > 0)
    throw new BaseError(`writeHistory: ${problems.length} bid(s) the contract cannot hold.`, {
      details: problems.slice(0, 5).join("\n"),
    });
}
