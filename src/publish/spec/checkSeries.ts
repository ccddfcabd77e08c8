import { addPeriods, floorPeriod, type Period, retentionPeriods as retention } from "../../api/periods.js";
import type { Bucket } from "../../api/responseTypes.js";
import { checkEmpty } from "./checkEmpty.js";

/** Problems shown per series at most: one broken series should not drown the others. */
const shown = 3;

/**
 * A series as SPEC.md defines it: dense (one bucket per period, none missing), ascending by
 * `ts`, each `ts` the start of its period, no longer than the retention, and a bucket without
 * sessions carries zeros and no medians. `where` names it in the problems ("rollup/daily.json:
 * /series").
 */
export function checkSeries(where: string, series: readonly Bucket[], period: Period): string[] {
  const problems: string[] = [];
  const limit = retention[period];
  if (limit !== undefined && series.length > limit)
    problems.push(`${where} holds ${series.length} ${period} buckets, more than the retention of ${limit}`);
  let previous: number | undefined;
  for (const [k, bucket] of series.entries()) {
    if (problems.length >= shown) break;
    if (floorPeriod(period, bucket.ts) !== bucket.ts)
      problems.push(`${where}/${k}/ts ${bucket.ts} is not the start of a ${unit(period)}`);
    else if (previous !== undefined) {
      const expected = addPeriods(period, previous, 1);
      if (bucket.ts <= previous)
        problems.push(
          `${where}/${k}/ts ${bucket.ts} is not after the bucket before (${previous}): not ascending`,
        );
      else if (bucket.ts !== expected)
        problems.push(
          `${where}/${k}/ts ${bucket.ts}: a gap, the ${unit(period)} ${expected} is missing (a series is dense)`,
        );
    }
    previous = bucket.ts;
    problems.push(...checkEmpty(`${where}/${k}`, bucket));
  }
  return problems.slice(0, shown);
}

function unit(period: Period): string {
  return period === "hourly" ? "hour" : period === "daily" ? "day" : "month";
}
