import { addPeriods, floorPeriod, type Period } from "../api/periods.js";

/** Periods kept per series, the as-of period included (SPEC.md, "Series range and retention"). */
export const retentionPeriods: Record<Period, number | undefined> = {
  hourly: 336,
  daily: 365,
  monthly: undefined,
};

/**
 * The first and last period of a series: from the later of the retention start and the period
 * of the earliest closed session, to the period containing the as-of time. Undefined when the
 * series is empty (no closed session, or none before the as-of period ends).
 */
export function seriesRange(
  period: Period,
  asOf: number,
  earliestClose: number | undefined,
): { first: number; last: number } | undefined {
  if (earliestClose === undefined) return undefined;
  const last = floorPeriod(period, asOf);
  const kept = retentionPeriods[period];
  const earliest = floorPeriod(period, earliestClose);
  const first = kept === undefined ? earliest : Math.max(addPeriods(period, last, -(kept - 1)), earliest);
  return first > last ? undefined : { first, last };
}
