import type { ChainFiles, Rollup, SeriesBucket, StuckSession, WindowTotals } from "../api/apiTypes.js";
import { addPeriods, floorDay, floorHour, secondsPerDay, secondsPerHour } from "../api/periods.js";
import { compareLowercase } from "./compareLowercase.js";
import type { DenseIndices } from "./createDenseIndices.js";
import { daysKept, type Family, type Tally, windowNames } from "./createTally.js";
import { figuresOf } from "./figuresOf.js";
import type { StuckRecord } from "./IndexReader.js";

/** What names and addresses the files use for the refs of a tally. */
export type Labels = {
  /** modelId by model ref. */
  modelIds: ReadonlyMap<number, string>;
  /** The name to publish for a model ref (SPEC.md 1.1: by configuration order). */
  modelName(modelRef: number): string;
  /** EIP-55 address by provider ref. */
  providers: ReadonlyMap<number, string>;
};

/**
 * The seven files of SPEC.md's first table from a tally (of one as-of time): series from the later of
 * the retention start and the earliest close to the as-of period, per-model and per-provider
 * daily series over the daily range, the summary windows, and the stuck sessions.
 */
export function computeChainFiles(
  tally: Tally,
  ix: DenseIndices,
  labels: Labels,
  stuck: readonly StuckRecord[],
): ChainFiles {
  const prices = ix.bidPrices;
  const seriesOf = (family: Family, firstIndex: number, count: number, step: (i: number) => number) => {
    const buckets: SeriesBucket[] = [];
    for (let i = firstIndex; i < count; i++)
      buckets.push({ ts: step(i), ...figuresOf(family, i, undefined, prices) } as SeriesBucket);
    return buckets;
  };
  const earliest = tally.earliest;
  const hourStart =
    earliest === undefined ? 0 : Math.max(0, (floorHour(earliest) - tally.hourFirst) / secondsPerHour);
  const dayStart =
    earliest === undefined ? 0 : Math.max(0, (floorDay(earliest) - tally.dayFirst) / secondsPerDay);
  const hourly: Rollup = { bucket: "hourly", series: [] };
  const daily: Rollup = { bucket: "daily", series: [] };
  const monthly: Rollup = { bucket: "monthly", series: [] };
  if (earliest !== undefined && tally.monthly && tally.monthFirst !== undefined) {
    hourly.series = seriesOf(
      tally.hourly,
      hourStart,
      tally.hourly.sums.count,
      (i) => tally.hourFirst + i * secondsPerHour,
    );
    daily.series = seriesOf(tally.daily, dayStart, daysKept, (i) => tally.dayFirst + i * secondsPerDay);
    const monthFirst = tally.monthFirst;
    monthly.series = seriesOf(tally.monthly, 0, tally.monthly.sums.count, (i) =>
      addPeriods("monthly", monthFirst, i),
    );
  }

  const keyedSeries = (family: Family, key: number, bids: readonly number[]) => {
    const buckets = [];
    for (let d = dayStart; d < daysKept; d++) {
      buckets.push({
        ts: tally.dayFirst + d * secondsPerDay,
        ...figuresOf(family, key * daysKept + d, bids, prices),
      });
    }
    return buckets;
  };
  const hasClose = (family: Family, key: number) => {
    for (let d = dayStart; d < daysKept; d++)
      if ((family.sums.sessions[key * daysKept + d] as number) > 0) return true;
    return false;
  };
  const models = [];
  const providers = [];
  if (earliest !== undefined) {
    for (let m = 0; m < ix.modelCount; m++) {
      if (!hasClose(tally.modelDaily, m)) continue;
      const ref = ix.modelRefs[m] as number;
      models.push({
        modelId: labels.modelIds.get(ref) as string,
        name: labels.modelName(ref),
        series: keyedSeries(tally.modelDaily, m, ix.modelBids[m] as number[]),
      });
    }
    for (let p = 0; p < ix.providerCount; p++) {
      if (!hasClose(tally.providerDaily, p)) continue;
      providers.push({
        provider: labels.providers.get(ix.providerRefs[p] as number) as string,
        series: keyedSeries(tally.providerDaily, p, ix.providerBids[p] as number[]),
      });
    }
  }
  models.sort((a, b) => compareLowercase(a.modelId, b.modelId));
  providers.sort((a, b) => compareLowercase(a.provider, b.provider));

  const window = (w: number) => figuresOf(tally.windows, w, undefined, prices) as WindowTotals;
  const stuckSessions = stuck.map((row): StuckSession => {
    const session: StuckSession = {
      chainId: row.chainId,
      sessionId: row.sessionId,
      openedAt: row.openedAt,
      endsAt: row.endsAt,
    };
    if (row.provider) session.provider = row.provider;
    if (row.modelId) session.modelId = row.modelId;
    if (row.stake !== null) session.stake = row.stake;
    return session;
  });
  return {
    "summary.json": Object.fromEntries(
      windowNames.map((name, w) => [name, window(w)]),
    ) as ChainFiles["summary.json"],
    "rollup/hourly.json": hourly,
    "rollup/daily.json": daily,
    "rollup/monthly.json": monthly,
    "rollup/by-model-daily.json": { models },
    "rollup/by-provider-daily.json": { providers },
    "stuck-sessions.json": { count: stuckSessions.length, sessions: stuckSessions },
  };
}
