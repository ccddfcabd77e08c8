import {
  addPeriods,
  floorPeriod,
  type Period,
  periodStarts,
  secondsPerDay,
  secondsPerHour,
} from "../api/periods.js";

export const ranges = ["24h", "7d", "30d", "90d", "1y", "all"] as const;
export type Range = (typeof ranges)[number];

export const rangeNames: Record<Range, string> = {
  "24h": "last 24 hours",
  "7d": "last 7 days",
  "30d": "last 30 days",
  "90d": "last 90 days",
  "1y": "last 365 days",
  all: "all time",
};

/** The granularity that follows the range: hours up to a week, days up to a year, months beyond. */
export const rangeGranularity: Record<Range, Period> = {
  "24h": "hourly",
  "7d": "hourly",
  "30d": "daily",
  "90d": "daily",
  "1y": "daily",
  all: "monthly",
};

/** Periods a range shows at its own granularity (all: the whole series). */
const rangeLength: Record<Range, number> = {
  "24h": 24,
  "7d": 168,
  "30d": 30,
  "90d": 90,
  "1y": 365,
  all: Number.POSITIVE_INFINITY,
};

/**
 * The granularity of a view: the range's own, except that series per model and per provider are
 * published daily only (by-model-daily.json): a filtered view is always daily.
 */
export function granularityOf(range: Range, filtered: boolean): Period {
  return filtered ? "daily" : rangeGranularity[range];
}

/** How many periods of `granularity` the range covers (a filtered 24 h view: today and yesterday). */
export function periodsOf(range: Range, granularity: Period): number {
  if (granularity === rangeGranularity[range]) return rangeLength[range];
  if (range === "all") return Number.POSITIVE_INFINITY;
  return Math.max(2, Math.ceil(rangeLength[range] / (rangeGranularity[range] === "hourly" ? 24 : 1)));
}

/**
 * The period starts a view shows: the last `count` periods ending with the one holding `end`
 * (a series' last, partial period), and never before `first` (the earliest period published).
 */
export function viewPeriods(granularity: Period, first: number, end: number, count: number): number[] {
  const last = floorPeriod(granularity, end);
  const from = Number.isFinite(count) ? Math.max(first, addPeriods(granularity, last, 1 - count)) : first;
  return periodStarts(granularity, from, last);
}

/** The bucket of each period start, looked up by `ts` (undefined where the series has none). */
export function alignTo<T extends { ts: number }>(starts: readonly number[], series: readonly T[]) {
  const byTs = new Map(series.map((bucket) => [bucket.ts, bucket]));
  return starts.map((ts) => byTs.get(ts));
}

/** Half a period, in seconds: bars are centred on their period's start (a month as 30.4 days). */
export const halfPeriod: Record<Period, number> = {
  hourly: secondsPerHour / 2,
  daily: secondsPerDay / 2,
  monthly: 15.2 * secondsPerDay,
};
