/** How many HTTP requests may be in flight at once. */
export type Concurrency = {
  current: number;
  /** What the options allow: growing back stops here. */
  max: number;
  /** Requests answered since the last rate limit or the last step up: every twentieth steps up. */
  successes: number;
};

/** Requests in flight after a rate limit (halved, at least one) or a success (regrown by one per 20). */
export function concurrencyAfter(state: Concurrency, event: "rate-limited" | "succeeded"): Concurrency {
  if (event === "rate-limited")
    return { ...state, current: Math.max(1, Math.floor(state.current / 2)), successes: 0 };
  const successes = state.successes + 1;
  if (successes >= 20 && state.current < state.max)
    return { ...state, current: state.current + 1, successes: 0 };
  return { ...state, successes };
}
