import { describe, expect, test } from "vitest";
import { formatScaleRuns, formatSide, scaleTargets } from "./formatScale.js";
import { projectPonder } from "./ponderScale.js";
import type { PeerScale, ScaleMeasure, ScaleReport, ScaleRun, SideRun } from "./scaleTypes.js";

const measure = (wallMs: number, requests: number): ScaleMeasure => ({
  wallMs,
  cpuMs: wallMs / 2,
  peakRssMb: 100,
  requests,
  calls: requests * 10,
  rateLimited: 0,
  refusals: 0,
  methods: {},
});

const peer = (finished: boolean): PeerScale => ({
  name: "Ponder",
  version: "0.16.10",
  finished,
  wallSeconds: finished ? 4890 : 301,
  cpuSeconds: 90,
  peakRssMb: 700,
  requests: 2_345,
  calls: 2_400,
  methods: {},
  budgetSeconds: 300,
  events: 399_323,
  eventsIndexed: finished ? 399_323 : 117,
  complete: finished ? true : null,
  ratio: finished ? 100 : 300 / 48.9,
  ratioIsLowerBound: !finished,
  projection: finished ? null : projectPonder({ events: 399_323, eventBlocks: 300_000 }, 2_400, 301),
});

const run = (limits: string, ponder: PeerScale): ScaleRun => ({
  scenario: "base",
  limits,
  chainId: 8453,
  blockTime: 2,
  head: 53_000_000,
  creationBlock: 38_000_000,
  blocksScanned: 15_000_000,
  events: 399_323,
  sessions: 200_000,
  closed: 199_323,
  reads: 200_500,
  lowerBoundRequests: 2,
  oneRequestPerRangeAndBatch: 2,
  requests: 55,
  calls: 1_488,
  wallSeconds: 48.9,
  cpuSeconds: 28.1,
  peakRssMb: 597,
  first: measure(48_900, 55),
  hourly: { ...measure(1500, 5), newBlocks: 1800 },
  peer: ponder,
});

const side = (shrink: number, blocks: number, ours: number, theirs: number | null): SideRun => ({
  limits: "none",
  shrink,
  blocksScanned: blocks,
  sessions: blocks / 75,
  closed: blocks / 76,
  events: blocks / 38,
  mor: {
    finished: true,
    complete: true,
    wallSeconds: ours,
    cpuSeconds: ours,
    peakRssMb: 100,
    requests: 20,
    calls: 200,
  },
  ponder: {
    version: "0.16.10",
    budgetSeconds: 600,
    eventsIndexed: theirs === null ? 50 : blocks / 38,
    finished: theirs !== null,
    complete: theirs === null ? null : true,
    wallSeconds: theirs ?? 601,
    cpuSeconds: theirs ?? 300,
    peakRssMb: 700,
    requests: 1_000,
    calls: 1_100,
  },
});

const report = (runs: ScaleRun[], sides: SideRun[]): ScaleReport => ({
  limitSets: { none: {} },
  side: sides,
  runs,
  short: [],
  both: null,
  shapes: [],
});

describe("the scale suite's tables and targets", () => {
  test("default: Ponder unfinished at a real size: what it did, the lower bound as 'more than', the projection in its own column", () => {
    const lines = formatScaleRuns(report([run("none", peer(false))], []));
    expect(lines[0]).toMatch(
      /\| Ponder in its budget \(measured\) \| Ponder \/ ours \(measured\) \| projected \|$/,
    );
    expect(lines[2]).toContain(
      "| 117 of 399,323 events, 2,345 requests in 5.0 min | more than 6.1× | 52.2 h |",
    );
    expect(lines.join("\n")).not.toContain("\u2265");
  });

  test("behavior: a lower bound below the goal meets nothing and fails nothing; a measured ratio decides", () => {
    const targets = scaleTargets(report([run("none", peer(false)), run("paid", peer(true))], []));
    const ponder = targets.filter((target) => target.measure.startsWith("ahead of Ponder at the real size"));
    expect(ponder.map((target) => [target.measured, target.met])).toEqual([
      ["more than 6.1× (Ponder not finished in its 5.0 min budget)", null],
      ["100×", true],
    ]);
    for (const target of targets) expect(target.target).not.toContain("\u2265 50");
  });

  test("behavior: side by side: ratios where both finished, 'more than' where Ponder did not, and the target from the measured ones", () => {
    const sides = [side(2000, 7_500, 1, 60), side(1000, 15_000, 1.5, 110), side(500, 30_000, 2, null)];
    const lines = formatSide(sides);
    expect(lines[2]).toContain("| 1.0 s | 60.0 s | 60× |");
    expect(lines[4]).toContain("not finished in 10.0 min: 50 of 789 events | more than 300× |");
    const [target] = scaleTargets(report([], sides));
    expect(target).toMatchObject({ measured: "60× to 73×", met: true });
  });

  test("default: the projection: the calls needed at the rate of the calls made, its method in words", () => {
    const projection = projectPonder({ events: 100, eventBlocks: 50 }, 35, 10);
    expect(projection?.callsNeeded).toBe(350);
    expect(projection?.seconds).toBe(100);
    expect(projection?.method).toContain("(35 in 10 s)");
    expect(projectPonder({ events: 100, eventBlocks: 50 }, 0, 10)).toBeNull();
  });
});
