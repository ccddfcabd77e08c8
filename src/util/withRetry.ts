import { type Backoff, backoffDelay } from "./backoffDelay.js";

/** Why an attempt is to be made again: it threw, or its answer was not good yet. */
export type RetryFailure<T> = { kind: "error"; error: unknown } | { kind: "answer"; answer: T };

export type RetryOptions<T> = {
  /** Attempts in all, the first one included. */
  attempts: number;
  /** The wait after a failed attempt: a backoff policy, or a function of the attempt (1-based) and failure. */
  delay: Backoff | ((attempt: number, failure: RetryFailure<T>) => number);
  /** Whether an error is worth another attempt. Default: none is; it is thrown at once. */
  retryError?: (error: unknown) => boolean;
  /** Whether an answer is not good yet and worth asking for again. Default: every answer is good. */
  retryAnswer?: (answer: T) => boolean;
  /** Told before each wait, for logs and counters. */
  onRetry?: (attempt: number, failure: RetryFailure<T>, delayMs: number) => void;
  /**
   * How to wait. Default: a timer of `delayMs` (the global setTimeout). Attempts that failed
   * together may share one wake-up instead, so that they go again together.
   */
  sleep?: (delayMs: number, failure: RetryFailure<T>) => Promise<unknown>;
};

/**
 * Runs `run` until its answer is good, at most `attempts` times, waiting between attempts as the
 * caller's policy says. When the attempts run out, the last answer is returned (good or not) or
 * the last error thrown: what giving up means is the caller's to say.
 */
export async function withRetry<T>(
  run: (attempt: number) => Promise<T>,
  options: RetryOptions<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    let failure: RetryFailure<T>;
    try {
      const answer = await run(attempt);
      if (!options.retryAnswer?.(answer) || attempt >= options.attempts) return answer;
      failure = { kind: "answer", answer };
    } catch (error) {
      if (!options.retryError?.(error) || attempt >= options.attempts) throw error;
      failure = { kind: "error", error };
    }
    const { delay } = options;
    const delayMs = typeof delay === "function" ? delay(attempt, failure) : backoffDelay(attempt, delay);
    options.onRetry?.(attempt, failure, delayMs);
    await (options.sleep ? options.sleep(delayMs, failure) : sleep(delayMs));
  }
}

/** The global timer (not node:timers/promises'), which fake timers replace: policies are testable. */
function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
