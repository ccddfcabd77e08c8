const hour = 3600;
const day = 86_400;

/** A bucket size of SPEC.md: how to floor a time to its period, and the next period's start. */
export type Period = { floor: (t: number) => number; next: (ts: number) => number };

export const hourly: Period = {
  floor: (t) => Math.floor(t / hour) * hour,
  next: (ts) => ts + hour,
};

export const daily: Period = {
  floor: (t) => Math.floor(t / day) * day,
  next: (ts) => ts + day,
};

export const monthly: Period = {
  floor: (t) => {
    const date = new Date(t * 1000);
    return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 1000;
  },
  next: (ts) => {
    const date = new Date(ts * 1000);
    return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / 1000;
  },
};

/**
 * The starts of a dense series: from the later of the retention start (the `keep` periods ending
 * with the as-of period; all time when undefined) and the period of `earliest`, up to the period
 * containing `asOf`. [] when there is no closed session (`earliest` undefined).
 */
export function periods(period: Period, earliest: number | undefined, asOf: number, keep?: number): number[] {
  if (earliest === undefined) return [];
  const last = period.floor(asOf);
  let first = period.floor(earliest);
  if (keep !== undefined) {
    let retention = last;
    for (let k = 1; k < keep; k++) retention = period.floor(retention - 1);
    first = Math.max(first, retention);
  }
  const starts: number[] = [];
  for (let ts = first; ts <= last; ts = period.next(ts)) starts.push(ts);
  return starts;
}
