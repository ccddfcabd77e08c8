import { floorMonth, secondsPerDay } from "../api/periods.js";
import { BidSums } from "./BidSums.js";
import { type CloseDay, closeFields, closeFact as f } from "./CloseDay.js";
import type { DenseIndices } from "./createDenseIndices.js";
import { createTally, seriesFamily, type Tally, windowDays } from "./createTally.js";
import {
  type Close,
  type DayPlace,
  fileLong,
  fileShort,
  nowhere,
  placeBid,
  shortValues,
} from "./fileClose.js";
import { allValues, createPeriodMedians, finishMedians } from "./tallyMedians.js";

/**
 * One pass over every close (ascending by day) that files each one into every bucket it belongs
 * to: series, windows, per model and provider, leaderboards, the market's pairs, and the audit's
 * counters. The buckets of a day or longer take a day's closes summed per bid (the hourly series
 * and the 24h, 7d and 30d windows take each close). Values for medians are kept for the all-time
 * window, whose medians need them all: a day's and a month's medians are those of their last
 * values when they end.
 */
export function tallyCloses(days: Iterable<CloseDay>, asOf: number, ix: DenseIndices): Tally {
  const tally = createTally(asOf, ix);
  const values = shortValues();
  const all = allValues();
  const periods = createPeriodMedians(tally, all, ix);
  const windowStarts = windowDays.map((d) => asOf - d * secondsPerDay);
  const byBid = new BidSums(ix.bidIndex.length);
  // One close at a time, and where it goes: reused, not made per close.
  const close: Close = {
    sessions: 1,
    tokens: 0,
    tokenSessions: 0,
    seconds: 0,
    disputed: 0,
    tokenSeconds: 0,
    closedAt: 0,
    ttft: 0,
    tps: 0,
  };
  const at = nowhere();
  let openDay: number | undefined;
  let openMonth = -1;

  for (const group of days) {
    if (group.day !== openDay) {
      periods.dayEnded(openDay, asOf);
      openDay = group.day;
    }
    const day = group.day;
    const place: DayPlace = {
      month: -1,
      dayIndex: day >= tally.dayFirst ? (day - tally.dayFirst) / secondsPerDay : -1,
    };
    const facts = group.facts;
    for (let i = 0, k = 0; i < group.count; i++, k += closeFields) {
      const bidRef = facts[k + f.bidRef] as number;
      close.closedAt = day + (facts[k + f.second] as number);
      const flags = facts[k + f.flags] as number;
      close.disputed = flags & 1;
      countForAudit(tally, bidRef, close.disputed, facts[k + f.duration] as number);
      if (close.closedAt > asOf) continue;
      if (tally.earliest === undefined) startMonthly(tally, group, asOf, ix);
      // Another chain's group of the same day (groups come by day, then chain): same month.
      else if (close.closedAt < tally.earliest) tally.earliest = close.closedAt;
      if (place.month < 0) {
        place.month = monthsBetween(tally.monthFirst as number, floorMonth(day));
        if (place.month !== openMonth) {
          periods.monthEnded(openMonth);
          openMonth = place.month;
        }
      }
      close.tokens = facts[k + f.tokens] as number;
      close.tokenSessions = flags >> 1;
      close.seconds = facts[k + f.seconds] as number;
      close.ttft = facts[k + f.ttftMs] as number;
      close.tps = facts[k + f.tps] as number;
      close.tokenSeconds = close.tokens > 0 ? close.seconds : 0;
      placeBid(ix, bidRef, ix.providerIndex[facts[k + f.providerRef] as number] ?? -1, at);
      if (close.ttft > 0) all[0].add(close.ttft, at.provider, at.pair);
      if (close.tps > 0) all[1].add(close.tps, at.provider, at.pair);
      fileShort(tally, values, close, at, windowStarts);
      // Filed under its bid's provider (as every close with a readable bid is): summed per bid,
      // unless the bid's day sums would pass 2^52, where a double stops being exact.
      if (
        at.bid >= 0 &&
        at.provider === ix.bidProvider[bidRef] &&
        byBid.fits(bidRef, close.tokens, close.seconds)
      )
        byBid.add(bidRef, at.bid, close);
      else fileLong(tally, close, place, at);
    }
    fileBidDays(tally, byBid, place, ix);
  }
  periods.dayEnded(openDay, asOf);
  periods.monthEnded(openMonth);
  finishMedians(tally, values, all, ix);
  return tally;
}

/** The contract's counters count every close indexed, after the as-of too (audit.json). */
function countForAudit(tally: Tally, bidRef: number, disputed: number, duration: number): void {
  if (bidRef === 0) return;
  const { audit } = tally;
  audit.closes[bidRef] = (audit.closes[bidRef] as number) + 1;
  if (disputed !== 0) return;
  audit.signed[bidRef] = (audit.signed[bidRef] as number) + 1;
  audit.duration[bidRef] = (audit.duration[bidRef] as number) + duration;
}

/**
 * The first close up to the as-of of all (in its day group): the earliest close, and the monthly
 * series from its month to the as-of's.
 */
function startMonthly(tally: Tally, group: CloseDay, asOf: number, ix: DenseIndices): void {
  tally.earliest = minClose(group, asOf);
  tally.monthFirst = floorMonth(tally.earliest);
  tally.monthly = seriesFamily(monthsBetween(tally.monthFirst, floorMonth(asOf)) + 1, ix);
}

/** A day's closes summed per bid, filed into the day's buckets and longer ones; the sums cleared. */
function fileBidDays(tally: Tally, byBid: BidSums, place: DayPlace, ix: DenseIndices): void {
  const at = nowhere();
  byBid.refs.forEach((ref, k) => {
    const sums = {
      sessions: byBid.sessions[ref] as number,
      tokens: byBid.tokens[ref] as number,
      tokenSessions: byBid.tokenSessions[ref] as number,
      seconds: byBid.seconds[ref] as number,
      disputed: byBid.disputed[ref] as number,
      tokenSeconds: byBid.tokenSeconds[ref] as number,
    };
    placeBid(ix, ref, ix.bidProvider[ref] as number, at);
    at.bid = byBid.bids[k] as number;
    fileLong(tally, sums, place, at);
  });
  byBid.clear();
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
