/** Whether a pool's endpoint serves: failures in a row, and until when it is left out. */
export type MemberHealth = { failures: number; outUntil: number };

export const healthy: MemberHealth = { failures: 0, outUntil: 0 };

/** How long an endpoint that failed is left out: the first time, doubling per failure in a row, at most. */
export type Cooldown = { firstMs: number; capMs: number };

export const defaultCooldown: Cooldown = { firstMs: 5_000, capMs: 300_000 };

/**
 * After the endpoint failed at `now`: left out for the cooldown, twice as long as the last time
 * when it failed again after coming back. Failures while it is out (work that was in flight when
 * it went down) change nothing.
 */
export function healthAfterFailure(
  health: MemberHealth,
  now: number,
  cooldown: Cooldown = defaultCooldown,
): MemberHealth {
  if (health.outUntil > now) return health;
  const failures = health.failures + 1;
  const waitMs = Math.min(cooldown.capMs, cooldown.firstMs * 2 ** (failures - 1));
  return { failures, outUntil: now + waitMs };
}

/** After the endpoint answered at `now`: serving with a clean record, unless it is out (an answer from before). */
export function healthAfterSuccess(health: MemberHealth, now: number): MemberHealth {
  return health.outUntil > now ? health : healthy;
}

export function isServing(health: MemberHealth, now: number): boolean {
  return health.outUntil <= now;
}
