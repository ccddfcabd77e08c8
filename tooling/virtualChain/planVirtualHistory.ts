import { seededRandom } from "../../src/util/seededRandom.js";
import { bidIdOf, modelIdOf, providerOf } from "./virtualIds.js";
import { type ChainClock, chainClock, type VirtualChainSpec } from "./virtualSpec.js";
import { weightedPicker } from "./weightedPicker.js";

export type VirtualBid = { bidId: string; provider: string; model: number; pricePerSecond: bigint };
export type VirtualModel = { modelId: string; name: string };

/** Every session of the history, column by column (index = the session's number). */
export type VirtualSessions = {
  count: number;
  bid: Uint16Array;
  openBlock: Float64Array;
  /** -1: never closed. */
  closeBlock: Float64Array;
  endsAt: Float64Array;
  /** Stake in units of 10^15 wei. */
  stake: Uint32Array;
  /** 0: signed by the provider; 1: disputed. */
  closeoutType: Uint8Array;
  /** 1: a v2 receipt (token counts), else v1. */
  v2: Uint8Array;
  tps: Uint32Array;
  ttftMs: Uint32Array;
  inputTokens: Uint32Array;
  outputTokens: Uint32Array;
};

/** Every SessionOpened / SessionClosed log, ascending by block, then log index. */
export type VirtualEvents = {
  count: number;
  block: Float64Array;
  session: Uint32Array;
  /** 1: SessionClosed, 0: SessionOpened. */
  closing: Uint8Array;
  /** The log's index within its block. */
  logIndex: Uint32Array;
};

export type VirtualHistory = {
  clock: ChainClock;
  models: VirtualModel[];
  bids: VirtualBid[];
  sessions: VirtualSessions;
  events: VirtualEvents;
};

const modelNames = ["llama-3.3-70b", "qwen3-235b-a22b", "hermes-3-8b", "deepseek-r1", "mistral-small-24b"];

/**
 * A sparse marketplace history (pure: the same spec gives the same history). Sessions are opened
 * over the spec's history with a growing volume (threefold), a weekly rhythm, quiet weeks (a tenth
 * of the volume) and busy days (five times), and an optional spike; 5 minutes to a day long,
 * most closed before their end, some after it, 0.3% never (stuck), those still running at the end
 * of the history left open. Receipts: v1 for the first 60% of the history, v2 after; 2% disputed;
 * ttft 150 ms to 6 s (7% not measured). Only what the real contract can hold: no malformed receipt.
 */
export function planVirtualHistory(spec: VirtualChainSpec): VirtualHistory {
  const random = seededRandom(spec.seed);
  const clock = chainClock(spec);
  const models = Array.from({ length: spec.models ?? 24 }, (_, m) => ({
    modelId: modelIdOf(spec.seed, m),
    name: `${modelNames[m % modelNames.length]}-${m}`,
  }));
  const bids: VirtualBid[] = [];
  for (let p = 0; p < (spec.providers ?? 60); p++) {
    const offers = 2 + Math.floor(random() * 3);
    for (let k = 0; k < offers; k++) {
      bids.push({
        bidId: bidIdOf(spec.seed, bids.length),
        provider: providerOf(spec.seed, p),
        model: Math.floor(random() ** 2 * models.length),
        pricePerSecond: BigInt(1 + Math.floor(random() * 1000)) * 10n ** 12n,
      });
    }
  }
  const start = Math.max(spec.historyStart, clock.timestamp(spec.creationBlock));
  const end = spec.historyEnd;
  const sessions = planSessions(spec, clock, start, end, bids.length, random);
  return { clock, models, bids, sessions, events: eventsOf(sessions) };
}

function planSessions(
  spec: VirtualChainSpec,
  clock: ChainClock,
  start: number,
  end: number,
  bidCount: number,
  random: () => number,
): VirtualSessions {
  const count = spec.sessions;
  const s: VirtualSessions = {
    count,
    bid: new Uint16Array(count),
    openBlock: new Float64Array(count),
    closeBlock: new Float64Array(count),
    endsAt: new Float64Array(count),
    stake: new Uint32Array(count),
    closeoutType: new Uint8Array(count),
    v2: new Uint8Array(count),
    tps: new Uint32Array(count),
    ttftMs: new Uint32Array(count),
    inputTokens: new Uint32Array(count),
    outputTokens: new Uint32Array(count),
  };
  const pickOpen = openTimePicker(start, end, random);
  const spike = spec.spike;
  const spikeCount = spike ? Math.floor(count * spike.share) : 0;
  const cutover = start + 0.6 * (end - start);
  const bidWeights = Array.from({ length: bidCount }, (_, k) => 1 / (k + 1) ** 0.8);
  const pickBid = weightedPicker(bidWeights, random);
  for (let i = 0; i < count; i++) {
    const inSpike = spike !== undefined && i < spikeCount;
    const wanted = inSpike ? spike.at + Math.floor(random() * spike.seconds) : pickOpen();
    const openBlock = clock.blockAt(Math.min(end, Math.max(start, wanted)));
    const openedAt = clock.timestamp(openBlock);
    const duration = inSpike ? 300 + Math.floor(random() * 900) : 300 + Math.floor(random() ** 2 * 86_100);
    const late = random() < 0.1;
    const closeAt = late
      ? openedAt + duration + Math.floor(random() * 6 * 3600)
      : openedAt + Math.max(1, Math.floor(duration * (0.3 + 0.7 * random())));
    const stuck = random() < 0.003;
    const closeBlock = stuck || closeAt > end ? -1 : Math.max(openBlock + 1, clock.blockAt(closeAt));
    s.bid[i] = pickBid();
    s.openBlock[i] = openBlock;
    s.closeBlock[i] = closeBlock;
    s.endsAt[i] = openedAt + duration;
    s.stake[i] = 1 + Math.floor(random() * 100_000);
    s.closeoutType[i] = random() < 0.02 ? 1 : 0;
    s.v2[i] = openedAt >= cutover ? 1 : 0;
    s.tps[i] = random() < 0.03 ? 0 : 5_000 + Math.floor(random() * 75_000);
    s.ttftMs[i] = random() < 0.07 ? 0 : 150 + Math.floor(random() ** 2 * 5_850);
    s.inputTokens[i] = 50 + Math.floor(random() ** 2 * 20_000);
    s.outputTokens[i] = 20 + Math.floor(random() * 8_000);
  }
  return s;
}

/** Open times over [start, end]: daily volume growing threefold, weekly rhythm, quiet weeks, busy days. */
function openTimePicker(start: number, end: number, random: () => number): () => number {
  const days = Math.max(1, Math.ceil((end - start) / 86_400));
  const weights: number[] = [];
  let quietWeek = false;
  for (let d = 0; d < days; d++) {
    if (d % 7 === 0) quietWeek = random() < 0.1;
    const weekday = new Date((start + d * 86_400) * 1000).getUTCDay();
    const weekly = weekday === 0 || weekday === 6 ? 0.6 : 1.16;
    const busy = random() < 0.03 ? 5 : 1;
    weights.push((1 + (2 * d) / days) * weekly * busy * (quietWeek ? 0.1 : 1));
  }
  const pickDay = weightedPicker(weights, random);
  return () => {
    const dayStart = start + pickDay() * 86_400;
    // Daily rhythm by rejection: quiet at night (UTC), peak around 15:00.
    for (;;) {
      const time = dayStart + Math.floor(random() * 86_400);
      const hour = (time % 86_400) / 3600;
      if (random() <= 0.6 + 0.4 * Math.cos(((hour - 15) / 24) * 2 * Math.PI)) return Math.min(end, time);
    }
  };
}

/** The logs: an open for every session, a close for every closed one, by block then session. */
function eventsOf(sessions: VirtualSessions): VirtualEvents {
  const order: number[] = [];
  for (let i = 0; i < sessions.count; i++) {
    order.push(2 * i);
    if ((sessions.closeBlock[i] as number) >= 0) order.push(2 * i + 1);
  }
  const blockOf = (e: number) =>
    (e % 2 === 0 ? sessions.openBlock[e >> 1] : sessions.closeBlock[e >> 1]) as number;
  order.sort((a, b) => blockOf(a) - blockOf(b) || a - b);
  const count = order.length;
  const events: VirtualEvents = {
    count,
    block: new Float64Array(count),
    session: new Uint32Array(count),
    closing: new Uint8Array(count),
    logIndex: new Uint32Array(count),
  };
  let index = 0;
  order.forEach((e, k) => {
    const block = blockOf(e);
    index = k > 0 && events.block[k - 1] === block ? index + 1 : 0;
    events.block[k] = block;
    events.session[k] = e >> 1;
    events.closing[k] = e % 2;
    events.logIndex[k] = index;
  });
  return events;
}
