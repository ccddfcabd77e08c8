import type { BenchOptions } from "./benchOptions.js";
import type { MorRunner } from "./runMor.js";

/** What every suite of the bench is given. */
export type BenchContext = {
  options: BenchOptions;
  /** A progress line on stderr. */
  log(message: string): void;
  /** A temporary folder removed when the bench exits. */
  scratch: string;
  /** The repository's root. */
  root: string;
  mor: MorRunner;
};

/** The as-of time of every seeded history (fixed: the same flags give the same chains). */
export const endTime = Date.UTC(2026, 5, 1, 12) / 1000;

/** The anvil chains' id. */
export const devChainId = 31337;
