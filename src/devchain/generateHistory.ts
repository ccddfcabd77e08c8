import { type Address, getAddress, type Hex, keccak256, stringToHex } from "viem";
import { seededRandom } from "../util/seededRandom.js";
import { encodeReceipt } from "./encodeReceipt.js";
import type { History, HistoryBid, HistoryModel, HistoryRename, HistorySession } from "./history.js";
import { pick, randomHex, sample } from "./historyRandom.js";
import { applyOddReceipts } from "./oddReceipts.js";
import { offerLines } from "./offerLines.js";
import { postedBidId } from "./postedBidId.js";

export type GenerateHistoryOptions = {
  seed: number;
  days: number;
  /** Average; weekends are quieter, weekday afternoons (UTC) busier. */
  sessionsPerDay: number;
  /** The as-of time the history ends at (the last block's timestamp). */
  endTime: number;
  /** Default 5, at least 3. */
  models?: number;
  /** Default 4, at least 1. */
  providers?: number;
  /**
   * The models' ids (default: drawn from the seed): histories of two chains given the same ids share
   * their models, as the real chains do. Providers are the same on every seed already.
   */
  modelIds?: readonly Hex[];
  /** Bid prices are 1..9 · 10^e wei a second, e in this range (default [9, 17]: earned sums pass 2^64). */
  priceExponents?: readonly [lowest: number, highest: number];
  /** Receipts are v1 before this time, v2 from it (default: 60% of the history, on a day boundary). */
  receiptCutover?: number;
  /** Offers re-posted and withdrawn all along the history (offerLines' churn), not only at 40% and 70%. */
  bidChurn?: boolean;
};

const modelNames = [
  "llama-3.3-70b-instruct",
  "qwen3-235b-a22b",
  "LMR-Hermes-3-Llama-3.1-8B",
  "deepseek-r1 (Ünïcødé 🦙)",
  "mistral-small-3.1-24b",
  "gemma-3-27b-it",
  "phi-4-mini",
  "kimi-k2-instruct",
];
const receiptChainId = 8453n;

/**
 * A deterministic, realistic marketplace history (same options, same history; no Math.random).
 *
 * - Models: one is renamed half way through (`renames`), the last one is never named (it has bids
 *   but no setModel: its name reads ""). Providers have deterministic addresses.
 * - Bids, posted by the real contract's rules (postedAt, deletedAt: a living order book): each
 *   provider offers 3 models (distinct pairs), posted just before the history starts, so the
 *   same pair gets the same bidId on every chain. Every fourth offer is re-posted at 40% of the
 *   history at a new price (the old bid deleted by the re-post); one is withdrawn at 70% (its
 *   provider served the model and no longer offers it), one two hours before the end. The
 *   second-to-last model is offered (a bid never used, posted a day and a half before the end) and
 *   never served. Sessions open only on a bid standing then.
 * - Sessions are opened over `days` days before `endTime` (every timestamp is at or after
 *   endTime − days·86,400), with a daily (UTC afternoon peak) and weekly (quiet weekend) rhythm,
 *   durations of 5 minutes to a day. Most close between openedAt and endsAt, some after endsAt;
 *   none after endTime (those stay open).
 * - Receipts: v1 (160 bytes) before a cutover (default 60% of the history), v2 (224 bytes) after, with
 *   token counts and ttftMs in the hundreds to thousands (some 0, "not measured"). Mixed in, a few
 *   of each: disputed (closeoutType 1, well-formed receipt), empty, short, naming another session,
 *   a ttftMs too large for its uint32 field, v2 with a trailing extra word, 192-byte v1 receipts,
 *   v2 with an inputTokens word past uint32 (signed, 0 tokens), tpsScaled1000 of 0.
 * - Bid prices spread over eight orders of magnitude by default: earned sums pass 2^64.
 * - Open sessions: a few stuck (never closed, endsAt long past) and a few still running (opened in
 *   the last hours, endsAt in the future).
 */
export function generateHistory(options: GenerateHistoryOptions): History {
  const random = seededRandom(options.seed);
  const { days, endTime } = options;
  const start = endTime - days * 86_400;
  const modelCount = options.modelIds?.length ?? Math.max(3, options.models ?? 5);
  const providerCount = Math.max(1, options.providers ?? 4);

  const drawn = Array.from({ length: modelCount }, () => randomHex(random, 32));
  const modelIds = options.modelIds ? [...options.modelIds] : drawn;
  const models: HistoryModel[] = modelIds
    .slice(0, -1) // the last model is never named
    .map((modelId, i) => ({ modelId, name: modelNames[i % modelNames.length] as string }));
  const renamed = modelIds[1] as Hex;
  const renames: HistoryRename[] = [
    { modelId: renamed, name: `${modelNames[1]}-2507`, at: start + Math.floor((days * 86_400) / 2) + 1234 },
  ];

  const providers: Address[] = Array.from({ length: providerCount }, (_, p) =>
    getAddress(`0x${keccak256(stringToHex(`mor-throughput dev provider ${p}`)).slice(-40)}`),
  );
  // Prices spread over eight orders of magnitude by default (1e9 to 9e17 wei of MOR a second).
  const [lowest, highest] = options.priceExponents ?? [9, 17];
  const exponents = highest - lowest + 1;
  const price = () =>
    BigInt(1 + Math.floor(random() * 9)) * 10n ** BigInt(lowest + Math.floor(random() * exponents));
  const span = days * 86_400;
  // The second-to-last model is offered, never served: no offer line of the sessions names it.
  const offerOnly = modelIds[modelCount - 2] as Hex;
  const served = modelIds.filter((id) => id !== offerOnly);
  const churn = options.bidChurn ?? false;
  const lines = offerLines({ random, providers, served, price, start, span, endTime, churn });
  const bids: HistoryBid[] = lines.flat();
  bids.push({
    bidId: postedBidId(providers[0] as Address, offerOnly, 0),
    provider: providers[0] as Address,
    modelId: offerOnly,
    pricePerSecond: price(),
    postedAt: endTime - 129_600,
  });
  // The bid of a line standing at `time`, if any.
  const standing = (line: HistoryBid[], time: number) =>
    line.findLast(
      (bid) => (bid.postedAt as number) <= time && (bid.deletedAt === undefined || time < bid.deletedAt),
    );
  // Popular lines first: line k is chosen with weight 1 / (k + 1).
  const lineWeights = lines.map((_, k) => 1 / (k + 1));
  const bidAt = (time: number): Hex => {
    for (;;) {
      const bid = standing(lines[pick(random, lineWeights)] as HistoryBid[], time);
      if (bid) return bid.bidId;
    }
  };

  const users: Address[] = Array.from({ length: Math.max(20, days * 3) }, () =>
    getAddress(randomHex(random, 20)),
  );

  const sessions: HistorySession[] = [];
  const newSession = (openedAt: number, duration: number): HistorySession => ({
    sessionId: randomHex(random, 32),
    user: users[Math.floor(random() * users.length)] as Address,
    bidId: bidAt(openedAt),
    stake: BigInt(1 + Math.floor(random() * 100_000)) * 10n ** 15n,
    openedAt,
    endsAt: openedAt + duration,
  });

  for (let d = 0; d < days; d++) {
    const dayStart = start + d * 86_400;
    const weekday = new Date(dayStart * 1000).getUTCDay();
    const weekly = weekday === 0 || weekday === 6 ? 0.6 : 1.16;
    const count = Math.round(options.sessionsPerDay * weekly * (0.85 + 0.3 * random()));
    for (let k = 0; k < count; k++) {
      // Daily rhythm by rejection: quiet at night (UTC), peak around 15:00.
      let openedAt: number;
      do {
        openedAt = dayStart + Math.floor(random() * 86_400);
      } while (random() > hourWeight(openedAt));
      const duration = 300 + Math.floor(random() ** 2 * (86_400 - 300));
      sessions.push(newSession(openedAt, duration));
    }
  }
  sessions.sort((a, b) => a.openedAt - b.openedAt);

  // Which sessions close, and how.
  const cutover = options.receiptCutover ?? start + Math.floor(days * 0.6) * 86_400;
  const closable = sessions.filter((s) => s.endsAt + 86_400 < endTime);
  const stuck = new Set(sample(random, closable, Math.max(1, Math.round(closable.length * 0.005))));
  for (const s of sessions) {
    if (stuck.has(s)) continue;
    const late = random() < 0.1;
    const closedAt = late
      ? s.endsAt + Math.floor(random() * 6 * 3600)
      : s.openedAt + Math.max(1, Math.floor((s.endsAt - s.openedAt) * (0.3 + 0.7 * random())));
    if (closedAt > endTime) continue; // still open at the end
    s.close = { closedAt, closeoutType: 0, receipt: normalReceipt(random, s.sessionId, closedAt, cutover) };
  }

  // A few of each odd receipt, on closed sessions.
  applyOddReceipts(
    random,
    sessions.filter((s) => s.close !== undefined),
  );

  // Still running at the end: opened in the last hours, endsAt in the future.
  const running = Math.max(2, Math.round(options.sessionsPerDay * 0.02));
  for (let k = 0; k < running; k++) {
    const openedAt = endTime - 60 - Math.floor(random() * Math.min(6 * 3600, days * 86_400 - 60));
    sessions.push(newSession(openedAt, endTime - openedAt + 600 + Math.floor(random() * 86_400)));
  }
  sessions.sort((a, b) => a.openedAt - b.openedAt || (a.sessionId < b.sessionId ? -1 : 1));

  return { models, bids, sessions, endTime, renames };
}

function normalReceipt(random: () => number, sessionId: Hex, closedAt: number, cutover: number): Hex {
  const fields = {
    sessionId,
    chainId: receiptChainId,
    timestamp: closedAt - 5,
    tpsScaled1000: 5_000 + Math.floor(random() * 75_000),
  };
  if (closedAt < cutover) {
    return encodeReceipt({ ...fields, ttftMs: random() < 0.1 ? 0 : 200 + Math.floor(random() * 4800) });
  }
  const ttftMs = random() < 0.05 ? 0 : 150 + Math.floor(random() * 3850);
  const inputTokens = 50 + Math.floor(random() ** 2 * 20_000);
  const outputTokens = 20 + Math.floor(random() * 8_000);
  return encodeReceipt({ ...fields, ttftMs, inputTokens, outputTokens });
}

/** 1 at 15:00 UTC, 0.2 at 03:00. */
function hourWeight(time: number): number {
  const hour = (time % 86_400) / 3600;
  return 0.6 + 0.4 * Math.cos(((hour - 15) / 24) * 2 * Math.PI);
}
