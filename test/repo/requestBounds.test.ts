import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { resultsFile } from "../../scripts/bench/benchOptions.js";
import type { BenchReport } from "../../scripts/bench/report.js";
import {
  lowerBoundRequests,
  oneRequestPerRangeAndBatch,
} from "../../scripts/bench/scale/lowerBoundRequests.js";
import type { VirtualLimits } from "../../tooling/virtualChain/virtualLimits.js";
import { type ScenarioName, scenarioSpec } from "../../tooling/virtualChain/virtualScenarios.js";
import { repoRoot } from "./sourceFiles.js";

/**
 * Issue 30 item 5: every run the committed results (docs/performance.json) hold a request count
 * for sent at least the fewest requests any indexer can send for it (lowerBoundRequests.ts), the
 * bound computed again here from what the results recorded: the blocks the run covered, the logs
 * in them, and the caps of the endpoint (anvil imposes none).
 */
type Checked = { run: string; paths: string[]; requests: number; bound: number };

const none: VirtualLimits = {};

function recordedRuns(report: BenchReport): Checked[] {
  const runs: Checked[] = [];
  const add = (
    run: string,
    paths: string[],
    requests: number,
    blocks: number,
    logs: number,
    limits: VirtualLimits,
  ): void => {
    runs.push({ run, paths, requests, bound: lowerBoundRequests({ blocks, logs, limits }) });
  };
  report.cold.forEach((cold, i) => {
    const at = `cold.${i}`;
    add(
      `local, ${cold.sessions} sessions: sync`,
      [`${at}.sync.httpRequests`],
      cold.sync.httpRequests,
      cold.blocks,
      cold.events,
      none,
    );
    // The runs after the sync find nothing new.
    add(
      `local, ${cold.sessions}: first run`,
      [`${at}.firstRun.httpRequests`],
      cold.firstRun.httpRequests,
      0,
      0,
      none,
    );
    add(
      `local, ${cold.sessions}: warm run`,
      [`${at}.warmRun.httpRequests`],
      cold.warmRun.httpRequests,
      0,
      0,
      none,
    );
    if (cold.peer?.complete)
      add(
        `local, ${cold.sessions}: Ponder`,
        [`${at}.peer.httpRequests`],
        cold.peer.httpRequests,
        cold.blocks,
        cold.events,
        none,
      );
  });
  const incremental = report.incremental;
  if (incremental) {
    // Every new session is opened and closed in the new blocks.
    add(
      "incremental run",
      ["incremental.run.httpRequests"],
      incremental.run.httpRequests,
      incremental.newBlocks,
      incremental.newSessions,
      none,
    );
    add(
      "warm run after it",
      ["incremental.warmRun.httpRequests"],
      incremental.warmRun.httpRequests,
      0,
      0,
      none,
    );
  }
  const scale = report.scale;
  if (scale) {
    const caps = (name: string) => scale.limitSets[name] as VirtualLimits;
    scale.side.forEach((side, i) => {
      const name = `side by side, ${side.blocksScanned} blocks, ${side.limits}`;
      add(
        `${name}: mor-throughput`,
        [`scale.side.${i}.mor.requests`],
        side.mor.requests,
        side.blocksScanned,
        side.events,
        caps(side.limits),
      );
      if (side.ponder?.finished && side.ponder.complete)
        add(
          `${name}: Ponder`,
          [`scale.side.${i}.ponder.requests`],
          side.ponder.requests,
          side.blocksScanned,
          side.events,
          caps(side.limits),
        );
    });
    scale.runs.forEach((run, i) => {
      const at = `scale.runs.${i}`;
      const name = `${run.scenario}, ${run.limits}`;
      add(
        `${name}: first backfill`,
        [`${at}.requests`, `${at}.first.requests`],
        run.first.requests,
        run.blocksScanned,
        run.events,
        caps(run.limits),
      );
      // An hour in which nothing happened: no log to read.
      add(
        `${name}: hourly run`,
        [`${at}.hourly.requests`],
        run.hourly.requests,
        run.hourly.newBlocks,
        0,
        caps(run.limits),
      );
    });
    scale.short.forEach((short, i) => {
      add(
        `${short.scenario}, ${short.shorter}× shorter, ${short.limits}`,
        [`scale.short.${i}.first.requests`],
        short.first.requests,
        short.blocksScanned,
        short.events,
        caps(short.limits),
      );
    });
    const both = scale.both;
    if (both) {
      // Each chain its own endpoint: the requests are the sum of each chain's.
      const chains = both.chains;
      const sum = (each: (chain: (typeof chains)[number]) => number) =>
        chains.reduce((total, chain) => total + each(chain), 0);
      runs.push({
        run: "both in one run: first backfill",
        paths: ["scale.both.first.requests"],
        requests: both.first.requests,
        bound: sum((chain) =>
          lowerBoundRequests({ blocks: chain.blocksScanned, logs: chain.events, limits: caps(both.limits) }),
        ),
      });
      runs.push({
        run: "both in one run: hourly run",
        paths: ["scale.both.hourly.requests"],
        requests: both.hourly.requests,
        bound: sum((chain) =>
          lowerBoundRequests({ blocks: chain.newBlocks, logs: 0, limits: caps(both.limits) }),
        ),
      });
    }
    scale.shapes.forEach((shape, i) => {
      add(
        `shape ${shape.shape}`,
        [`scale.shapes.${i}.first.requests`],
        shape.first.requests,
        shape.blocks,
        shape.sessions + shape.closed,
        shape.limitSet,
      );
    });
  }
  (scale?.anvilShapes ?? []).forEach((shape, i) => {
    add(
      `shape ${shape.shape} on anvil, ${shape.views}`,
      [`scale.anvilShapes.${i}.first.httpRequests`],
      shape.first.httpRequests,
      shape.blocks,
      shape.events,
      none,
    );
  });
  const pool = report.pool;
  if (pool) {
    const logs = pool.events;
    add(
      "pool: one endpoint",
      ["pool.one.requests"],
      pool.one.requests,
      pool.blocksScanned,
      logs,
      pool.limitSet,
    );
    // A request carries at most the batch cap whichever endpoint it goes to: the pool's sum has the same bound.
    add(
      "pool: three endpoints",
      ["pool.pool.requests"],
      pool.pool.requests,
      pool.blocksScanned,
      logs,
      pool.limitSet,
    );
  }
  runs.push(...forkRuns(report));
  return runs;
}

/** The deepest confirmation depth of a preset (Arbitrum One's): no run syncs closer to the head. */
const deepestConfirmations = 240;

/**
 * The fork suite: the hourly runs from the chains together cover each chain from the contract's
 * creation block to its head but the confirmations, with logs in it; the bootstrapped run syncs the
 * hour of blocks after the site's last one (the snapshot's reads and checks come on top). The
 * chains are the scenarios' (their geometry from scenarioSpec, as the suite made them).
 */
function forkRuns(report: BenchReport): Checked[] {
  const fork = report.fork;
  if (!fork) return [];
  return fork.runs.flatMap((run, i) => {
    const specs = fork.scenarios.map((name) => scenarioSpec(name as ScenarioName, { shrink: run.shrink }));
    const limits = fork.limitSets[run.limits] as VirtualLimits;
    const bound = (
      blocksOf: (spec: (typeof specs)[number]) => number,
      logs: (spec: (typeof specs)[number]) => number,
    ) =>
      specs.reduce(
        (sum, spec) => sum + lowerBoundRequests({ blocks: blocksOf(spec), logs: logs(spec), limits }),
        0,
      );
    return [
      {
        run: `fork, ${run.limits}: the hourly runs from the chains`,
        paths: run.backfill.map((_, j) => `fork.runs.${i}.backfill.${j}.requests`),
        requests: run.backfill.reduce((sum, step) => sum + step.requests, 0),
        bound: bound(
          (spec) => spec.head - spec.creationBlock + 1 - deepestConfirmations,
          (spec) => spec.sessions,
        ),
      },
      {
        run: `fork, ${run.limits}: run --bootstrap`,
        paths: [`fork.runs.${i}.bootstrap.requests`],
        requests: run.bootstrap.requests,
        bound: bound(
          (spec) => Math.round(fork.schedule.intervalSeconds / spec.blockTime),
          () => 0,
        ),
      },
    ];
  });
}

/** Every request count in the results, by path (a.b.0.requests). */
function requestPaths(value: unknown, at: string[] = []): string[] {
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    (key === "requests" || key === "httpRequests") && typeof inner === "number"
      ? [[...at, key].join(".")]
      : requestPaths(inner, [...at, key]),
  );
}

/** Counts with no bound of their own, and why. */
const unbounded: Array<[RegExp, string]> = [
  [/^scale\.runs\.\d+\.peer\.requests$/, "Ponder within its budget: it did not index the whole range"],
  [
    /^pool\.pool\.perEndpoint\.\d+\.requests$/,
    "one endpoint's share of the pool's requests, bounded as a sum",
  ],
];

describe("the committed results against the lower bound of requests", () => {
  const report = JSON.parse(readFileSync(join(repoRoot, resultsFile), "utf8")) as BenchReport;
  const runs = recordedRuns(report);

  test("default: every recorded run sent at least its lower bound of requests", () => {
    const below = runs.filter((run) => run.requests < run.bound);
    expect(below).toEqual([]);
    expect(runs.length).toBeGreaterThan(0);
  });

  test("default: every request count in the results is checked, or its exception says why", () => {
    const checked = new Set(runs.flatMap((run) => run.paths));
    const missed = requestPaths(report).filter(
      (path) => !checked.has(path) && !unbounded.some(([pattern]) => pattern.test(path)),
    );
    expect(missed).toEqual([]);
  });

  test("default: the bound and the figure the scale table shows are those of the recorded inputs", () => {
    for (const run of report.scale?.runs ?? []) {
      const limits = report.scale?.limitSets[run.limits] as VirtualLimits;
      expect(run.lowerBoundRequests).toBe(
        lowerBoundRequests({ blocks: run.blocksScanned, logs: run.events, limits }),
      );
      expect(run.oneRequestPerRangeAndBatch).toBe(
        oneRequestPerRangeAndBatch(run.blocksScanned, run.reads, limits),
      );
    }
  });
});
