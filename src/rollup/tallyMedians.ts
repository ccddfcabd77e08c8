import { secondsPerDay } from "../api/periods.js";
import type { DenseIndices } from "./createDenseIndices.js";
import { daysKept, type Family, hoursKept, type Tally, windowNames } from "./createTally.js";
import type { ShortValues } from "./fileClose.js";
import { medianIndex, p10Index, p90Index } from "./nearestRank.js";
import { ValueLog } from "./ValueLog.js";

/** Every value for medians, kept for the all-time window: [ttft, tps]. */
export type AllValues = [ValueLog, ValueLog];

export const allValues = (): AllValues => [new ValueLog(), new ValueLog()];

const metrics = [
  [0, "ttft"],
  [1, "tps"],
] as const;

/**
 * The medians of a day and of a month, set when the period ends: those of the values added since
 * it began (the all-time log's values from its mark on), by model and provider too for a day.
 */
export function createPeriodMedians(tally: Tally, all: AllValues, ix: DenseIndices) {
  const { modelCount: M, providerCount: P, pairCount: PR } = ix;
  const sizes = () => all.map((log) => log.size);
  let dayMarks = sizes();
  let monthMarks = sizes();
  return {
    /** The day `day` ended (undefined: none began yet). */
    dayEnded(day: number | undefined, asOf: number): void {
      // A day after the as-of's (another chain synced past midnight) has no bucket: its closes were
      // all left out, and its index would land in the next model's or provider's first day.
      if (day !== undefined && day >= tally.dayFirst && day <= asOf) {
        const dayIndex = (day - tally.dayFirst) / secondsPerDay;
        for (const [metric, target] of metrics) {
          const from = dayMarks[metric] as number;
          tally.daily[target][dayIndex] = all[metric].medianFrom(from);
          const byModel = all[metric].pairAndModelMedians(PR, ix.modelPairs, from, false).models;
          for (let m = 0; m < M; m++)
            tally.modelDaily[target][m * daysKept + dayIndex] = byModel[m] as number;
          const byProvider = all[metric].providerMedians(P, from);
          for (let p = 0; p < P; p++)
            tally.providerDaily[target][p * daysKept + dayIndex] = byProvider[p] as number;
        }
      }
      dayMarks = sizes();
    },
    /** The month of index `month` ended (-1: none began yet). */
    monthEnded(month: number): void {
      if (month >= 0 && tally.monthly) {
        tally.monthly.ttft[month] = all[0].medianFrom(monthMarks[0] as number);
        tally.monthly.tps[month] = all[1].medianFrom(monthMarks[1] as number);
      }
      monthMarks = sizes();
    },
  };
}

/** Each metric's median and its tail (SPEC.md 1.3: the 90th percentile of ttft, the 10th of tps). */
const windowRanks = [
  [0, "ttft", "ttftP90", [medianIndex, p90Index]],
  [1, "tps", "tpsP10", [medianIndex, p10Index]],
] as const;

/** A family's windows at a metric: its medians and tails. */
function setRanked(
  family: Family,
  target: "ttft" | "tps",
  tail: "ttftP90" | "tpsP10",
  ranked: Float64Array[],
) {
  family[target].set(ranked[0] as Float64Array);
  family.tails?.[tail].set(ranked[1] as Float64Array);
}

/** The all-time window (the last of each key's windows) from `all`, for each rank. */
function setAllTime(ranked: Float64Array[], all: Float64Array[], keys: number, W: number): void {
  ranked.forEach((values, r) => {
    const from = all[r] as Float64Array;
    for (let k = 0; k < keys; k++) values[k * W + W - 1] = from[k] as number;
  });
}

/**
 * After the last close: the medians of the hours, and the medians and tails of every window, the
 * all-time ones from every value (by pair and by model in one pass).
 */
export function finishMedians(tally: Tally, values: ShortValues, all: AllValues, ix: DenseIndices): void {
  const { modelCount: M, providerCount: P, pairCount: PR } = ix;
  const W = windowNames.length;
  for (const [metric, target, tail, ranks] of windowRanks) {
    tally.hourly[target].set(values.hour[metric].medians(hoursKept));
    const windows = values.window[metric].ranked(W, ranks);
    setAllTime(
      windows,
      all[metric].rankedFrom(0, ranks).map((v) => Float64Array.of(v)),
      1,
      W,
    );
    setRanked(tally.windows, target, tail, windows);
    const { pairs: allPair, models: allModel } = all[metric].pairAndModelRanked(PR, ix.modelPairs, ranks);
    const byModel = values.model[metric].ranked(M * W, ranks);
    setAllTime(byModel, allModel, M, W);
    setRanked(tally.modelWindows, target, tail, byModel);
    const byProvider = values.provider[metric].ranked(P * W, ranks);
    setAllTime(byProvider, all[metric].providerRanked(P, ranks), P, W);
    setRanked(tally.providerWindows, target, tail, byProvider);
    const byPair = values.pair[metric].ranked(PR * W, ranks);
    setAllTime(byPair, allPair, PR, W);
    setRanked(tally.pairWindows, target, tail, byPair);
  }
}
