import type { VirtualLimits } from "../../../tooling/virtualChain/virtualLimits.js";
import type { Target } from "../report.js";
import { fmtInt, seconds } from "../report.js";
import { lowerBoundRequests } from "./lowerBoundRequests.js";
import type { PeerScale, ScaleReport, ScaleRun, SideRun } from "./scaleTypes.js";
import { ratiosOf, summarizeSide } from "./summarizeSide.js";

export const isPeer = (peer: ScaleRun["peer"]): peer is PeerScale => "name" in peer;
export const minutes = (s: number) => (s < 120 ? `${s.toFixed(1)} s` : `${(s / 60).toFixed(1)} min`);
export const hours = (s: number) => (s < 7200 ? minutes(s) : `${(s / 3600).toFixed(1)} h`);
/** A ratio: one decimal below 10, none above. */
export const times = (ratio: number) => `${ratio < 10 ? ratio.toFixed(1) : fmtInt(ratio)}×`;
const cpuOf = (s: number | null) => (s === null ? "" : seconds(s * 1000));

/** Side by side with Ponder: one row per chain length and limit set. */
export function formatSide(side: readonly SideRun[]): string[] {
  if (side.length === 0) return [];
  const lines = [
    "| limits | blocks scanned | sessions (closed) | wall: mor-throughput | wall: Ponder | Ponder / ours | requests: mor-throughput | requests: Ponder | Ponder / ours | CPU: mor-throughput | CPU: Ponder | Ponder / ours |",
    "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
  ];
  for (const run of side) {
    const { mor, ponder } = run;
    const size = `| ${run.limits} | ${fmtInt(run.blocksScanned)} | ${fmtInt(run.sessions)} (${fmtInt(run.closed)}) |`;
    if (!ponder) {
      const why = run.ponderError ? `failed: ${run.ponderError.slice(0, 80)}` : "not run";
      lines.push(
        `${size} ${minutes(mor.wallSeconds)} | ${why} | | ${fmtInt(mor.requests)} | | | ${cpuOf(mor.cpuSeconds)} | | |`,
      );
      continue;
    }
    if (!ponder.finished) {
      // Measured: it needed more than its budget, so more than budget / ours.
      lines.push(
        `${size} ${minutes(mor.wallSeconds)} | not finished in ${minutes(ponder.budgetSeconds)}: ${fmtInt(ponder.eventsIndexed)} of ${fmtInt(run.events)} events | more than ${times(ponder.budgetSeconds / mor.wallSeconds)} | ${fmtInt(mor.requests)} | more than ${fmtInt(ponder.requests)} | more than ${times(ponder.requests / Math.max(1, mor.requests))} | ${cpuOf(mor.cpuSeconds)} | more than ${cpuOf(ponder.cpuSeconds)} | |`,
      );
      continue;
    }
    const ratio = ratiosOf(mor, ponder);
    const incomplete = ponder.complete ? "" : " (INCOMPLETE)";
    lines.push(
      `${size} ${minutes(mor.wallSeconds)} | ${minutes(ponder.wallSeconds)}${incomplete} | ${times(ratio.wall)} | ${fmtInt(mor.requests)} | ${fmtInt(ponder.requests)} | ${times(ratio.requests)} | ${cpuOf(mor.cpuSeconds)} | ${cpuOf(ponder.cpuSeconds)} | ${ratio.cpu === null ? "" : times(ratio.cpu)} |`,
    );
  }
  return lines;
}

/** How each tool's cost grew with the chain's length, per limit set: one line each. */
export function formatGrowth(side: readonly SideRun[]): string[] {
  const lines: string[] = [];
  for (const summary of summarizeSide(side)) {
    const { mor, ponder } = summary.growth;
    if (summary.both.length < 2 || mor.wall === null || ponder.wall === null) continue;
    const doubling = (k: number | null) => (k === null ? "n/a" : `${(2 ** k).toFixed(2)}×`);
    const first = summary.both[0] as SideRun;
    const last = summary.both[summary.both.length - 1] as SideRun;
    lines.push(
      `- ${summary.limits} limits, ${summary.both.length} lengths from ${fmtInt(first.blocksScanned)} to ${fmtInt(last.blocksScanned)} blocks: doubling the chain multiplied mor-throughput's wall time by ${doubling(mor.wall)}, requests by ${doubling(mor.requests)}, CPU by ${doubling(mor.cpu)}; Ponder's by ${doubling(ponder.wall)}, ${doubling(ponder.requests)} and ${doubling(ponder.cpu)} (least-squares slopes of log cost over log length: ${fmtK(mor.wall)}, ${fmtK(mor.requests)}, ${fmtK(mor.cpu)} against ${fmtK(ponder.wall)}, ${fmtK(ponder.requests)}, ${fmtK(ponder.cpu)}).`,
    );
  }
  return lines;
}

const fmtK = (k: number | null) => (k === null ? "n/a" : k.toFixed(2));

/** The real networks' sizes: first backfills, hourly runs, Ponder within its budget. */
export function formatScaleRuns(scale: ScaleReport): string[] {
  const lines: string[] = [
    "| scenario | limits | blocks scanned | sessions (closed) | requests | lower bound | one per range and per batch of reads | calls | wall | CPU | peak RSS | hourly run: requests, wall | Ponder in its budget (measured) | Ponder / ours (measured) | projected |",
    "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|---|---|---|",
  ];
  for (const run of scale.runs) {
    const peer = isPeer(run.peer) ? peerCells(run.peer) : [run.peer.skipped, "", ""];
    lines.push(
      `| ${run.scenario} | ${run.limits} | ${fmtInt(run.blocksScanned)} | ${fmtInt(run.sessions)} (${fmtInt(run.closed)}) | ${fmtInt(run.requests)} | ${fmtInt(run.lowerBoundRequests)} | ${fmtInt(run.oneRequestPerRangeAndBatch)} | ${fmtInt(run.calls)} | ${minutes(run.wallSeconds)} | ${cpuOf(run.cpuSeconds)} | ${run.peakRssMb.toFixed(0)} MB | ${run.hourly.requests}, ${seconds(run.hourly.wallMs)} | ${peer.join(" | ")} |`,
    );
  }
  const caps = (name: string): VirtualLimits => scale.limitSets[name] ?? {};
  for (const short of scale.short) {
    const bound = lowerBoundRequests({
      blocks: short.blocksScanned,
      logs: short.events,
      limits: caps(short.limits),
    });
    lines.push(
      `| ${short.scenario}, ${short.shorter}× shorter | ${short.limits} | ${fmtInt(short.blocksScanned)} | ${fmtInt(short.sessions)} (${fmtInt(short.closed)}) | ${fmtInt(short.first.requests)} | ${fmtInt(bound)} | | ${fmtInt(short.first.calls)} | ${minutes(short.first.wallMs / 1000)} | ${short.first.cpuMs === null ? "" : seconds(short.first.cpuMs)} | ${short.first.peakRssMb.toFixed(0)} MB | | | | |`,
    );
  }
  const both = scale.both;
  if (both) {
    const closed = both.chains.reduce((sum, chain) => sum + chain.closed, 0);
    const sessions = both.chains.reduce((sum, chain) => sum + chain.sessions, 0);
    const blocks = both.chains.reduce((sum, chain) => sum + chain.blocksScanned, 0);
    lines.push(
      `| both in one run | ${both.limits} | ${fmtInt(blocks)} | ${fmtInt(sessions)} (${fmtInt(closed)}) | ${fmtInt(both.first.requests)} | ${fmtInt(bothBound(both, caps(both.limits)))} | | ${fmtInt(both.first.calls)} | ${minutes(both.first.wallMs / 1000)} | ${both.first.cpuMs === null ? "" : seconds(both.first.cpuMs)} | ${both.first.peakRssMb.toFixed(0)} MB | ${both.hourly.requests}, ${seconds(both.hourly.wallMs)} | | | |`,
    );
  }
  return scale.runs.length + scale.short.length + (both ? 1 : 0) > 0 ? lines : [];
}

/** Both chains in one run, each its own endpoint: the sum of each chain's bound. */
export function bothBound(both: NonNullable<ScaleReport["both"]>, limits: VirtualLimits): number {
  return both.chains.reduce(
    (sum, chain) => sum + lowerBoundRequests({ blocks: chain.blocksScanned, logs: chain.events, limits }),
    0,
  );
}

/** Ponder's cells: what it did in its budget, the measured ratio (a lower bound if unfinished), the projection. */
function peerCells(peer: PeerScale): [string, string, string] {
  const done = peer.finished
    ? `finished in ${minutes(peer.wallSeconds)}, ${fmtInt(peer.requests)} requests${peer.complete ? "" : " (INCOMPLETE)"}`
    : `${fmtInt(peer.eventsIndexed)} of ${fmtInt(peer.events)} events, ${fmtInt(peer.requests)} requests in ${minutes(peer.budgetSeconds)}`;
  const ratio = peer.ratioIsLowerBound ? `more than ${times(peer.ratio)}` : times(peer.ratio);
  return [done, ratio, peer.projection ? hours(peer.projection.seconds) : ""];
}

/** Chains of other shapes: a cold run's requests per closed session. */
export function formatShapes(scale: ScaleReport): string[] {
  const anvil = scale.anvilShapes ?? [];
  if (scale.shapes.length + anvil.length === 0) return [];
  const lines = [
    "| chain | shape | blocks | sessions (closed) | view calls | requests | lower bound | closed sessions per request | calls | wall |",
    "|---|---|--:|--:|---|--:|--:|--:|--:|--:|",
  ];
  for (const shape of scale.shapes) {
    const bound = lowerBoundRequests({
      blocks: shape.blocks,
      logs: shape.sessions + shape.closed,
      limits: shape.limitSet,
    });
    lines.push(
      `| virtual chain | ${shape.shape}: ${shape.description} | ${fmtInt(shape.blocks)} | ${fmtInt(shape.sessions)} (${fmtInt(shape.closed)}) | ${shape.reader} | ${fmtInt(shape.first.requests)} | ${fmtInt(bound)} | ${fmtInt(shape.closed / Math.max(1, shape.first.requests))} | ${fmtInt(shape.first.calls)} | ${seconds(shape.first.wallMs)} |`,
    );
  }
  for (const shape of anvil) {
    const { first } = shape;
    const bound = lowerBoundRequests({ blocks: shape.blocks, logs: shape.events, limits: {} });
    lines.push(
      `| anvil | ${shape.shape}, ${shape.views}: ${shape.description} | ${fmtInt(shape.blocks)} | ${fmtInt(shape.sessions)} (${fmtInt(shape.closed)}) | ${shape.reader} | ${fmtInt(first.httpRequests)} | ${fmtInt(bound)} | ${fmtInt(shape.closed / Math.max(1, first.httpRequests))} | ${fmtInt(first.rpcCalls)} | ${seconds(first.wallMs)} |`,
    );
  }
  return lines;
}

/** The scale suite's tables, as printed. */
export function formatScale(scale: ScaleReport): string[] {
  const sections = [
    formatSide(scale.side),
    formatGrowth(scale.side),
    formatScaleRuns(scale),
    formatShapes(scale),
  ];
  return sections.flatMap((section) => (section.length > 0 ? ["", ...section] : []));
}

/** The targets for the scale suite (n/a where a scenario or limit set was not run). */
export function scaleTargets(scale: ScaleReport | null): Target[] {
  if (!scale) return [];
  const targets: Target[] = [];
  for (const summary of summarizeSide(scale.side)) {
    const range = summary.range;
    const ran = scale.side.some((run) => run.limits === summary.limits && run.ponder !== null);
    targets.push({
      measure: `ahead of Ponder side by side, where both finished (${summary.limits} limits, ${summary.both.length} lengths)`,
      target: "at least 50× less wall time",
      measured: range
        ? `${times(range.wall[0])} to ${times(range.wall[1])}`
        : ran
          ? "Ponder finished at no length"
          : "Ponder not run",
      met: range ? range.wall[0] >= 50 : null,
    });
  }
  const find = (scenario: string, limits: string) =>
    scale.runs.find((run) => run.scenario === scenario && run.limits === limits);
  const base = find("base", "paid");
  targets.push({
    measure: "Base today behind a paid endpoint: first backfill",
    // The goal was set against this figure when it was called the lower bound; it is not one.
    target:
      "≤ 10 min and ≤ 1.5 × one request per range and per batch of reads (the goal as set, against the figure once called the lower bound of requests)",
    measured: base
      ? `${minutes(base.wallSeconds)}, ${fmtInt(base.requests)} requests (${(base.requests / base.oneRequestPerRangeAndBatch).toFixed(2)} × ${fmtInt(base.oneRequestPerRangeAndBatch)}; ${times(base.requests / base.lowerBoundRequests)} the lower bound, ${fmtInt(base.lowerBoundRequests)})`
      : "not run",
    met: base ? base.wallSeconds <= 600 && base.requests <= 1.5 * base.oneRequestPerRangeAndBatch : null,
  });
  const arbitrum = find("arbitrum", "paid");
  targets.push({
    measure: "Arbitrum history behind a paid endpoint: first backfill",
    target: "≤ 30 min",
    measured: arbitrum ? minutes(arbitrum.wallSeconds) : "not run",
    met: arbitrum ? arbitrum.wallSeconds <= 1800 : null,
  });
  for (const run of scale.runs) {
    targets.push({
      measure: `hourly run when nothing happened (${run.scenario}, ${run.limits} limits)`,
      target: "≤ 5 requests",
      measured: `${run.hourly.requests} requests`,
      met: run.hourly.requests <= 5,
    });
  }
  for (const run of scale.runs) {
    if (!isPeer(run.peer)) continue;
    const { peer } = run;
    // Only a measurement decides: a lower bound past the goal meets it; one below it says nothing.
    targets.push({
      measure: `ahead of Ponder at the real size (${run.scenario}, ${run.limits} limits)`,
      target: "at least 50× less wall time",
      measured: peer.ratioIsLowerBound
        ? `more than ${times(peer.ratio)} (Ponder not finished in its ${minutes(peer.budgetSeconds)} budget)`
        : times(peer.ratio),
      met: peer.ratio >= 50 ? true : peer.ratioIsLowerBound ? null : false,
    });
  }
  for (const shape of scale.shapes) {
    targets.push({
      measure: `cold run, ${shape.shape} on the virtual chain (${fmtInt(shape.closed)} closed sessions)`,
      target: "≤ 1 request per 50 closed sessions",
      measured: `${shape.first.requests} requests (1 per ${fmtInt(shape.closed / Math.max(1, shape.first.requests))})`,
      met: shape.first.requests * 50 <= shape.closed,
    });
  }
  for (const shape of scale.anvilShapes ?? []) {
    const requests = shape.first.httpRequests;
    targets.push({
      measure: `cold run, ${shape.shape} on anvil, ${shape.views} (${fmtInt(shape.closed)} closed sessions)`,
      target: "≤ 1 request per 50 closed sessions",
      measured: `${requests} requests (1 per ${fmtInt(shape.closed / Math.max(1, requests))})`,
      met: requests * 50 <= shape.closed,
    });
  }
  for (const short of scale.short) {
    const full = find(short.scenario, short.limits);
    if (!full) continue;
    targets.push({
      measure: `peak RSS flat in chain length (${short.scenario}, ${short.limits} limits)`,
      target: `≤ 1.5 × that of a chain ${short.shorter} times shorter`,
      measured: `${full.peakRssMb.toFixed(0)} MB against ${short.first.peakRssMb.toFixed(0)} MB (${(full.peakRssMb / short.first.peakRssMb).toFixed(2)}×)`,
      met: full.peakRssMb <= 1.5 * short.first.peakRssMb,
    });
  }
  return targets;
}
