import type { Target } from "../report.js";
import { fmtInt, seconds } from "../report.js";
import type { PeerScale, ScaleReport, ScaleRun } from "./scaleTypes.js";

const isPeer = (peer: ScaleRun["peer"]): peer is PeerScale => "name" in peer;
const minutes = (s: number) => (s < 120 ? `${s.toFixed(1)} s` : `${(s / 60).toFixed(1)} min`);

/** The scale suite's tables: first backfills and hourly runs, Ponder beside them. */
export function formatScale(scale: ScaleReport): string[] {
  const lines: string[] = [];
  lines.push("");
  lines.push(
    "| scenario | limits | blocks scanned | sessions (closed) | requests | lower bound | calls | wall | CPU | peak RSS | hourly run: requests, wall | Ponder |",
  );
  lines.push("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|---|---|");
  for (const run of scale.runs) {
    const cpu = run.cpuSeconds === null ? "" : seconds(run.cpuSeconds * 1000);
    const peer = isPeer(run.peer)
      ? run.peer.finished
        ? `${minutes(run.peer.wallSeconds)}, ${fmtInt(run.peer.requests)} requests: ${run.peer.factor?.toFixed(0)}× ours`
        : `${run.peer.reason}: ≥ ${run.peer.factor?.toFixed(0)}× ours`
      : run.peer.skipped;
    lines.push(
      `| ${run.scenario} | ${run.limits} | ${fmtInt(run.blocksScanned)} | ${fmtInt(run.sessions)} (${fmtInt(run.closed)}) | ${fmtInt(run.requests)} | ${fmtInt(run.lowerBoundRequests)} | ${fmtInt(run.calls)} | ${minutes(run.wallSeconds)} | ${cpu} | ${run.peakRssMb.toFixed(0)} MB | ${run.hourly.requests}, ${seconds(run.hourly.wallMs)} | ${peer} |`,
    );
  }
  for (const short of scale.short) {
    lines.push(
      `| ${short.scenario}, ${short.shorter}× shorter | ${short.limits} | ${fmtInt(short.blocksScanned)} | | ${fmtInt(short.first.requests)} | | ${fmtInt(short.first.calls)} | ${minutes(short.first.wallMs / 1000)} | ${short.first.cpuMs === null ? "" : seconds(short.first.cpuMs)} | ${short.first.peakRssMb.toFixed(0)} MB | | |`,
    );
  }
  const both = scale.both;
  if (both) {
    const closed = both.chains.reduce((sum, chain) => sum + chain.closed, 0);
    const sessions = both.chains.reduce((sum, chain) => sum + chain.sessions, 0);
    const blocks = both.chains.reduce((sum, chain) => sum + chain.blocksScanned, 0);
    lines.push(
      `| both in one run | ${both.limits} | ${fmtInt(blocks)} | ${fmtInt(sessions)} (${fmtInt(closed)}) | ${fmtInt(both.first.requests)} | | ${fmtInt(both.first.calls)} | ${minutes(both.first.wallMs / 1000)} | ${both.first.cpuMs === null ? "" : seconds(both.first.cpuMs)} | ${both.first.peakRssMb.toFixed(0)} MB | ${both.hourly.requests}, ${seconds(both.hourly.wallMs)} | |`,
    );
  }
  const acceptance = scale.acceptance;
  if (acceptance) {
    lines.push(
      `| acceptance chain | none | ${fmtInt(acceptance.blocks)} | (${fmtInt(acceptance.closed)}) | ${fmtInt(acceptance.first.requests)} | | ${fmtInt(acceptance.first.calls)} | ${seconds(acceptance.first.wallMs)} | ${acceptance.first.cpuMs === null ? "" : seconds(acceptance.first.cpuMs)} | ${acceptance.first.peakRssMb.toFixed(0)} MB | | |`,
    );
  }
  return lines;
}

/** The targets for the scale suite (n/a where a scenario or limit set was not run). */
export function scaleTargets(scale: ScaleReport | null): Target[] {
  if (!scale) return [];
  const targets: Target[] = [];
  const find = (scenario: string, limits: string) =>
    scale.runs.find((run) => run.scenario === scenario && run.limits === limits);
  const base = find("base", "paid");
  targets.push({
    measure: "Base today behind a paid endpoint: first backfill",
    target: "≤ 10 min and ≤ 1.5 × the lower bound of requests",
    measured: base
      ? `${minutes(base.wallSeconds)}, ${fmtInt(base.requests)} requests (${(base.requests / base.lowerBoundRequests).toFixed(2)} × ${fmtInt(base.lowerBoundRequests)})`
      : "not run",
    met: base ? base.wallSeconds <= 600 && base.requests <= 1.5 * base.lowerBoundRequests : null,
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
    targets.push({
      measure: `ahead of Ponder (${run.scenario}, ${run.limits} limits)`,
      target: "≥ 50×",
      measured: `${run.peer.finished || run.peer.projectedSeconds !== null ? "" : "≥ "}${run.peer.factor?.toFixed(0)}×${run.peer.finished ? "" : " (projected)"}`,
      met: run.peer.factor !== null ? run.peer.factor >= 50 : null,
    });
  }
  const acceptance = scale.acceptance;
  targets.push({
    measure: "cold run of the acceptance chain",
    target: "≤ 1 request per 50 closed sessions",
    measured: acceptance
      ? `${acceptance.first.requests} requests for ${fmtInt(acceptance.closed)} closed (1 per ${Math.round(acceptance.closed / Math.max(1, acceptance.first.requests))})`
      : "not run",
    met: acceptance ? acceptance.first.requests * 50 <= acceptance.closed : null,
  });
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
