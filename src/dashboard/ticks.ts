import { floorMonth, type Period, secondsPerDay, secondsPerHour } from "../api/periods.js";
import { format } from "./format.js";

const units: Array<[number, string]> = [
  [1e12, "T"],
  [1e9, "B"],
  [1e6, "M"],
  [1e3, "K"],
];

/** Decimals needed to write `value` exactly (12 significant digits at most: float noise dropped). */
function decimalsOf(value: number): number {
  const text = Number(value.toPrecision(12)).toFixed(10).replace(/0+$/, "");
  return Math.min(6, text.length - text.indexOf(".") - 1);
}

/**
 * Axis labels that say exactly the tick's value: 1,250,000 is "1.25M", never "1.3M"; every label
 * of an axis in the same unit (K, M, B, T) so that they read as one scale.
 */
export function valueLabels(splits: readonly number[], suffix = ""): string[] {
  const largest = Math.max(0, ...splits.map(Math.abs));
  const [unit, letter] = units.find(([size]) => largest >= size) ?? [1, ""];
  const decimals = Math.max(0, ...splits.map((value) => decimalsOf(value / unit)));
  return splits.map((value) =>
    value === 0 ? `0${suffix}` : `${format.decimal(value / unit, decimals)}${letter}${suffix}`,
  );
}

/** Tick increments of a count (sessions, tokens): whole numbers only, never 2.5 sessions. */
export const countIncrements: number[] = [];
for (let magnitude = 1; magnitude <= 1e15; magnitude *= 10)
  countIncrements.push(magnitude, 2 * magnitude, 5 * magnitude);

const hour = secondsPerHour;
const day = secondsPerDay;
/** Fixed steps (seconds) a time axis may use at each granularity, smallest first; months after them. */
const fixedSteps: Record<Period, number[]> = {
  hourly: [hour, 2 * hour, 3 * hour, 6 * hour, 12 * hour, day, 2 * day, 7 * day, 14 * day],
  daily: [day, 2 * day, 7 * day, 14 * day],
  monthly: [],
};
const monthSteps = [1, 2, 3, 6, 12, 24, 60, 120];
/** The smallest distance between two labels, in CSS pixels. */
const labelGap: Record<Period, number> = { hourly: 64, daily: 64, monthly: 48 };
/** Monday 5 January 1970: weekly ticks fall on Mondays. */
const firstMonday = 4 * day;

/**
 * Ticks of a time axis at period starts (where bars are centred), as many as fit `width` pixels:
 * a monthly chart is labelled by months, never every 5 days; a daily one by days or months.
 */
export function timeSplits(period: Period, min: number, max: number, width: number): number[] {
  const fit = Math.max(1, Math.floor(width / labelGap[period]));
  const span = Math.max(max - min, 1);
  for (const step of fixedSteps[period]) {
    if (span / step > fit) continue;
    const offset = step === 7 * day || step === 14 * day ? firstMonday : 0;
    const ticks: number[] = [];
    for (let ts = Math.ceil((min - offset) / step) * step + offset; ts <= max; ts += step) ticks.push(ts);
    return ticks;
  }
  const months = monthSteps.find((step) => span / (step * 30.44 * day) <= fit) ?? 120;
  const ticks: number[] = [];
  const start = new Date(floorMonth(min) * 1000);
  for (let index = start.getUTCFullYear() * 12 + start.getUTCMonth(); ; index++) {
    const ts = Date.UTC(Math.floor(index / 12), index % 12, 1) / 1000;
    if (ts > max) break;
    if (ts >= min && index % months === 0) ticks.push(ts);
  }
  return ticks;
}

/**
 * Labels of those ticks: months ("Nov", with the year under the first and under January), days
 * ("20 Nov", the year under the first and at a new year) or hours ("14:00", the date under the
 * first and at midnight), on a 24-hour UTC clock.
 */
export function timeLabels(period: Period, splits: readonly number[]): string[] {
  const gap = splits.length > 1 ? (splits[1] as number) - (splits[0] as number) : undefined;
  const unit = gap === undefined ? period : gap >= 28 * day ? "monthly" : gap >= day ? "daily" : "hourly";
  return splits.map((ts, index) => {
    const date = new Date(ts * 1000);
    const previous = index > 0 ? new Date((splits[index - 1] as number) * 1000) : undefined;
    const year = String(date.getUTCFullYear());
    if (unit === "monthly") {
      const showYear = !previous || date.getUTCFullYear() !== previous.getUTCFullYear();
      return `${format.month(ts)}${showYear ? `\n${year}` : ""}`;
    }
    const dayMonth = `${date.getUTCDate()} ${format.month(ts)}`;
    if (unit === "daily") {
      const showYear = !previous || date.getUTCFullYear() !== previous.getUTCFullYear();
      return `${dayMonth}${showYear ? `\n${year}` : ""}`;
    }
    const clock = `${String(date.getUTCHours()).padStart(2, "0")}:00`;
    const newDay = !previous || date.getUTCDate() !== previous.getUTCDate();
    return `${clock}${newDay ? `\n${dayMonth}` : ""}`;
  });
}
