import { floorDay, floorHour, floorMonth, secondsPerDay, secondsPerHour } from "../api/periods.js";
import type { CloseDay } from "../store/createIndexReader.js";
import type { Universe } from "./createUniverse.js";
import { type Family, file, fileKeyed, keyedFamily, type Row, seriesFamily, setMedians } from "./Family.js";
import { MedianPair } from "./MedianPair.js";

export type { Family } from "./Family.js";

/** The four summary windows, in order; the first three hold as-of − 86,400·d < closedAt ≤ as-of. */
export const windowNames = ["24h", "7d", "30d", "all"] as const;
const windowDays = [1, 7, 30];

/** Everything the files of a computation are made of, bucketed. */
export type Tally = {
  /** The earliest close at or before the as-of, of every chain (undefined: none). */
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
  const { modelCount: M, providerCount: P } = u;
  const series = (count: number) => seriesFamily(count, u);
  const keyed = (keyBids: number[][], periods: number, distinct?: "providers" | "models") =>
    keyedFamily(keyBids, periods, u, distinct);
  const tally: Tally = {
    earliest: undefined,
    hourFirst,
    dayFirst,
    monthFirst: undefined,
    hourly: series(hoursKept),
    daily: series(daysKept),
    monthly: undefined,
    windows: series(windowNames.length),
    modelDaily: keyed(u.modelBids, daysKept),
    providerDaily: keyed(u.providerBids, daysKept),
    modelWindows: keyed(u.modelBids, windowNames.length, "providers"),
    providerWindows: keyed(u.providerBids, windowNames.length, "models"),
    audit: {
      closes: new Float64Array(u.bidIndex.length),
      signed: new Float64Array(u.bidIndex.length),
      duration: new Float64Array(u.bidIndex.length),
    },
  };

  // Values for medians, kept while their bucket is open.
  const dayValues = new MedianPair();
  const modelDayValues = new MedianPair();
  const providerDayValues = new MedianPair();
  const monthValues = new MedianPair();
  const hourValues = new MedianPair();
  const windowValues = new MedianPair();
  const modelWindowValues = new MedianPair();
  const providerWindowValues = new MedianPair();
  const allValues = new MedianPair();
  const allByModel = new MedianPair();
  const allByProvider = new MedianPair();
  const windowStarts = windowDays.map((d) => asOf - d * secondsPerDay);
  const W = windowNames.length;
  const all = W - 1;

  let openDay: number | undefined;
  let openMonth = -1;
  const closeDay = () => {
    if (openDay === undefined || openDay < dayFirst) return;
    const dayIndex = (openDay - dayFirst) / secondsPerDay;
    setMedians(tally.daily, dayValues.medians(1), (_) => dayIndex);
    setMedians(tally.modelDaily, modelDayValues.medians(M), (m) => m * daysKept + dayIndex);
    setMedians(tally.providerDaily, providerDayValues.medians(P), (p) => p * daysKept + dayIndex);
    for (const values of [dayValues, modelDayValues, providerDayValues]) values.clear();
  };
  const closeMonth = () => {
    if (openMonth < 0 || !tally.monthly) return;
    setMedians(tally.monthly, monthValues.medians(1), (_) => openMonth);
    monthValues.clear();
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
      if (bidRef !== 0) countForAudit(tally.audit, bidRef, disputed, group.duration[i] as number);
      if (closedAt > asOf) continue;
      if (tally.earliest === undefined) {
        tally.earliest = minClose(group, asOf);
        tally.monthFirst = floorMonth(tally.earliest);
        tally.monthly = series(monthsBetween(tally.monthFirst, floorMonth(asOf)) + 1);
      } else if (closedAt < tally.earliest) {
        // Another chain's group of the same day (groups come by day, then chain): same month.
        tally.earliest = closedAt;
      }
      if (month < 0) {
        month = monthsBetween(tally.monthFirst as number, floorMonth(day));
        if (month !== openMonth) {
          closeMonth();
          openMonth = month;
        }
      }
      const ttft = group.ttftMs[i] as number;
      const tps = group.tps[i] as number;
      const row: Row = {
        tokens: group.tokens[i] as number,
        seconds: group.seconds[i] as number,
        disputed,
        provider: u.providerIndex[group.providerRef[i] as number] ?? -1,
        model: bidRef !== 0 ? (u.bidModel[bidRef] as number) : -1,
      };
      const bid = bidRef !== 0 ? (u.bidIndex[bidRef] as number) : -1;
      const inModel = bidRef !== 0 ? (u.bidInModel[bidRef] as number) : -1;
      const inProvider = bidRef !== 0 ? (u.bidInProvider[bidRef] as number) : -1;
      const { model, provider } = row;

      file(tally.monthly as Family, month, bid, row);
      monthValues.add(0, ttft, tps);
      if (inDaily) {
        file(tally.daily, dayIndex, bid, row);
        dayValues.add(0, ttft, tps);
        if (model >= 0) {
          fileKeyed(tally.modelDaily, model * daysKept + dayIndex, inModel, row);
          modelDayValues.add(model, ttft, tps);
        }
        if (provider >= 0) {
          fileKeyed(tally.providerDaily, provider * daysKept + dayIndex, inProvider, row);
          providerDayValues.add(provider, ttft, tps);
        }
      }
      if (closedAt >= hourFirst) {
        const hour = Math.floor((closedAt - hourFirst) / secondsPerHour);
        file(tally.hourly, hour, bid, row);
        hourValues.add(hour, ttft, tps);
      }
      for (let w = 0; w < W; w++) {
        if (w < all && closedAt <= (windowStarts[w] as number)) continue;
        file(tally.windows, w, bid, row);
        (w === all ? allValues : windowValues).add(w === all ? 0 : w, ttft, tps);
        if (model >= 0) {
          const bucket = model * W + w;
          fileKeyed(tally.modelWindows, bucket, inModel, row);
          if (provider >= 0) tally.modelWindows.providers?.add(bucket, provider);
          if (w === all) allByModel.add(model, ttft, tps);
          else modelWindowValues.add(bucket, ttft, tps);
        }
        if (provider >= 0) {
          const bucket = provider * W + w;
          fileKeyed(tally.providerWindows, bucket, inProvider, row);
          if (model >= 0) tally.providerWindows.models?.add(bucket, model);
          if (w === all) allByProvider.add(provider, ttft, tps);
          else providerWindowValues.add(bucket, ttft, tps);
        }
      }
    }
  }
  closeDay();
  closeMonth();

  setMedians(tally.hourly, hourValues.medians(hoursKept), (h) => h);
  setMedians(tally.windows, windowValues.medians(all), (w) => w);
  setMedians(tally.windows, allValues.medians(1), (_) => all);
  setMedians(tally.modelWindows, modelWindowValues.medians(M * W), (bucket) => bucket);
  setMedians(tally.modelWindows, allByModel.medians(M), (m) => m * W + all);
  setMedians(tally.providerWindows, providerWindowValues.medians(P * W), (bucket) => bucket);
  setMedians(tally.providerWindows, allByProvider.medians(P), (p) => p * W + all);
  return tally;
}

/** The audit's index side, by bid: every close, the signed ones, and their closedAt − openedAt. */
function countForAudit(audit: Tally["audit"], bidRef: number, disputed: number, duration: number): void {
  audit.closes[bidRef] = (audit.closes[bidRef] as number) + 1;
  if (disputed !== 0) return;
  audit.signed[bidRef] = (audit.signed[bidRef] as number) + 1;
  audit.duration[bidRef] = (audit.duration[bidRef] as number) + duration;
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
