import { growthExponent } from "./growth.js";
import type { SideMeasure, SideRun } from "./scaleTypes.js";

/** Ponder's figure over ours for one measure (wall, requests, CPU). */
export type SideRatios = { wall: number; requests: number; cpu: number | null };

/** The exponent k of cost ∝ length^k for each measure of one tool (null: too few sizes). */
export type SideGrowth = { wall: number | null; requests: number | null; cpu: number | null };

/** One limit set's side-by-side runs: where both finished, the ratios and how each tool grew. */
export type SideSummary = {
  limits: string;
  /** Runs where both tools finished (and indexed everything), by growing length. */
  both: SideRun[];
  ratios: SideRatios[];
  /** Smallest and largest ratio over those runs. */
  range: { wall: [number, number]; requests: [number, number]; cpu: [number, number] | null } | null;
  growth: { mor: SideGrowth; ponder: SideGrowth };
};

const bothFinished = (run: SideRun) =>
  run.mor.finished &&
  run.mor.complete === true &&
  run.ponder?.finished === true &&
  run.ponder.complete === true;

/** Per limit set, in the order first run (pure). */
export function summarizeSide(side: readonly SideRun[]): SideSummary[] {
  const limitSets = [...new Set(side.map((run) => run.limits))];
  return limitSets.map((limits) => {
    const both = side
      .filter((run) => run.limits === limits && bothFinished(run))
      .sort((a, b) => a.blocksScanned - b.blocksScanned);
    const ratios = both.map((run) => ratiosOf(run.mor, run.ponder as SideMeasure));
    const span = (values: number[]): [number, number] => [Math.min(...values), Math.max(...values)];
    const cpus = ratios.map((ratio) => ratio.cpu).filter((cpu): cpu is number => cpu !== null);
    const grow = (tool: (run: SideRun) => SideMeasure): SideGrowth => {
      const of = (cost: (measure: SideMeasure) => number | null) =>
        growthExponent(both.map((run) => ({ length: run.blocksScanned, cost: cost(tool(run)) ?? 0 })));
      return {
        wall: of((m) => m.wallSeconds),
        requests: of((m) => m.requests),
        cpu: of((m) => m.cpuSeconds),
      };
    };
    return {
      limits,
      both,
      ratios,
      range:
        ratios.length === 0
          ? null
          : {
              wall: span(ratios.map((ratio) => ratio.wall)),
              requests: span(ratios.map((ratio) => ratio.requests)),
              cpu: cpus.length === ratios.length ? span(cpus) : null,
            },
      growth: { mor: grow((run) => run.mor), ponder: grow((run) => run.ponder as SideMeasure) },
    };
  });
}

export function ratiosOf(mor: SideMeasure, ponder: SideMeasure): SideRatios {
  return {
    wall: ponder.wallSeconds / mor.wallSeconds,
    requests: ponder.requests / Math.max(1, mor.requests),
    cpu: ponder.cpuSeconds !== null && mor.cpuSeconds ? ponder.cpuSeconds / mor.cpuSeconds : null,
  };
}
