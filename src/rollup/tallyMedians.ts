import { secondsPerDay } from "../api/periods.js";
import type { DenseIndices } from "./createDenseIndices.js";
import { daysKept, hoursKept, type Tally, windowNames } from "./createTally.js";
import type { ShortValues } from "./fileClose.js";
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

/**
 * After the last close: the medians of the hours and of every window, the all-time ones from every
 * value (by pair and by model in one pass).
 */
export function finishMedians(tally: Tally, values: ShortValues, all: AllValues, ix: DenseIndices): void {
  const { modelCount: M, providerCount: P, pairCount: PR } = ix;
  const W = windowNames.length;
  for (const [metric, target] of metrics) {
    tally.hourly[target].set(values.hour[metric].medians(hoursKept));
    const windows = values.window[metric].medians(W);
    windows[W - 1] = all[metric].medianFrom(0);
    tally.windows[target].set(windows);
    const byModel = values.model[metric].medians(M * W);
    const { pairs: allPair, models: allModel } = all[metric].pairAndModelMedians(PR, ix.modelPairs);
    for (let m = 0; m < M; m++) byModel[m * W + W - 1] = allModel[m] as number;
    tally.modelWindows[target].set(byModel);
    const byProvider = values.provider[metric].medians(P * W);
    const allProvider = all[metric].providerMedians(P);
    for (let p = 0; p < P; p++) byProvider[p * W + W - 1] = allProvider[p] as number;
    tally.providerWindows[target].set(byProvider);
    const byPair = values.pair[metric].medians(PR * W);
    for (let k = 0; k < PR; k++) byPair[k * W + W - 1] = allPair[k] as number;
    tally.pairWindows[target].set(byPair);
  }
}
