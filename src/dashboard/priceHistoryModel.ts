import type { ModelMarket } from "../api/responseTypes.js";
import { format } from "./format.js";
import { type Axis, linearAxis, logAxis, morPerHour } from "./priceSpeedModel.js";

/** One provider's prices on one chain as a step line: each bid level from its post to its deletion (or the as-of). */
export type StepLine = {
  provider: string;
  /** The provider's place among the model's providers: its colour. */
  index: number;
  /** SVG path: a level per bid, a vertical step where a re-post replaced it, a gap where it was withdrawn. */
  path: string;
  /** Where its line ends, when a bid stands at the as-of time. */
  standing: { x: number; y: number } | undefined;
};

export type PriceHistory = {
  chainId: number;
  lines: StepLine[];
  x: Axis & { labels: string[] };
  y: Axis;
};

/** The plot area inside each picture, in pixels. */
export const historyArea = { left: 64, right: 16, top: 10, bottom: 28 };

/** Month (or, within two months, day) ticks across [from, to], no closer than `room` pixels. */
function timeAxis(from: number, to: number, left: number, right: number, room: number) {
  const span = Math.max(1, to - from);
  const at = (ts: number) => left + ((ts - from) / span) * (right - left);
  const most = Math.max(2, Math.floor((right - left) / room));
  const starts: number[] = [];
  const daily = span < 60 * 86_400;
  const date = new Date(from * 1000);
  let cursor = daily
    ? Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1)
    : Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  while (cursor / 1000 <= to) {
    starts.push(cursor / 1000);
    const next = new Date(cursor);
    cursor = daily
      ? Date.UTC(next.getUTCFullYear(), next.getUTCMonth(), next.getUTCDate() + 1)
      : Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 1);
  }
  const every = Math.ceil(starts.length / most);
  const kept = starts.filter((_, k) => k % every === 0);
  return {
    at,
    ticks: kept.map((ts) => ({ value: ts, at: at(ts) })),
    labels: kept.map((ts) => (daily ? format.day(ts).replace(/ \d{4}$/, "") : format.period("monthly", ts))),
    log: false,
  };
}

/**
 * A model's prices over time (market.json's `bids` of each pair), one picture per chain: time
 * across (from the chain's first bid to the as-of), MOR an hour up (a log scale when prices span
 * more than twenty-fold), each provider a step line in its colour.
 */
export function priceHistoryModel(
  model: ModelMarket,
  asOf: number,
  size: { width: number; height: number },
): PriceHistory[] {
  const bids = model.providers.flatMap((pair, index) =>
    pair.bids.map((bid) => ({ ...bid, provider: pair.provider, index })),
  );
  const chains = [...new Set(bids.map((bid) => bid.chainId))].sort((a, b) => a - b);
  const right = size.width - historyArea.right;
  const bottom = size.height - historyArea.bottom;
  return chains.map((chainId) => {
    const mine = bids.filter((bid) => bid.chainId === chainId);
    const from = Math.min(...mine.map((bid) => bid.createdAt));
    const prices = mine.map((bid) => morPerHour(BigInt(bid.pricePerSecond))).filter((p) => p > 0);
    const low = Math.min(...prices, Number.POSITIVE_INFINITY);
    const high = Math.max(...prices, 0);
    const y = !(high > 0)
      ? linearAxis(0, 1, bottom, historyArea.top)
      : high / low > 20
        ? logAxis(low, high, bottom, historyArea.top)
        : linearAxis(0, high * 1.1, bottom, historyArea.top);
    const x = timeAxis(from, asOf, historyArea.left, right, 84);
    const lines = model.providers.flatMap((pair, index) => {
      const own = mine.filter((bid) => bid.index === index).sort((a, b) => a.createdAt - b.createdAt);
      if (own.length === 0) return [];
      let path = "";
      let end: number | undefined;
      let standing: StepLine["standing"];
      for (const bid of own) {
        const price = morPerHour(BigInt(bid.pricePerSecond));
        const level = y.at(price > 0 ? price : low);
        const [x1, x2] = [x.at(bid.createdAt), x.at(bid.deletedAt || asOf)];
        path += `${end === bid.createdAt ? "L" : "M"}${x1.toFixed(1)} ${level.toFixed(1)}H${x2.toFixed(1)}`;
        end = bid.deletedAt || undefined;
        if (bid.deletedAt === 0) standing = { x: x2, y: level };
      }
      return [{ provider: pair.provider, index, path, standing }];
    });
    return { chainId, lines, x, y };
  });
}
