/** How long to wait before another attempt: stated by each caller where it retries. */
export type Backoff = {
  /** The wait after the first failed attempt. */
  baseMs: number;
  /** Per further failed attempt, the wait doubles (exponential) or grows by baseMs (linear). */
  growth: "exponential" | "linear";
  /** The longest wait, before jitter. Default: none. */
  capMs?: number;
  /** Random spread, as a share of the wait: 0.25 waits between 75% and 125% of it. Default: 0. */
  jitter?: number;
};

/** The wait after failed attempt `attempt` (1-based) under `policy`. */
export function backoffDelay(attempt: number, policy: Backoff, random: () => number = Math.random): number {
  const steps = Math.max(0, attempt - 1);
  const grown = policy.growth === "exponential" ? policy.baseMs * 2 ** steps : policy.baseMs * (steps + 1);
  const wait = Math.min(grown, policy.capMs ?? Number.POSITIVE_INFINITY);
  const jitter = policy.jitter ?? 0;
  return jitter === 0 ? wait : wait * (1 - jitter + random() * 2 * jitter);
}
