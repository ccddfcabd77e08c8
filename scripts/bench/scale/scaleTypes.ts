import type { ProcessMeasure } from "../report.js";

/** What the virtual chain saw of one command: requests (refused ones too) and calls. */
export type EndpointCounts = {
  requests: number;
  calls: number;
  /** HTTP 429 answers; eth_getLogs refused for their range or result; batches refused. */
  rateLimited: number;
  refusals: number;
  methods: Record<string, number>;
};

export type ScaleMeasure = ProcessMeasure & EndpointCounts;

export type PeerScale = {
  name: string;
  version: string;
  finished: boolean;
  wallSeconds: number;
  cpuSeconds: number;
  peakRssMb: number;
  requests: number;
  calls: number;
  methods: Record<string, number>;
  /** Events Ponder indexed, of those in the range. */
  eventsIndexed: number;
  /** A finished Ponder's tables hold every session and close of the range (null: not finished). */
  complete: boolean | null;
  /**
   * Ponder's wall time; where it did not finish, its projection: the calls its app needs at the
   * least (every block holding a log, three view calls per event) at the pace it made them.
   */
  projectedSeconds: number | null;
  /** Why it did not finish, when it did not. */
  reason: string | null;
  /** Ponder's (projected) time over ours; a lower bound when Ponder did not finish. */
  factor: number | null;
};

/** One scenario behind one limit set: the first backfill, then an hourly run. */
export type ScaleRun = {
  scenario: string;
  limits: string;
  chainId: number;
  blockTime: number;
  head: number;
  creationBlock: number;
  /** Blocks from the creation block to the first run's target, and what they hold. */
  blocksScanned: number;
  events: number;
  sessions: number;
  closed: number;
  reads: number;
  lowerBoundRequests: number;
  /** The first backfill (`run` on an empty database), flat as the issue asks for them. */
  requests: number;
  calls: number;
  wallSeconds: number;
  cpuSeconds: number | null;
  peakRssMb: number;
  first: ScaleMeasure;
  /** `run` again after an hour of new blocks in which nothing happened. */
  hourly: ScaleMeasure & { newBlocks: number };
  peer: PeerScale | { skipped: string };
};

/** A backfill of the same history on a shorter chain (fewer, longer blocks), for the peak RSS against the chain's length. */
export type ShortRun = {
  scenario: string;
  limits: string;
  /** Blocks divided by this (on top of --shrink). */
  shorter: number;
  blocksScanned: number;
  first: ScaleMeasure;
};

/** The small chain of the acceptance tests: a cold run's requests per closed session. */
export type AcceptanceRun = { blocks: number; closed: number; first: ScaleMeasure };

/** Both networks in one run, as the publishing workflow's first run makes it (the default configuration). */
export type BothRun = {
  limits: string;
  chains: Array<{ chainId: number; blocksScanned: number; sessions: number; closed: number }>;
  first: ScaleMeasure;
  hourly: ScaleMeasure;
};

export type ScaleReport = {
  runs: ScaleRun[];
  short: ShortRun[];
  both: BothRun | null;
  acceptance: AcceptanceRun | null;
};
