import { floorDay, floorHour, floorMonth, secondsPerDay, secondsPerHour } from "../api/periods.js";
import type { CloseDay } from "../store/createIndexReader.js";
import { keyedEarnBase, type Universe } from "./createUniverse.js";
import { DistinctCounter } from "./DistinctCounter.js";
import { KeyedValues } from "./KeyedValues.js";
import { Sums } from "./Sums.js";

/** The four summary windows, in order; the first three hold as-of − 86,400·d < closedAt ≤ as-of. */
export const windowNames = ["24h", "7d", "30d", "all"] as const;
const windowDays = [1, 7, 30];

/** One family of buckets: the additive sums, the two medians, and (series, windows) distinct counts. */
export type Family = {
  sums: Sums;
  ttft: Float64Array;
  tps: Float64Array;
  providers?: DistinctCounter;
  models?: DistinctCounter;
};

/** Everything the files of a computation are made of, bucketed. */
export type Tally = {
  /** The earliest close at or before the as-of (undefined: none). */
  earliest: number | undefined;
  hourFirst: number;
  dayFirst: number;
  /** Set by the first close: months from its month to the as-of month. */
  monthFirst: number | undefined;
  hourly: Family;
  daily: Family;
  monthly: Family | undefined;
  windows: Family;
  /** By model index × day and provider index × day of the daily retention. */
  modelDaily: Family;
  providerDaily: Family;
  /** By model index × window and provider index × window (leaderboards). */
  modelWindows: Family;
  providerWindows: Family;
  /** By bid ref, over every close indexed (after the as-of too): closes, signed closes, duration. */
  audit: { closes: Float64Array; signed: Float64Array; duration: Float64Array };
};

export const hoursKept = 336;
export const daysKept = 365;

/**
 * One pass over every close (ascending by day) that files each one into every bucket it belongs
 * to: series, windows, per model and provider, leaderboards, and the audit's counters. Values for
 * medians are kept only as long as their bucket is open (a day, a month, the last 30 days), but for
 * the all-time window, whose medians need them all.
 */
export function tallyCloses(days: Iterable<CloseDay>, asOf: number, u: Universe): Tally {
  const hourFirst = floorHour(asOf) - (hoursKept - 1) * secondsPerHour;
  const dayFirst = floorDay(asOf) - (daysKept - 1) * secondsPerDay;
  const { modelCount: M, providerCount: P, bidCount: K } = u;
  const series = (count: number): Family => ({
    sums: Sums.uniform(count, K),
    ttft: new Float64Array(count).fill(Number.NaN),
    tps: new Float64Array(count).fill(Number.NaN),
    providers: new DistinctCounter(count, P),
    models: new DistinctCounter(count, M),
  });
  const keyed = (
    keyBids: number[][],
    periods: number,
    distinct: "providers" | "models" | undefined,
  ): Family => {
    const { base, size } = keyedEarnBase(keyBids, periods);
    const count = keyBids.length * periods;
    const family: Family = {
      sums: new Sums(count, base, size),
      ttft: new Float64Array(count).fill(Number.NaN),
      tps: new Float64Array(count).fill(Number.NaN),
    };
    if (distinct === "providers") family.providers = new DistinctCounter(count, P);
    if (distinct === "models") family.models = new DistinctCounter(count, M);
    return family;
  };
  const tally: Tally = {
    earliest: undefined,
    hourFirst,
    dayFirst,
    monthFirst: undefined,
    hourly: series(hoursKept),
    daily: series(daysKept),
    monthly: undefined,
    windows: series(windowNames.length),
    modelDaily: keyed(u.modelBids, daysKept, undefined),
    providerDaily: keyed(u.providerBids, daysKept, undefined),
    modelWindows: keyed(u.modelBids, windowNames.length, "providers"),
    providerWindows: keyed(u.providerBids, windowNames.length, "models"),
    audit: {
      closes: new Float64Array(u.bidIndex.length),
      signed: new Float64Array(u.bidIndex.length),
      duration: new Float64Array(u.bidIndex.length),
    },
  };

  // Values for medians: [ttft, tps] each.
  const dayValues = [new KeyedValues(), new KeyedValues()];
  const modelDayValues = [new KeyedValues(), new KeyedValues()];
  const providerDayValues = [new KeyedValues(), new KeyedValues()];
  const monthValues = [new KeyedValues(), new KeyedValues()];
  const hourValues = [new KeyedValues(), new KeyedValues()];
  const windowValues = [new KeyedValues(), new KeyedValues()];
  const modelWindowValues = [new KeyedValues(), new KeyedValues()];
  const providerWindowValues = [new KeyedValues(), new KeyedValues()];
  const allValues = [new KeyedValues(), new KeyedValues()];
  const allByModel = [new KeyedValues(), new KeyedValues()];
  const allByProvider = [new KeyedValues(), new KeyedValues()];
  const windowStarts = windowDays.map((d) => asOf - d * secondsPerDay);

  let openDay: number | undefined;
  let openMonth = -1;
  const closeDay = () => {
    if (openDay === undefined || openDay < dayFirst) return;
    const dayIndex = (openDay - dayFirst) / secondsPerDay;
    for (const [metric, target] of [
      [0, "ttft"],
      [1, "tps"],
    ] as const) {
      const day = (dayValues[metric] as KeyedValues).medians(1)[0] as number;
      tally.daily[target][dayIndex] = day;
      const byModel = (modelDayValues[metric] as KeyedValues).medians(M);
      for (let m = 0; m < M; m++) tally.modelDaily[target][m * daysKept + dayIndex] = byModel[m] as number;
      const byProvider = (providerDayValues[metric] as KeyedValues).medians(P);
      for (let p = 0; p < P; p++)
        tally.providerDaily[target][p * daysKept + dayIndex] = byProvider[p] as number;
    }
    for (const values of [...dayValues, ...modelDayValues, ...providerDayValues]) values.clear();
  };
  const closeMonth = () => {
    if (openMonth < 0 || !tally.monthly) return;
    tally.monthly.ttft[openMonth] = (monthValues[0] as KeyedValues).medians(1)[0] as number;
    tally.monthly.tps[openMonth] = (monthValues[1] as KeyedValues).medians(1)[0] as number;
    for (const values of monthValues) values.clear();
  };

  for (const group of days) {
    if (group.day !== openDay) {
      closeDay();
      openDay = group.day;
    }
    const day = group.day;
    const inDaily = day >= dayFirst;
    const dayIndex = (day - dayFirst) / secondsPerDay;
    let month = -1;
    for (let i = 0; i < group.count; i++) {
      const closedAt = day + (group.second[i] as number);
      const bidRef = group.bidRef[i] as number;
      const disputed = group.disputed[i] as number;
      if (bidRef !== 0) {
        tally.audit.closes[bidRef] = (tally.audit.closes[bidRef] as number) + 1;
        if (disputed === 0) {
          tally.audit.signed[bidRef] = (tally.audit.signed[bidRef] as number) + 1;
          tally.audit.duration[bidRef] =
            (tally.audit.duration[bidRef] as number) + (group.duration[i] as number);
        }
      }
      if (closedAt > asOf) continue;
      if (tally.earliest === undefined) {
        tally.earliest = minClose(group, asOf);
        tally.monthFirst = floorMonth(tally.earliest);
        tally.monthly = series(monthsBetween(tally.monthFirst, floorMonth(asOf)) + 1);
      }
      if (month < 0) {
        month = monthsBetween(tally.monthFirst as number, floorMonth(day));
        if (month !== openMonth) {
          closeMonth();
          openMonth = month;
        }
      }
      const tokens = group.tokens[i] as number;
      const seconds = group.seconds[i] as number;
      const ttft = group.ttftMs[i] as number;
      const tps = group.tps[i] as number;
      const provider = u.providerIndex[group.providerRef[i] as number] ?? -1;
      const model = bidRef !== 0 ? (u.bidModel[bidRef] as number) : -1;
      const bid = bidRef !== 0 ? (u.bidIndex[bidRef] as number) : -1;
      const inModel = bidRef !== 0 ? (u.bidInModel[bidRef] as number) : -1;
      const inProvider = bidRef !== 0 ? (u.bidInProvider[bidRef] as number) : -1;

      const row = { tokens, seconds, disputed, provider, model };
      file(tally.monthly as Family, month, bid, row);
      if (ttft > 0) (monthValues[0] as KeyedValues).add(0, ttft);
      if (tps > 0) (monthValues[1] as KeyedValues).add(0, tps);
      if (inDaily) {
        file(tally.daily, dayIndex, bid, row);
        if (ttft > 0) (dayValues[0] as KeyedValues).add(0, ttft);
        if (tps > 0) (dayValues[1] as KeyedValues).add(0, tps);
        if (model >= 0) {
          tally.modelDaily.sums.add(model * daysKept + dayIndex, tokens, seconds, disputed, inModel);
          if (ttft > 0) (modelDayValues[0] as KeyedValues).add(model, ttft);
          if (tps > 0) (modelDayValues[1] as KeyedValues).add(model, tps);
        }
        if (provider >= 0) {
          tally.providerDaily.sums.add(provider * daysKept + dayIndex, tokens, seconds, disputed, inProvider);
          if (ttft > 0) (providerDayValues[0] as KeyedValues).add(provider, ttft);
          if (tps > 0) (providerDayValues[1] as KeyedValues).add(provider, tps);
        }
      }
      if (closedAt >= hourFirst) {
        const hour = Math.floor((closedAt - hourFirst) / secondsPerHour);
        file(tally.hourly, hour, bid, row);
        if (ttft > 0) (hourValues[0] as KeyedValues).add(hour, ttft);
        if (tps > 0) (hourValues[1] as KeyedValues).add(hour, tps);
      }
      for (let w = 0; w < windowNames.length; w++) {
        if (w < windowDays.length && closedAt <= (windowStarts[w] as number)) continue;
        const all = w === windowDays.length;
        file(tally.windows, w, bid, row);
        const values = all ? allValues : windowValues;
        if (ttft > 0) (values[0] as KeyedValues).add(all ? 0 : w, ttft);
        if (tps > 0) (values[1] as KeyedValues).add(all ? 0 : w, tps);
        if (model >= 0) {
          const bucket = model * windowNames.length + w;
          tally.modelWindows.sums.add(bucket, tokens, seconds, disputed, inModel);
          if (provider >= 0) tally.modelWindows.providers?.add(bucket, provider);
          const byModel = all ? allByModel : modelWindowValues;
          if (ttft > 0) (byModel[0] as KeyedValues).add(all ? model : bucket, ttft);
          if (tps > 0) (byModel[1] as KeyedValues).add(all ? model : bucket, tps);
        }
        if (provider >= 0) {
          const bucket = provider * windowNames.length + w;
          tally.providerWindows.sums.add(bucket, tokens, seconds, disputed, inProvider);
          if (model >= 0) tally.providerWindows.models?.add(bucket, model);
          const byProvider = all ? allByProvider : providerWindowValues;
          if (ttft > 0) (byProvider[0] as KeyedValues).add(all ? provider : bucket, ttft);
          if (tps > 0) (byProvider[1] as KeyedValues).add(all ? provider : bucket, tps);
        }
      }
    }
  }
  closeDay();
  closeMonth();

  const W = windowNames.length;
  for (const [metric, target] of [
    [0, "ttft"],
    [1, "tps"],
  ] as const) {
    tally.hourly[target].set((hourValues[metric] as KeyedValues).medians(hoursKept));
    const windows = (windowValues[metric] as KeyedValues).medians(W);
    windows[W - 1] = (allValues[metric] as KeyedValues).medians(1)[0] as number;
    tally.windows[target].set(windows);
    const byModel = (modelWindowValues[metric] as KeyedValues).medians(M * W);
    const allModel = (allByModel[metric] as KeyedValues).medians(M);
    for (let m = 0; m < M; m++) byModel[m * W + W - 1] = allModel[m] as number;
    tally.modelWindows[target].set(byModel);
    const byProvider = (providerWindowValues[metric] as KeyedValues).medians(P * W);
    const allProvider = (allByProvider[metric] as KeyedValues).medians(P);
    for (let p = 0; p < P; p++) byProvider[p * W + W - 1] = allProvider[p] as number;
    tally.providerWindows[target].set(byProvider);
  }
  return tally;
}

type Row = { tokens: number; seconds: number; disputed: number; provider: number; model: number };

/** Files a close into a series or window bucket: its sums, and its provider and model. */
function file(family: Family, bucket: number, earnBid: number, row: Row): void {
  family.sums.add(bucket, row.tokens, row.seconds, row.disputed, earnBid);
  if (row.provider >= 0) family.providers?.add(bucket, row.provider);
  if (row.model >= 0) family.models?.add(bucket, row.model);
}

/** The earliest close of a day group at or before the as-of. */
function minClose(group: CloseDay, asOf: number): number {
  let earliest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < group.count; i++) {
    const closedAt = group.day + (group.second[i] as number);
    if (closedAt <= asOf && closedAt < earliest) earliest = closedAt;
  }
  return earliest;
}

/** Whole months from the month starting at `from` to the one starting at `to`. */
function monthsBetween(from: number, to: number): number {
  const a = new Date(from * 1000);
  const b = new Date(to * 1000);
  return (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth();
}
