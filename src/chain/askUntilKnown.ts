import { withRetry } from "../util/withRetry.js";

/**
 * Asks until the answer is not null, up to `attempts` times, waiting `delayMs` × the attempt
 * between asks (linear growth); null when it never is. A backend behind a load balancer may not
 * know a block that another one has just announced: asked again a little later, it usually does.
 * (src/sync's findCommonAncestor asks this way; src/chain states its policy to withRetry.)
 */
export function askUntilKnown<T>(
  ask: () => Promise<T | null>,
  options: { attempts: number; delayMs: number },
): Promise<T | null> {
  return withRetry(ask, {
    attempts: options.attempts,
    delay: { baseMs: options.delayMs, growth: "linear" },
    retryAnswer: (answer) => answer === null,
  });
}
