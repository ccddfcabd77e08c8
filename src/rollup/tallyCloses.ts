import { floorMonth, secondsPerDay, secondsPerHour } from "../api/periods.js";
import { BidSums } from "./BidSums.js";
import { type CloseDay, closeFields, closeFact as f } from "./CloseDay.js";
import {
  allWindow,
  createTally,
  daysKept,
  type Family,
  file,
  hoursKept,
  seriesFamily,
  type Tally,
  windowDays,
  windowNames,
} from "./createTally.js";
import type { Universe } from "./createUniverse.js";
import { KeyedValues } from "./KeyedValues.js";
import { ValueLog } from "./ValueLog.js";

/**
 * One pass over every close (ascending by day) that files each one into every bucket it belongs
 * to: series, windows, per model and provider, leaderboards, the market's pairs, and the audit's
 * counters. The buckets
 * of a day or longer take a day's closes summed per bid (the hourly series and the 24h, 7d and 30d
 * windows take each close). Values for medians are kept for the all-time window, whose medians
 * need them all: a day's and a month's medians are those of their last values when they end.
 */
export function tallyCloses(days: Iterable<CloseDay>, asOf: number, u: Universe): Tally {
  const tally = createTally(asOf, u);
  const { hourFirst, dayFirst } = tally;
  const { modelCount: M, providerCount: P, pairCount: PR } = u;
  const W = windowNames.length;
  const pair = () => [new KeyedValues(), new KeyedValues()] as [KeyedValues, KeyedValues];
  // [ttft, tps] each.
  const hourValues = pair();
  const windowValues = pair();
  const modelWindowValues = pair();
  const providerWindowValues = pair();
  const pairWindowValues = pair();
  const all = [new ValueLog(), new ValueLog()] as [ValueLog, ValueLog];
  const windowStarts = windowDays.map((d) => asOf - d * secondsPerDay);
  const sizes = () => all.map((log) => log.size);
  let dayMarks = sizes();
  let monthMarks = sizes();
  const byBid = new BidSums(u.bidIndex.length);
  const one = { sessions: 1, tokens: 0, seconds: 0, disputed: 0, tokenSeconds: 0 };

  let openDay: number | undefined;
  let openMonth = -1;
  const closeDay = () => {
    // A day after the as-of's (another chain synced past midnight) has no bucket: its closes were
    // all left out, and its index would land in the next model's or provider's first day.
    if (openDay !== undefined && openDay >= dayFirst && openDay <= asOf) {
      const dayIndex = (openDay - dayFirst) / secondsPerDay;
      for (const [metric, target] of [
        [0, "ttft"],
        [1, "tps"],
      ] as const) {
        const from = dayMarks[metric] as number;
        tally.daily[target][dayIndex] = all[metric].medianFrom(from);
        const byModel = all[metric].pairAndModelMedians(PR, u.modelPairs, from, false).models;
        for (let m = 0; m < M; m++) tally.modelDaily[target][m * daysKept + dayIndex] = byModel[m] as number;
        const byProvider = all[metric].providerMedians(P, from);
        for (let p = 0; p < P; p++)
          tally.providerDaily[target][p * daysKept + dayIndex] = byProvider[p] as number;
      }
    }
    dayMarks = sizes();
  };
  const closeMonth = () => {
    if (openMonth >= 0 && tally.monthly) {
      tally.monthly.ttft[openMonth] = all[0].medianFrom(monthMarks[0] as number);
      tally.monthly.tps[openMonth] = all[1].medianFrom(monthMarks[1] as number);
    }
    monthMarks = sizes();
  };

  /** Closes into the buckets of a day or longer: month, day, by model, provider and pair, all time. */
  const fileLong = (
    sums: typeof one,
    place: { month: number; dayIndex: number },
    bid: number,
    model: number,
    provider: number,
    inModel: number,
    inProvider: number,
    pairOf: number,
    inPair: number,
  ) => {
    const { sessions, tokens, seconds, disputed } = sums;
    file(tally.monthly as Family, place.month, bid, sums, provider, model);
    if (place.dayIndex >= 0) {
      file(tally.daily, place.dayIndex, bid, sums, provider, model);
      const slot = place.dayIndex;
      if (model >= 0)
        tally.modelDaily.sums.addMany(model * daysKept + slot, sessions, tokens, seconds, disputed, inModel);
      if (provider >= 0)
        tally.providerDaily.sums.addMany(
          provider * daysKept + slot,
          sessions,
          tokens,
          seconds,
          disputed,
          inProvider,
        );
    }
    file(tally.windows, allWindow, bid, sums, provider, model);
    if (model >= 0) {
      const bucket = model * W + allWindow;
      tally.modelWindows.sums.addMany(bucket, sessions, tokens, seconds, disputed, inModel);
      if (provider >= 0) tally.modelWindows.providers?.add(bucket, provider);
    }
    if (provider >= 0) {
      const bucket = provider * W + allWindow;
      tally.providerWindows.sums.addMany(bucket, sessions, tokens, seconds, disputed, inProvider);
      if (model >= 0) tally.providerWindows.models?.add(bucket, model);
    }
    if (pairOf >= 0) {
      const bucket = pairOf * W + allWindow;
      tally.pairWindows.sums.addMany(bucket, sessions, tokens, seconds, disputed, inPair);
      if (sums.tokenSeconds > 0) tally.pairTokenTime.addMany(bucket, 0, 0, sums.tokenSeconds, 0, inPair);
    }
  };

  for (const group of days) {
    if (group.day !== openDay) {
      closeDay();
      openDay = group.day;
    }
    const day = group.day;
    const place = { month: -1, dayIndex: day >= dayFirst ? (day - dayFirst) / secondsPerDay : -1 };
    const facts = group.facts;
    for (let i = 0, at = 0; i < group.count; i++, at += closeFields) {
      const closedAt = day + (facts[at + f.second] as number);
      const bidRef = facts[at + f.bidRef] as number;
      const disputed = facts[at + f.disputed] as number;
      if (bidRef !== 0) {
        tally.audit.closes[bidRef] = (tally.audit.closes[bidRef] as number) + 1;
        if (disputed === 0) {
          tally.audit.signed[bidRef] = (tally.audit.signed[bidRef] as number) + 1;
          tally.audit.duration[bidRef] =
            (tally.audit.duration[bidRef] as number) + (facts[at + f.duration] as number);
        }
      }
      if (closedAt > asOf) continue;
      if (tally.earliest === undefined) {
        tally.earliest = minClose(group, asOf);
        tally.monthFirst = floorMonth(tally.earliest);
        tally.monthly = seriesFamily(monthsBetween(tally.monthFirst, floorMonth(asOf)) + 1, u);
      } else if (closedAt < tally.earliest) {
        // Another chain's group of the same day (groups come by day, then chain): same month.
        tally.earliest = closedAt;
      }
      if (place.month < 0) {
        place.month = monthsBetween(tally.monthFirst as number, floorMonth(day));
        if (place.month !== openMonth) {
          closeMonth();
          openMonth = place.month;
        }
      }
      const tokens = facts[at + f.tokens] as number;
      const seconds = facts[at + f.seconds] as number;
      const ttft = facts[at + f.ttftMs] as number;
      const tps = facts[at + f.tps] as number;
      const provider = u.providerIndex[facts[at + f.providerRef] as number] ?? -1;
      const model = bidRef !== 0 ? (u.bidModel[bidRef] as number) : -1;
      const bid = bidRef !== 0 ? (u.bidIndex[bidRef] as number) : -1;
      const inModel = bidRef !== 0 ? (u.bidInModel[bidRef] as number) : -1;
      const inProvider = bidRef !== 0 ? (u.bidInProvider[bidRef] as number) : -1;
      // SPEC.md 1.2: a close belongs to its bid's (model, provider) pair; without a bid, to none.
      const pairOf = bidRef !== 0 ? (u.bidPair[bidRef] as number) : -1;
      one.tokens = tokens;
      one.seconds = seconds;
      one.disputed = disputed;
      one.tokenSeconds = tokens > 0 ? seconds : 0;

      if (ttft > 0) all[0].add(ttft, provider, pairOf);
      if (tps > 0) all[1].add(tps, provider, pairOf);
      if (closedAt >= hourFirst) {
        const hour = Math.floor((closedAt - hourFirst) / secondsPerHour);
        file(tally.hourly, hour, bid, one, provider, model);
        if (ttft > 0) hourValues[0].add(hour, ttft);
        if (tps > 0) hourValues[1].add(hour, tps);
      }
      for (let w = 0; w < allWindow; w++) {
        if (closedAt <= (windowStarts[w] as number)) continue;
        file(tally.windows, w, bid, one, provider, model);
        if (ttft > 0) windowValues[0].add(w, ttft);
        if (tps > 0) windowValues[1].add(w, tps);
        if (model >= 0) {
          const bucket = model * W + w;
          tally.modelWindows.sums.add(bucket, tokens, seconds, disputed, inModel);
          if (provider >= 0) tally.modelWindows.providers?.add(bucket, provider);
          if (ttft > 0) modelWindowValues[0].add(bucket, ttft);
          if (tps > 0) modelWindowValues[1].add(bucket, tps);
        }
        if (provider >= 0) {
          const bucket = provider * W + w;
          tally.providerWindows.sums.add(bucket, tokens, seconds, disputed, inProvider);
          if (model >= 0) tally.providerWindows.models?.add(bucket, model);
          if (ttft > 0) providerWindowValues[0].add(bucket, ttft);
          if (tps > 0) providerWindowValues[1].add(bucket, tps);
        }
        if (pairOf >= 0) {
          const bucket = pairOf * W + w;
          const inPair = u.bidInPair[bidRef] as number;
          tally.pairWindows.sums.add(bucket, tokens, seconds, disputed, inPair);
          if (tokens > 0) tally.pairTokenTime.add(bucket, 0, seconds, 0, inPair);
          if (ttft > 0) pairWindowValues[0].add(bucket, ttft);
          if (tps > 0) pairWindowValues[1].add(bucket, tps);
        }
      }
      // Filed under its bid's provider (as every close with a readable bid is): summed per bid,
      // unless the bid's day sums would pass 2^52, where a double stops being exact.
      if (bid >= 0 && provider === u.bidProvider[bidRef] && byBid.fits(bidRef, tokens, seconds))
        byBid.add(bidRef, bid, tokens, seconds, disputed);
      else
        fileLong(
          one,
          place,
          bid,
          model,
          provider,
          inModel,
          inProvider,
          pairOf,
          pairOf >= 0 ? (u.bidInPair[bidRef] as number) : -1,
        );
    }
    byBid.refs.forEach((ref, k) => {
      const sums = {
        sessions: byBid.sessions[ref] as number,
        tokens: byBid.tokens[ref] as number,
        seconds: byBid.seconds[ref] as number,
        disputed: byBid.disputed[ref] as number,
        tokenSeconds: byBid.tokenSeconds[ref] as number,
      };
      const provider = u.bidProvider[ref] as number;
      const inModel = u.bidInModel[ref] as number;
      fileLong(
        sums,
        place,
        byBid.bids[k] as number,
        u.bidModel[ref] as number,
        provider,
        inModel,
        u.bidInProvider[ref] as number,
        u.bidPair[ref] as number,
        u.bidInPair[ref] as number,
      );
    });
    byBid.clear();
  }
  closeDay();
  closeMonth();

  for (const [metric, target] of [
    [0, "ttft"],
    [1, "tps"],
  ] as const) {
    tally.hourly[target].set(hourValues[metric].medians(hoursKept));
    const windows = windowValues[metric].medians(W);
    windows[W - 1] = all[metric].medianFrom(0);
    tally.windows[target].set(windows);
    const byModel = modelWindowValues[metric].medians(M * W);
    // All time, by pair and by model in one pass over every value.
    const { pairs: allPair, models: allModel } = all[metric].pairAndModelMedians(PR, u.modelPairs);
    for (let m = 0; m < M; m++) byModel[m * W + W - 1] = allModel[m] as number;
    tally.modelWindows[target].set(byModel);
    const byProvider = providerWindowValues[metric].medians(P * W);
    const allProvider = all[metric].providerMedians(P);
    for (let p = 0; p < P; p++) byProvider[p * W + W - 1] = allProvider[p] as number;
    tally.providerWindows[target].set(byProvider);
    const byPair = pairWindowValues[metric].medians(PR * W);
    for (let k = 0; k < PR; k++) byPair[k * W + W - 1] = allPair[k] as number;
    tally.pairWindows[target].set(byPair);
  }
  return tally;
}

/** The earliest close of a day group at or before the as-of. */
function minClose(group: CloseDay, asOf: number): number {
  let earliest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < group.count; i++) {
    const closedAt = group.day + (group.facts[i * closeFields + f.second] as number);
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
