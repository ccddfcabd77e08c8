import type { ModelLeaderboard, ProviderLeaderboard, WindowTotals } from "../api/responseTypes.js";
import { modelLabel } from "./modelLabel.js";

export const windows = ["24h", "7d", "30d", "all"] as const;
export type Window = (typeof windows)[number];
export const windowLabels: Record<Window, string> = {
  "24h": "24 h",
  "7d": "7 d",
  "30d": "30 d",
  all: "All time",
};

export const columns = [
  "name",
  "sessions",
  "tokens",
  "hours",
  "earned",
  "ttft",
  "tps",
  "disputed",
  "peers",
] as const;
export type Column = (typeof columns)[number];
export type Sort = { column: Column; descending: boolean };

/** One row of a leaderboard: a model or a provider and its totals over one window. */
export type Standing = { id: string; name: string; totals: WindowTotals };

/** The rows of models.json over one window, as published (all chains). */
export function modelStandings(file: ModelLeaderboard, window: Window): Standing[] {
  return file.models.map((item) => ({
    id: item.modelId,
    name: modelLabel(item.name, item.modelId),
    totals: item.windows[window],
  }));
}

/** The rows of providers.json over one window (all chains); a provider is named by its address. */
export function providerStandings(file: ProviderLeaderboard, window: Window): Standing[] {
  return file.providers.map((item) => ({
    id: item.provider,
    name: item.provider,
    totals: item.windows[window],
  }));
}

/** The disputed share of a window, for sorting (no session: below every other). */
const disputedShare = (totals: WindowTotals): number =>
  totals.sessions === 0 ? -1 : totals.disputed / totals.sessions;

/** What a column sorts by: numbers, BigInt wei, or the name; undefined (never measured) sorts last. */
function sortValue(row: Standing, column: Column, kind: "model" | "provider") {
  const { totals } = row;
  switch (column) {
    case "name":
      return row.name.toLowerCase();
    case "hours":
      return totals.seconds;
    case "earned":
      return BigInt(totals.earned);
    case "disputed":
      return disputedShare(totals);
    case "peers":
      return kind === "model" ? totals.providers : totals.models;
    default:
      return totals[column];
  }
}

/**
 * Rows sorted by a column, ties by sessions then by name; rows without a value in that column
 * (no TTFT measured) last whichever the direction.
 */
export function sortStandings(rows: readonly Standing[], sort: Sort, kind: "model" | "provider"): Standing[] {
  const value = (row: Standing) => sortValue(row, sort.column, kind);
  const compare = (a: number | bigint | string, b: number | bigint | string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...rows].sort((a, b) => {
    const left = value(a);
    const right = value(b);
    if (left === undefined || right === undefined) {
      if (left !== right) return left === undefined ? 1 : -1;
    } else {
      const order = compare(left, right);
      if (order !== 0) return sort.descending ? -order : order;
    }
    return b.totals.sessions - a.totals.sessions || compare(a.name.toLowerCase(), b.name.toLowerCase());
  });
}
