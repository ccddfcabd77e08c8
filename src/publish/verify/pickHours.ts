import { floorHour, secondsPerHour } from "../../api/periods.js";
import { UserError } from "../../errors/BaseError.js";
import { hoursKept } from "../../rollup/createTally.js";
import { seededRandom } from "../../util/seededRandom.js";

/** The hours inside the hourly retention of every chain (as of each one's asOf): [first, last]. */
export function retainedHours(asOfs: readonly number[]): { first: number; last: number } {
  const first = Math.max(...asOfs.map((asOf) => floorHour(asOf) - (hoursKept - 1) * secondsPerHour));
  const last = Math.min(...asOfs.map((asOf) => floorHour(asOf)));
  return { first, last };
}

/**
 * The hours to check: those given (ISO times, floored to their hour), else `count` distinct
 * hours drawn at random in the retention with a generator seeded by `seed` (the same seed, the
 * same hours); with `among`, drawn from those of its hours inside the retention (hours with closes,
 * say), unless none is.
 */
export function pickHours(
  range: { first: number; last: number },
  options: { given: readonly string[]; count: number; seed: number; among?: readonly number[] },
): number[] {
  if (options.given.length > 0) {
    return [
      ...new Set(
        options.given.map((text) => {
          const ms = Date.parse(text);
          if (Number.isNaN(ms))
            throw new UserError(`Invalid --hour: ${text}`, {
              details: "Expected an ISO time, e.g. 2026-01-02T03:00Z.",
            });
          const hour = floorHour(Math.floor(ms / 1000));
          if (hour < range.first || hour > range.last)
            throw new UserError(`--hour ${text} is outside the site's hourly retention`, {
              details: `Expected an hour from ${iso(range.first)} to ${iso(range.last)}.`,
            });
          return hour;
        }),
      ),
    ].sort((a, b) => a - b);
  }
  const among = [...new Set(options.among ?? [])]
    .filter((hour) => hour >= range.first && hour <= range.last)
    .sort((a, b) => a - b);
  const total = among.length > 0 ? among.length : (range.last - range.first) / secondsPerHour + 1;
  const hour = (k: number) => (among.length > 0 ? (among[k] as number) : range.first + k * secondsPerHour);
  const next = seededRandom(options.seed);
  const picked = new Set<number>();
  while (picked.size < Math.min(options.count, total)) picked.add(hour(Math.floor(next() * total)));
  return [...picked].sort((a, b) => a - b);
}

export function iso(ts: number): string {
  return new Date(ts * 1000).toISOString();
}
