import type { Address, Hex } from "viem";
import type { HistoryBid } from "./history.js";
import { postedBidId } from "./postedBidId.js";

/** A provider's bids for one model, one after the other (a re-post replaces the bid before it). */
export type OfferLine = Array<HistoryBid & { postedAt: number }>;

/**
 * The order book of a generated history: every provider offers three served models (distinct
 * pairs), posted just before the history starts, so the same pair gets the same bidId on every
 * chain. Every fourth offer is re-posted at 40% of the history at a new price (the old bid deleted
 * by the re-post); one is withdrawn at 70% (its provider served the model and no longer offers it),
 * one two hours before the end. With `churn`, every line is also re-posted at a new price every 20 to
 * 80 days, and every third line (not the first) sometimes withdrawn for 2 to 10 days and posted
 * again: the first line always stands, so a session always finds a bid.
 */
export function offerLines(history: {
  random: () => number;
  providers: readonly Address[];
  served: readonly Hex[];
  price: () => bigint;
  start: number;
  span: number;
  endTime: number;
  churn?: boolean;
}): OfferLine[] {
  const { providers, served, price, start, span, endTime } = history;
  const providerCount = providers.length;
  // An offer line: a provider's (model) pair, its bids one after the other (a re-post replaces one).
  const lines: OfferLine[] = [];
  const pairs = new Set<string>();
  for (let p = 0; p < providerCount; p++) {
    for (let j = 0; j < 3; j++) {
      const provider = providers[p] as Address;
      const modelId = served[(p * 2 + j) % served.length] as Hex;
      if (pairs.has(`${p}:${modelId}`)) continue;
      pairs.add(`${p}:${modelId}`);
      lines.push([
        { bidId: postedBidId(provider, modelId, 0), provider, modelId, pricePerSecond: price(), postedAt: 0 },
      ]);
    }
  }
  lines.forEach((line, k) => {
    const first = line[0] as HistoryBid & { postedAt: number };
    // Posted just before the history starts, 7 seconds apart (each in a block of its own time).
    first.postedAt = start - 7 * (lines.length - k);
    if (k % 4 === 0)
      line.push({
        ...first,
        bidId: postedBidId(first.provider, first.modelId, 1),
        pricePerSecond: price(),
        postedAt: start + Math.floor(span * 0.4) + k * 3_600,
      });
  });
  if (history.churn) {
    lines.forEach((line, k) => {
      churnLine(line, k, history.random, price, endTime);
    });
  }
  const withdrawn = [
    [1, start + Math.floor(span * 0.7)],
    [lines.length - 2, endTime - 7_200],
  ] as const;
  for (const [k, at] of withdrawn) {
    const last = lines[k]?.at(-1);
    const standing = last?.deletedAt === undefined || !history.churn;
    if (last && k % 4 !== 0 && at > last.postedAt && standing) last.deletedAt = at;
  }
  return lines;
}

const day = 86_400;

/** Re-posts (the pair's next nonce) and withdrawals along a line, up to three days before the end. */
function churnLine(
  line: OfferLine,
  k: number,
  random: () => number,
  price: () => bigint,
  endTime: number,
): void {
  let t = (line.at(-1) as OfferLine[number]).postedAt;
  for (;;) {
    t += Math.floor((20 + random() * 60) * day);
    if (t > endTime - 3 * day) return;
    const last = line.at(-1) as OfferLine[number];
    if (t <= last.postedAt) continue;
    if (k % 3 === 2 && random() < 0.3) {
      last.deletedAt = t;
      t += Math.floor((2 + random() * 8) * day);
      if (t > endTime - 3 * day) return;
    }
    const nonce = line.length;
    line.push({
      bidId: postedBidId(last.provider, last.modelId, nonce),
      provider: last.provider,
      modelId: last.modelId,
      pricePerSecond: price(),
      postedAt: t,
    });
  }
}
