import type { VirtualLimits } from "../../../tooling/virtualChain/virtualLimits.js";
import type { ProcessMeasure } from "../report.js";
import type { AnvilShapeRun } from "../shapes/anvilShapeRuns.js";

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

/**
 * Ponder's first backfill of a scenario within its time budget: what it got done, measured; where
 * it did not finish, the lower bound its budget gives, and (apart, not measured) a projection.
 */
export type PeerScale = {
  name: string;
  version: string;
  finished: boolean;
  /** Its wall time: to /ready when it finished, else its budget (and a little). */
  wallSeconds: number;
  cpuSeconds: number;
  peakRssMb: number;
  requests: number;
  calls: number;
  methods: Record<string, number>;
  budgetSeconds: number;
  /** Events in the range, and those Ponder indexed (its own metric, ponder_indexing_completed_events). */
  events: number;
  eventsIndexed: number;
  /** A finished Ponder's tables hold every session and close of the range (null: not finished). */
  complete: boolean | null;
  /**
   * Measured: Ponder's wall time over ours when it finished; else its budget over ours, a lower
   * bound (it took longer than its budget).
   */
  ratio: number;
  ratioIsLowerBound: boolean;
  /** Not a measurement; only where Ponder did not finish. */
  projection: PeerProjection | null;
};

/**
 * The calls Ponder's app needs at the least (a block for each block holding a log; getSession,
 * getBid and getModel for each event) at the rate the virtual chain counted Ponder's calls during
 * its budget. Its calls in the budget include its log and block fetches, which the app's need does
 * not count: the rate is that of all its calls, the need that of the app's least.
 */
export type PeerProjection = {
  seconds: number;
  callsNeeded: number;
  callsMade: number;
  method: string;
};

/** One tool's cold backfill of a chain, side by side. */
export type SideMeasure = {
  finished: boolean;
  /** Every session and close of the range indexed (null: not finished). */
  complete: boolean | null;
  wallSeconds: number;
  cpuSeconds: number | null;
  peakRssMb: number;
  requests: number;
  calls: number;
};

/**
 * mor-throughput's `sync` and Ponder on the same virtual chain (Base's, divided by `shrink`),
 * behind the same limits, one after the other, from the contract's creation block to the same
 * last block.
 */
export type SideRun = {
  limits: string;
  shrink: number;
  blocksScanned: number;
  sessions: number;
  closed: number;
  events: number;
  mor: SideMeasure;
  /** Null: not run (--no-peer, or it did not finish at a shorter length), or it failed (`ponderError`). */
  ponder: (SideMeasure & { version: string; budgetSeconds: number; eventsIndexed: number }) | null;
  ponderError?: string;
};

/** A chain of another shape: a cold run's requests per closed session (the request economy). */
export type ShapeRun = {
  shape: string;
  description: string;
  blocks: number;
  sessions: number;
  closed: number;
  /** How view calls travelled: multicall, deployless or batch. */
  reader: string;
  /** The caps the chain imposed (none: {}). */
  limitSet: VirtualLimits;
  first: ScaleMeasure;
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
  /** The fewest requests any indexer can send for this run (lowerBoundRequests.ts). */
  lowerBoundRequests: number;
  /** Not a bound: one request per range and per batch of reads (the figure the request goal was first stated against). */
  oneRequestPerRangeAndBatch: number;
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
  sessions: number;
  closed: number;
  /** SessionOpened and SessionClosed logs in the blocks scanned. */
  events: number;
  first: ScaleMeasure;
};

/** Both networks in one run, as the publishing workflow's first run makes it (the default configuration). */
export type BothRun = {
  limits: string;
  /** Each chain's first backfill (events: its logs) and the blocks of the hour after it. */
  chains: Array<{
    chainId: number;
    blocksScanned: number;
    sessions: number;
    closed: number;
    events: number;
    newBlocks: number;
  }>;
  first: ScaleMeasure;
  hourly: ScaleMeasure;
};

export type ScaleReport = {
  /** The limit sets this run used, by name, as the virtual chains imposed them. */
  limitSets: Record<string, VirtualLimits>;
  side: SideRun[];
  runs: ScaleRun[];
  short: ShortRun[];
  both: BothRun | null;
  shapes: ShapeRun[];
  /** The acceptance and busy-start shapes on anvil (absent in results recorded before them). */
  anvilShapes?: AnvilShapeRun[];
  /** Where the shapes were recorded apart from the rest (`--suite shapes --record`): when, where, under what load. */
  shapesMeasured?: SectionStamp;
};

/** When, where and under what load one section was measured, when not by the report's own run. */
export type SectionStamp = {
  startedAt: string;
  command: string;
  commit: string;
  dirty: boolean;
  cpu: string;
  cores: number;
  loadAverage: { start: number[]; end: number[] };
};
