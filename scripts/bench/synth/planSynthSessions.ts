import type { SessionState } from "../../../src/chain/readSessions.js";
import { seededRandom } from "../../../src/util/seededRandom.js";
import { weightedPicker } from "../../../tooling/virtualChain/weightedPicker.js";
import type { Catalog } from "./catalog.js";

/** 14 months of history before the as-of time. */
export const synthDays = 426;

/** One synthetic session: its logs' blocks and what getSession would return at the as-of block. */
export type SynthSession = {
  sessionId: string;
  openedBlock: number;
  /** The SessionClosed log's block; undefined: still open (stuck, or running). */
  closeBlock: number | undefined;
  /** The bid's provider (the logs' topic3). */
  provider: string;
  state: SessionState;
};

export type SynthPlanOptions = {
  closed: number;
  seed: number;
  catalog: Catalog;
  /** The as-of time: the last block's timestamp. */
  asOf: number;
  /** The last block: logs are spread over blocks 1 to lastBlock - 1. */
  lastBlock: number;
  /** Sessions per chunk (one committed range each). */
  chunk?: number;
};

/**
 * The sessions of a synthetic history, in chunks of ascending close time (pure: no I/O; the same
 * options give the same sessions):
 *
 * - close times over 14 months ending at the as-of time, the volume growing threefold over the
 *   period; every session's bid drawn from the catalogue (popular bids first);
 * - receipts as the node writes them: v1 (160 bytes) for the first 60% of the time, v2 (224
 *   bytes) after, ttft per model (150 ms to about 6 s, 7% not measured), tps 5 to 80 tokens a
 *   second (3% not measured); 2% disputed, 0.5% empty and 0.3% short (malformed);
 * - 0.1% of sessions stuck (never closed, stake run out) and 0.05% still running.
 *
 * Session ids grow with the row number (a sorted load).
 */
export function* planSynthSessions(options: SynthPlanOptions): Generator<SynthSession[]> {
  const { closed, catalog, asOf } = options;
  const random = seededRandom(options.seed);
  const chunk = options.chunk ?? 50_000;
  const pickBid = bidPicker(catalog, random);
  const modelTtft = new Map(catalog.models.map((m, k) => [m.modelId, 300 + ((k * 397) % 2200)]));
  const span = synthDays * 86_400;
  const start = asOf - span;
  const cutover = start + Math.floor(span * 0.6);
  const lastBlock = Math.max(2, options.lastBlock);
  const blockOf = (time: number) =>
    Math.min(lastBlock - 1, Math.max(1, 1 + Math.floor(((time - start) / span) * (lastBlock - 2))));
  const stuckEvery = 1000;
  const runningEvery = 2000;

  let sessions: SynthSession[] = [];
  for (let i = 0; i < closed; i++) {
    // Volume grows threefold over the period: density 1 + 2x on [0, 1], inverted.
    const u = (i + random()) / closed;
    const x = (-1 + Math.sqrt(1 + 8 * u)) / 2;
    const shift = Math.floor((random() - 0.5) * 3600); // close times are not evenly spaced
    const closedAt = Math.min(asOf, start + Math.floor(x * span) + shift);
    const bid = pickBid();
    const duration = 300 + Math.floor(random() ** 2 * 86_100);
    const openedAt = closedAt - Math.floor(duration * (0.3 + 0.7 * random()));
    const stake = BigInt(1 + Math.floor(random() * 100_000)) * 10n ** 15n;
    const sessionId = idOf(i);
    const r = random();
    const measured = random() >= 0.07;
    const ttft = measured
      ? Math.max(150, Math.round((modelTtft.get(bid.modelId) as number) * (0.4 + 2 * random() ** 2)))
      : 0;
    const tps = random() >= 0.03 ? 5_000 + Math.floor(random() * 75_000) : 0;
    const v2 = closedAt >= cutover;
    const input = 50 + Math.floor(random() ** 2 * 20_000);
    const output = 20 + Math.floor(random() * 8_000);
    let closeoutType = 0n;
    let receipt: Uint8Array;
    if (r < 0.02) {
      closeoutType = 1n; // disputed: the user's receipt, well formed
      receipt = encodeReceiptBytes(sessionId, closedAt, tps, ttft, v2 ? [input, output] : undefined);
    } else if (r < 0.025) receipt = new Uint8Array(0);
    else if (r < 0.028) receipt = new Uint8Array(96);
    else receipt = encodeReceiptBytes(sessionId, closedAt, tps, ttft, v2 ? [input, output] : undefined);
    sessions.push({
      sessionId,
      openedBlock: blockOf(openedAt),
      closeBlock: blockOf(closedAt),
      provider: bid.provider,
      state: {
        bidId: bid.bidId,
        stake,
        closeoutReceipt: receipt,
        closeoutType,
        openedAt,
        endsAt: openedAt + duration,
        closedAt,
      },
    });

    // Sessions never closed: stuck ones (their stake ran out long ago), and running ones.
    const stuck = i % stuckEvery === stuckEvery - 1;
    if (stuck || i % runningEvery === runningEvery - 1) {
      const openedAt2 = stuck ? closedAt - 3600 : asOf - Math.floor(random() * 3600);
      const endsAt2 = stuck ? openedAt2 + 600 : asOf + 3600 + Math.floor(random() * 80_000);
      sessions.push({
        sessionId: idOf(closed + i),
        openedBlock: blockOf(openedAt2),
        closeBlock: undefined,
        provider: bid.provider,
        state: {
          bidId: bid.bidId,
          stake,
          closeoutReceipt: new Uint8Array(0),
          closeoutType: 0n,
          openedAt: openedAt2,
          endsAt: endsAt2,
          closedAt: 0,
        },
      });
    }
    if (sessions.length >= chunk) {
      yield sessions;
      sessions = [];
    }
  }
  if (sessions.length > 0) yield sessions;
}

/** Bids drawn by popularity (Zipf-like over the catalogue's order). */
function bidPicker(catalog: Catalog, random: () => number): () => Catalog["bids"][number] {
  const pick = weightedPicker(
    catalog.bids.map((_, k) => 1 / (k + 1) ** 0.8),
    random,
  );
  return () => catalog.bids[pick()] as Catalog["bids"][number];
}

/**
 * A close receipt as the node encodes it (CHAIN.md): sessionId, chainId, timestamp (ms),
 * tpsScaled1000, ttftMs, then for v2 inputTokens and outputTokens; 32 bytes a field.
 */
export function encodeReceiptBytes(
  sessionId: string,
  closedAt: number,
  tps: number,
  ttftMs: number,
  tokens: readonly [number, number] | undefined,
): Uint8Array {
  const bytes = new Uint8Array(tokens ? 224 : 160);
  bytes.set(Buffer.from(sessionId.slice(2), "hex"), 0);
  const put = (index: number, value: number) => {
    let v = value;
    for (let k = 32 * (index + 1) - 1; v > 0; k--) {
      bytes[k] = v % 256;
      v = Math.floor(v / 256);
    }
  };
  put(1, 8453);
  put(2, closedAt * 1000);
  put(3, tps);
  put(4, ttftMs);
  if (tokens) {
    put(5, tokens[0]);
    put(6, tokens[1]);
  }
  return bytes;
}

/** Sorted, hash-looking session ids: the row number, then 48 pseudo-random hex digits. */
export function idOf(i: number): string {
  let tail = "";
  let h = (i + 1) >>> 0;
  for (let k = 0; k < 6; k++) {
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0;
    h = Math.imul(h ^ (h >>> 12), 0x297a2d39) >>> 0;
    h = (h ^ (h >>> 15)) >>> 0;
    tail += h.toString(16).padStart(8, "0");
  }
  return `0x${i.toString(16).padStart(16, "0")}${tail}`;
}
