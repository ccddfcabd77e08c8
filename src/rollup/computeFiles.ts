import { getAddress } from "viem";
import { type ApiFiles, apiVersion, type Bucket, type Rollup, type WindowTotals } from "../api/apiTypes.js";
import { floorMonth, type Period, periodStarts, secondsPerDay, secondsPerHour } from "../api/periods.js";
import type { BucketTotals, MedianScope, RollupQueries, Totals } from "../store/createRollupQueries.js";
import type { Checkpoint } from "../sync/SyncStore.js";
import { medianIndex, msToSeconds } from "./nearestRank.js";
import { seriesRange } from "./retention.js";

export type ComputeOptions = {
  /** Seconds after endsAt before an unclosed session counts as stuck. */
  stuckGrace: number;
  generator: string;
};

/**
 * Every file of SPEC.md from the store, as of the last synced block. Nothing here reads the
 * clock: the same database and the same last block give the same files.
 */
export function computeFiles(queries: RollupQueries, synced: Checkpoint, options: ComputeOptions): ApiFiles {
  const asOf = synced.blockTimestamp;
  const earliest = queries.earliestClose();
  const daily = queries.dailyTotals();

  const bucket = (ts: number, totals: Totals | undefined, scope: MedianScope): Bucket => {
    if (!totals) return { ts, tokens: 0, sessions: 0 };
    return { ts, ...withTtft(totals, scope) };
  };
  const withTtft = (totals: Totals, scope: MedianScope): WindowTotals => {
    const out: WindowTotals = { tokens: jsonInteger(totals.tokens), sessions: totals.sessions };
    if (totals.ttftCount > 0) out.ttft = msToSeconds(queries.ttftMsAt(scope, medianIndex(totals.ttftCount)));
    return out;
  };
  const dense = (
    period: Period,
    range: { first: number; last: number } | undefined,
    totals: Map<number, Totals>,
    scope: (ts: number) => MedianScope,
  ): Bucket[] =>
    range
      ? periodStarts(period, range.first, range.last).map((ts) => bucket(ts, totals.get(ts), scope(ts)))
      : [];

  // Hourly: 336 hours, from the store's hour groups.
  const hourlyRange = seriesRange("hourly", asOf, earliest);
  const hourly: Rollup = {
    bucket: "hourly",
    series: dense(
      "hourly",
      hourlyRange,
      hourlyRange
        ? byTs(queries.hourlyTotals(hourlyRange.first, hourlyRange.last + secondsPerHour))
        : new Map(),
      (hour) => ({ kind: "hour", hour }),
    ),
  };

  // Daily: 365 days; monthly: all time, summed from the days.
  const dailyRange = seriesRange("daily", asOf, earliest);
  const dailyRollup: Rollup = {
    bucket: "daily",
    series: dense("daily", dailyRange, byTs(daily), (day) => ({ kind: "day", day })),
  };
  const months = new Map<number, Totals>();
  for (const day of daily) months.set(floorMonth(day.ts), add(months.get(floorMonth(day.ts)), day));
  const monthly: Rollup = {
    bucket: "monthly",
    series: dense("monthly", seriesRange("monthly", asOf, earliest), months, (month) => ({
      kind: "month",
      month,
    })),
  };

  // Per model and per provider: the daily range, for every key with a close inside it.
  const keyed = <K extends "model-day" | "provider-day">(
    kind: K,
    rows: Array<BucketTotals & { ref: number }>,
  ) => {
    const byRef = new Map<number, Map<number, Totals>>();
    for (const row of rows) {
      const series = byRef.get(row.ref) ?? new Map<number, Totals>();
      series.set(row.ts, row);
      byRef.set(row.ref, series);
    }
    return [...byRef].map(([ref, totals]) => ({
      ref,
      series: dense("daily", dailyRange, totals, (day) => ({ kind, ref, day })),
    }));
  };
  const models = queries.models();
  const providers = queries.providers();
  const first = dailyRange?.first ?? 0;
  const last = dailyRange?.last ?? -1;
  const byModel = keyed("model-day", dailyRange ? queries.modelDailyTotals(first, last) : [])
    .map(({ ref, series }) => {
      const model = models.get(ref);
      return { modelId: model?.modelId ?? "", name: model?.name ?? "", series };
    })
    .sort((a, b) => compareLowercase(a.modelId, b.modelId));
  const byProvider = keyed("provider-day", dailyRange ? queries.providerDailyTotals(first, last) : [])
    .map(({ ref, series }) => ({ provider: providers.get(ref) ?? "", series }))
    .sort((a, b) => compareLowercase(a.provider, b.provider));

  // Summary windows: as-of − 86,400·d < closedAt ≤ as-of; `all` is every closed session.
  const window = (days: number): WindowTotals => {
    const after = asOf - days * secondsPerDay;
    return withTtft(queries.windowTotals(after, asOf), { kind: "window", after, upTo: asOf });
  };
  const allTotals = daily.reduce<Totals>((sum, day) => add(sum, day), {
    tokens: 0n,
    sessions: 0,
    ttftCount: 0,
  });

  const stuck = queries.stuckSessions(asOf - options.stuckGrace).map((row) => ({
    sessionId: row.sessionId,
    openedAt: row.openedAt,
    endsAt: row.endsAt,
    ...(row.provider ? { provider: row.provider } : {}),
    ...(row.modelId ? { modelId: row.modelId } : {}),
    ...(row.stake ? { stake: row.stake } : {}),
  }));

  return {
    "summary.json": {
      "24h": window(1),
      "7d": window(7),
      "30d": window(30),
      all: withTtft(allTotals, { kind: "all" }),
    },
    "rollup/hourly.json": hourly,
    "rollup/daily.json": dailyRollup,
    "rollup/monthly.json": monthly,
    "rollup/by-model-daily.json": { models: byModel },
    "rollup/by-provider-daily.json": { providers: byProvider },
    "stuck-sessions.json": { count: stuck.length, sessions: stuck },
    "meta.json": {
      schemaVersion: apiVersion,
      generator: options.generator,
      chainId: synced.chainId,
      contract: getAddress(synced.contract),
      fromBlock: synced.fromBlock,
      toBlock: synced.blockNumber,
      toBlockHash: synced.blockHash,
      asOf,
      asOfIso: new Date(asOf * 1000).toISOString(),
      stuckGraceSeconds: options.stuckGrace,
      counts: queries.counts(),
      anomalies: queries.anomalyCounts(),
    },
  };
}

function byTs(rows: BucketTotals[]): Map<number, Totals> {
  return new Map(rows.map((row) => [row.ts, row]));
}

function add(sum: Totals | undefined, more: Totals): Totals {
  return {
    tokens: (sum?.tokens ?? 0n) + more.tokens,
    sessions: (sum?.sessions ?? 0) + more.sessions,
    ttftCount: (sum?.ttftCount ?? 0) + more.ttftCount,
  };
}

/** A JSON number when exact as a double; past 2^53 the bigint is written as integer digits. */
function jsonInteger(value: bigint): number | bigint {
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}

/** SPEC.md: sorted ascending as lowercase strings (code-unit order, not locale order). */
function compareLowercase(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}
