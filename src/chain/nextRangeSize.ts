import type { RangeHint } from "./rpc/classifyRpcError.js";

/**
 * How the log fetcher sizes its block ranges (pure functions of what the endpoint answered): ranges
 * grow towards a number of logs per response while the logs are sparse, shrink when they are
 * dense, and never grow past a block cap the endpoint showed, so that it is not refused every other
 * request.
 */
export type RangeSizing = {
  /** The size of the next range, in blocks. */
  size: number;
  /** The largest range answered so far. */
  accepted: number;
  /** The smallest range refused for its number of blocks (not its logs); Infinity: none. */
  refused: number;
  /** The endpoint named its cap: `refused - 1` is exactly it. */
  named: boolean;
};

export type RangeSizeOptions = {
  /** The largest range ever asked for. */
  maxRangeSize: number;
  /** Fewer logs than this: the next range may be larger. */
  lightResult: number;
  /** More logs than this: the next range is smaller, to keep responses small. */
  heavyResult: number;
  /** The number of logs a range is sized for, once the density is known. */
  targetResult: number;
  /** A range at most this many times the last one (whose logs are all the density we know). */
  maxGrowth: number;
};

export const rangeSizeDefaults: RangeSizeOptions = {
  maxRangeSize: 1_000_000,
  lightResult: 2_000,
  heavyResult: 10_000,
  targetResult: 5_000,
  maxGrowth: 16,
};

export function initialSizing(size: number, options: RangeSizeOptions = rangeSizeDefaults): RangeSizing {
  return {
    size: Math.max(1, Math.min(size, options.maxRangeSize)),
    accepted: 0,
    refused: Infinity,
    named: false,
  };
}

/**
 * The largest range to ask for: the named cap; below an unnamed refusal, a bisection between the
 * largest range answered and the refused one (geometric while they are far apart), which settles
 * on the largest range answered once the refused one is less than 1/8 above it; else the maximum.
 */
export function rangeCeiling(sizing: RangeSizing, options: RangeSizeOptions = rangeSizeDefaults): number {
  if (sizing.refused === Infinity) return options.maxRangeSize;
  const below = Math.max(1, Math.min(options.maxRangeSize, sizing.refused - 1));
  const { accepted } = sizing;
  if (sizing.named || accepted === 0) return below;
  if (below - accepted <= accepted / 8) return accepted;
  return below > 2 * accepted ? Math.floor(Math.sqrt(accepted * below)) : Math.floor((accepted + below) / 2);
}

/** After a range of `span` blocks came back with `logs` logs. */
export function sizeAfterLogs(
  sizing: RangeSizing,
  span: number,
  logs: number,
  options: RangeSizeOptions = rangeSizeDefaults,
): RangeSizing {
  const next = { ...sizing, accepted: Math.max(sizing.accepted, span) };
  if (logs > options.heavyResult) {
    next.size = Math.max(1, Math.floor((span * options.targetResult) / logs));
  } else if (logs < options.lightResult) {
    const growth = Math.min(options.maxGrowth, options.targetResult / Math.max(1, logs));
    next.size = Math.max(sizing.size, Math.floor(span * growth));
  }
  next.size = Math.max(1, Math.min(next.size, rangeCeiling(next, options)));
  return next;
}

/**
 * After the endpoint refused [from, to] and it was split at `split`. A refusal for the number of
 * blocks lowers the ceiling for good (exactly, when the endpoint names its cap); one for the
 * number of logs (or a heavy query that timed out) only makes the next range smaller.
 */
export function sizeAfterRefusal(
  sizing: RangeSizing,
  refusal: { from: number; to: number; split: number; message: string; hint: RangeHint },
  options: RangeSizeOptions = rangeSizeDefaults,
): RangeSizing {
  const span = refusal.to - refusal.from + 1;
  const next = { ...sizing };
  if (refusal.hint.maxBlocks !== undefined) {
    next.refused = Math.min(next.refused, refusal.hint.maxBlocks + 1);
    next.named = true;
    next.size = Math.min(sizing.size, rangeCeiling(next, options));
  } else if (refusalKind(refusal.message) === "blocks") {
    if (span < next.refused && !next.named) next.refused = span;
    next.size = rangeCeiling(next, options);
  } else {
    next.size = Math.min(sizing.size, refusal.split - refusal.from + 1);
  }
  next.size = Math.max(1, next.size);
  return next;
}

/** Whether a refusal is about the range's blocks or about its logs (size, time). */
export function refusalKind(message: string): "blocks" | "logs" {
  const text = message.toLowerCase();
  if (/\bresults?\b|\blogs\b|response|timeout|timed out|healthy/.test(text)) return "logs";
  return "blocks";
}

/**
 * The pieces to fetch a refused range in: ranges of the endpoint's named cap; for a refusal of its
 * number of blocks without a number, ranges of the largest size answered so far (known to pass:
 * the cap is bisected by the next ranges, one refusal at most each); else two, at `split`. At most
 * `maxPieces`: the last one holds the rest.
 */
export function splitRange(
  refusal: { from: number; to: number; split: number; message: string; hint: RangeHint },
  sizing: RangeSizing,
  maxPieces = 16,
): Array<[number, number]> {
  const { from, to, split, hint } = refusal;
  const size =
    hint.suggestedTo !== undefined
      ? undefined
      : (hint.maxBlocks ??
        (refusalKind(refusal.message) === "blocks" && sizing.accepted > 0 ? sizing.accepted : undefined));
  if (size === undefined || from + size - 1 >= to)
    return [
      [from, split],
      [split + 1, to],
    ];
  const pieces: Array<[number, number]> = [];
  let start = from;
  while (start <= to && pieces.length < maxPieces - 1) {
    const end = Math.min(to, start + size - 1);
    pieces.push([start, end]);
    start = end + 1;
  }
  if (start <= to) pieces.push([start, to]);
  return pieces;
}
