import { freshnessOf } from "../api/client/freshnessOf.js";
import type { Meta } from "../api/responseTypes.js";
import { chainName } from "./chartTheme.js";
import { format } from "./format.js";

export type Freshness = {
  /** "Data as of 2026-11-20 12:00 UTC (3 h ago)". */
  asOf: string;
  /** "updated 5 min ago; the publication updates every hour" (when meta.json says when). */
  updated?: string;
  /** Set when the publication is older than twice its update interval: the schedule stopped. */
  stale?: string;
  /** One sentence per chain whose history is still being backfilled. */
  backfill: string[];
};

/**
 * How old the numbers are and whether they are complete, from meta.json and the clock (`now`, unix
 * seconds): the as-of of the view (the publication's, or the chosen chain's own), the last update,
 * a warning when it is older than twice the interval allows (freshnessOf, as `check` says), and the
 * backfill still in progress.
 */
export function freshness(meta: Meta, chain: "all" | number, now: number): Freshness {
  const chosen = chain === "all" ? undefined : meta.chains.find((item) => item.chainId === chain);
  const asOf = chosen?.asOf ?? meta.asOf;
  const result: Freshness = {
    asOf: `Data as of ${format.utc(asOf)} (${format.ago(Math.max(0, now - asOf))})`,
    backfill: [],
  };
  // The same verdict as `mor-throughput check`: older than twice the update interval is stale.
  const fresh = freshnessOf(meta, now * 1000);
  const every = `every ${format.interval(fresh.intervalSeconds)}`;
  if (meta.updatedAt !== undefined)
    result.updated = `updated ${format.ago(fresh.ageSeconds)}; the publication updates ${every}`;
  if (fresh.stale)
    result.stale =
      `These numbers may be out of date: the last update was ${format.ago(fresh.ageSeconds)} ` +
      `(${format.utc(fresh.updatedAt)}), and the publication should update ${every}. ` +
      "The schedule that publishes it may have stopped.";
  for (const item of meta.chains) {
    if (item.caughtUp || (chosen && item !== chosen)) continue;
    const name = chainName(item.chainId, item.name);
    if (item.targetBlock !== undefined && item.targetBlock > item.fromBlock) {
      const done = Math.min(
        1,
        Math.max(0, (item.toBlock - item.fromBlock) / (item.targetBlock - item.fromBlock)),
      );
      result.backfill.push(
        `History still being backfilled on ${name}: ${Math.floor(done * 100)} % (block ${format.integer(item.toBlock)} ` +
          `of ${format.integer(item.targetBlock)}). Totals are low until it finishes.`,
      );
    } else
      result.backfill.push(`History still being backfilled on ${name}: totals are low until it finishes.`);
  }
  if (result.backfill.length === 0 && !meta.backfillComplete && !chosen)
    result.backfill.push("History still being backfilled: totals are low until it finishes.");
  return result;
}
