/** UTC period arithmetic on unix seconds (SPEC.md: hour, day at 00:00 UTC, month on the 1st). */

export type Period = "hourly" | "daily" | "monthly";

export const secondsPerHour = 3_600;
export const secondsPerDay = 86_400;

/** Periods kept per series, the as-of period included (SPEC.md, "Series range and retention"). */
export const retentionPeriods: Readonly<Record<Period, number | undefined>> = {
  hourly: 336,
  daily: 365,
  monthly: undefined,
};

export function floorHour(ts: number): number {
  return ts - mod(ts, secondsPerHour);
}

export function floorDay(ts: number): number {
  return ts - mod(ts, secondsPerDay);
}

export function floorMonth(ts: number): number {
  const date = new Date(ts * 1000);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 1000;
}

export function floorPeriod(period: Period, ts: number): number {
  return period === "hourly" ? floorHour(ts) : period === "daily" ? floorDay(ts) : floorMonth(ts);
}

/** The start of the period `count` periods after the one starting at `start` (negative: before). */
export function addPeriods(period: Period, start: number, count: number): number {
  if (period === "hourly") return start + count * secondsPerHour;
  if (period === "daily") return start + count * secondsPerDay;
  const date = new Date(start * 1000);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + count, 1) / 1000;
}

/** Every period start from `first` to `last`, both included (empty when first > last). */
export function periodStarts(period: Period, first: number, last: number): number[] {
  const starts: number[] = [];
  for (let ts = first; ts <= last; ts = addPeriods(period, ts, 1)) starts.push(ts);
  return starts;
}

function mod(a: number, b: number): number {
  return ((a % b) + b) % b;
}
