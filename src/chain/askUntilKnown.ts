import { withRetry } from "../util/withRetry.js";
import type { RetryPolicy } from "./retryPolicies.js";

/**
 * Asks until the answer is not null, as `policy` says; null when it never is. A backend behind a
 * load balancer may not know a block that another one has just announced: asked again a little
 * later, it usually does.
 */
export function askUntilKnown<T>(ask: () => Promise<T | null>, policy: RetryPolicy): Promise<T | null> {
  return withRetry(ask, { ...policy, retryAnswer: (answer) => answer === null });
}
