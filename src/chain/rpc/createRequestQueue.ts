import PQueue from "p-queue";
import { type Concurrency, concurrencyAfter } from "./concurrencyAfter.js";

export type RequestQueue = {
  /** Runs `request` once fewer requests than the current concurrency are in flight. */
  add(request: () => Promise<void>): Promise<void>;
  /** The endpoint pushed back: fewer requests in flight; with a wait, none at all until it is over. */
  rateLimited(waitMs: number): void;
  /** A request was answered: see concurrencyAfter. */
  answered(): void;
  /** The requests that may be in flight now, as learned. */
  readonly concurrency: number;
};

/** The HTTP requests in flight, at a concurrency that halves on rate limits and grows back. */
export function createRequestQueue(maxConcurrency: number): RequestQueue {
  let concurrency: Concurrency = { current: maxConcurrency, max: maxConcurrency, successes: 0 };
  const queue = new PQueue({ concurrency: maxConcurrency });
  const learn = (event: "rate-limited" | "succeeded") => {
    concurrency = concurrencyAfter(concurrency, event);
    queue.concurrency = concurrency.current;
  };
  return {
    add: (request) => queue.add(request),
    rateLimited(waitMs) {
      learn("rate-limited");
      if (waitMs > 0 && !queue.isPaused) {
        queue.pause();
        setTimeout(() => queue.start(), waitMs);
      }
    },
    answered: () => learn("succeeded"),
    get concurrency() {
      return concurrency.current;
    },
  };
}
