import { seededRandom } from "../../src/util/seededRandom.js";
import { emptyStats, type FaultConfig, type FaultProxyStats } from "./faultConfig.js";

/**
 * Everything a fault proxy's decisions depend on besides the request: the configuration, the
 * seeded PRNG, the turns of the providers' wordings, and what was counted so far. The planning
 * functions read and advance it; the same state and the same requests give the same faults.
 */
export type FaultState = {
  config: FaultConfig;
  random: () => number;
  stats: FaultProxyStats;
  /** Turns of the wordings and batch refusals: reset with the seed. */
  turns: { wording: number; batch: number; rateLimit: number; page: number; retryAfter: number };
  /** How often each block number was answered null as the newest block: reset with the seed. */
  nulled: Map<number, number>;
  /** HTTP faults (and lagging answers) since the last configure, for maxFaults. */
  httpFaults: number;
  /** The rate limiter's token bucket; `at` in ms on the clock planRequest is given. */
  bucket: { tokens: number; at: number };
};

const noTurns = () => ({ wording: 0, batch: 0, rateLimit: 0, page: 0, retryAfter: 0 });

/** A fresh state for `config`, at time `now` (ms, monotonic). */
export function createFaultState(config: FaultConfig, now: number): FaultState {
  return {
    config,
    random: seededRandom(config.seed ?? 1),
    stats: emptyStats(),
    turns: noTurns(),
    nulled: new Map(),
    httpFaults: 0,
    bucket: { tokens: config.rateLimit?.burst ?? 0, at: now },
  };
}

/** Replaces the configuration; the PRNG and the turns start over only when `next` has a seed. */
export function configureFaults(state: FaultState, next: FaultConfig, now: number): void {
  state.config = next;
  state.httpFaults = 0;
  state.bucket = { tokens: next.rateLimit?.burst ?? 0, at: now };
  if (next.seed !== undefined) {
    state.random = seededRandom(next.seed);
    state.turns = noTurns();
    state.nulled = new Map();
  }
}

/** One draw for a fault of this rate: true at that probability. Draws nothing for a rate of 0. */
export function draw(state: FaultState, rate: number | undefined): boolean {
  return rate !== undefined && rate > 0 && state.random() < rate;
}
