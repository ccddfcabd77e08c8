import { compareLowercase, groupSorted } from "./compareLowercase.js";
import { figures, itemFigures } from "./figures.js";
import { daily, hourly, monthly, type Period, periods } from "./periods.js";
import type { ClosedSession, OpenSession } from "./readChain.js";
import { windows } from "./windows.js";

export type RollupInput = {
  /** The closed sessions: every one at or before `asOf`. */
  closed: readonly ClosedSession[];
  /** The sessions opened and not closed in the index (stuck once `endsAt + grace <= asOf`). */
  open: readonly OpenSession[];
  asOf: number;
  grace: number;
  /** The model's name as the files publish it. */
  name: (modelId: string) => string;
};

/**
 * The seven files of SPEC.md's first table, 1.1 fields included, keyed by path: summary, the three
 * rollups, by-model-daily, by-provider-daily, stuck-sessions.
 */
export function rollupFiles({ closed, open, asOf, grace, name }: RollupInput): Record<string, unknown> {
  for (const c of closed) {
    if (c.closedAt > asOf) throw new Error(`rollupFiles: session ${c.sessionId} closes after asOf`);
  }
  let earliest: number | undefined;
  for (const c of closed) earliest = Math.min(earliest ?? c.closedAt, c.closedAt);
  const hours = periods(hourly, earliest, asOf, 336);
  const days = periods(daily, earliest, asOf, 365);
  const months = periods(monthly, earliest, asOf);

  const dailyStart = days[0];
  const inDailyRange = dailyStart === undefined ? [] : closed.filter((c) => c.closedAt >= dailyStart);

  const stuck = open
    .filter((o) => o.endsAt + grace <= asOf)
    .sort(
      (a, b) =>
        a.openedAt - b.openedAt || compareLowercase(a.sessionId, b.sessionId) || a.chainId - b.chainId,
    )
    .map((o) => ({
      chainId: o.chainId,
      sessionId: o.sessionId,
      openedAt: o.openedAt,
      endsAt: o.endsAt,
      ...(o.bid === undefined ? {} : { provider: o.bid.provider, modelId: o.bid.modelId }),
      stake: o.stake.toString(),
    }));

  return {
    "summary.json": windows(closed, asOf),
    "rollup/hourly.json": { bucket: "hourly", series: series(hours, hourly, closed, figures) },
    "rollup/daily.json": { bucket: "daily", series: series(days, daily, closed, figures) },
    "rollup/monthly.json": { bucket: "monthly", series: series(months, monthly, closed, figures) },
    "rollup/by-model-daily.json": {
      models: groupSorted(inDailyRange, (c) => c.modelId).map(([modelId, items]) => ({
        modelId,
        name: name(modelId),
        series: series(days, daily, items, itemFigures),
      })),
    },
    "rollup/by-provider-daily.json": {
      providers: groupSorted(inDailyRange, (c) => c.provider).map(([provider, items]) => ({
        provider,
        series: series(days, daily, items, itemFigures),
      })),
    },
    "stuck-sessions.json": { count: stuck.length, sessions: stuck },
  };
}

/** The dense series over `starts` of the sessions in `items` (those outside the range are ignored). */
function series<F>(
  starts: readonly number[],
  period: Period,
  items: readonly ClosedSession[],
  figuresOf: (items: readonly ClosedSession[]) => F,
): Array<{ ts: number } & F> {
  const groups = new Map<number, ClosedSession[]>(starts.map((ts) => [ts, []]));
  for (const c of items) groups.get(period.floor(c.closedAt))?.push(c);
  return starts.map((ts) => ({ ts, ...figuresOf(groups.get(ts) ?? []) }));
}
