import type { Meta } from "../responseTypes.js";

export type Freshness = {
  /** When the publication was last brought up to date, unix seconds: meta.json's updatedAt (else, from before it, its as-of time). */
  updatedAt: number;
  /** Seconds since then. */
  ageSeconds: number;
  /** How often the publisher updates it (updateIntervalSeconds; an hour when not said). */
  intervalSeconds: number;
  /** Past this age the publication is stale: twice the interval. */
  maxAgeSeconds: number;
  /** Older than twice the interval: the schedule stopped, or its runs keep failing. */
  stale: boolean;
  /** false while a first backfill is in progress: the history is partial. */
  backfillComplete: boolean;
};

const defaultInterval = 3_600;

/**
 * Whether a publication is fresh, from its meta.json and the time `now` (milliseconds, default:
 * the clock): a publication older than twice its update interval is stale. For a dashboard's
 * banner and for monitors (`mor-throughput check`).
 */
export function freshnessOf(
  meta: Pick<Meta, "asOf" | "updatedAt" | "updateIntervalSeconds" | "backfillComplete">,
  now: number = Date.now(),
): Freshness {
  const updatedAt = meta.updatedAt ?? meta.asOf;
  const intervalSeconds = meta.updateIntervalSeconds ?? defaultInterval;
  const ageSeconds = Math.max(0, Math.floor(now / 1000) - updatedAt);
  const maxAgeSeconds = 2 * intervalSeconds;
  return {
    updatedAt,
    ageSeconds,
    intervalSeconds,
    maxAgeSeconds,
    stale: ageSeconds > maxAgeSeconds,
    backfillComplete: meta.backfillComplete,
  };
}
