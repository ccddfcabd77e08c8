import type { Backoff } from "../util/backoffDelay.js";

/** How often to ask again, and how long to wait in between. */
export type RetryPolicy = { attempts: number; delay: Backoff };

/**
 * The retry policies of the sync, named in one place (as rangeSizeDefaults names the log range
 * sizing). The RPC client's own retries of failed requests are configured (--rpc-retries); these
 * are for answers that come back but are not good yet: a backend behind a load balancer that lags
 * behind the one that answered before it usually knows a little later.
 */
export const retryPolicies = {
  /** A block range whose end or parent block the endpoint announced but does not return yet. */
  laggingRange: { attempts: 5, delay: { baseMs: 250, growth: "linear" } },
  /** The last synced block, asked for by the reorg check: not returned is no evidence of a reorg. */
  syncedBlock: { attempts: 3, delay: { baseMs: 300, growth: "linear" } },
  /** A session whose state lags behind its log (missing, or open although its close was indexed). */
  laggingSession: { attempts: 4, delay: { baseMs: 500, growth: "exponential" } },
} as const satisfies Record<string, RetryPolicy>;
