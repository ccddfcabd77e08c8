/** The numbers of one `npm run bench`: printed as a table, written as JSON. */

import type { ForkReport } from "./fork/forkRun.js";
import type { Provenance } from "./provenance.js";
import { formatScale, scaleTargets } from "./scale/formatScale.js";
import type { PoolRun } from "./scale/poolRun.js";
import type { ScaleReport, SectionStamp } from "./scale/scaleTypes.js";

export type Machine = {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  platform: string;
  /** 1, 5 and 15 minute load averages when the bench started and when it ended. */
  loadAverage: { start: number[]; end: number[] };
};

export type RpcCounts = { httpRequests: number; rpcCalls: number; methods: Record<string, number> };

/** Wall time, peak RSS and CPU time (user + system; null where it could not be measured). */
export type ProcessMeasure = { wallMs: number; peakRssMb: number; cpuMs: number | null };

export type ColdRun = {
  /** Sessions asked for; the seeded chain holds `sessions` (a few more: generator rounding). */
  requested: number;
  sessions: number;
  closed: number;
  events: number;
  blocks: number;
  seedMs: number;
  sync: ProcessMeasure & RpcCounts;
  /** `run` right after the sync: nothing new on chain, the first build. */
  firstRun: ProcessMeasure & RpcCounts;
  /** `run` again: nothing new, nothing changed (the cron's steady state). */
  warmRun: ProcessMeasure & RpcCounts;
  peer?: PeerRun;
};

export type PeerRun = ProcessMeasure &
  RpcCounts & {
    name: string;
    version: string;
    installMs: number;
    counts: { sessions: number; closes: number; bids: number; models: number };
    /** The peer's tables hold every session and close of the chain. */
    complete: boolean;
  };

export type BuildRun = ProcessMeasure & {
  closed: number;
  open: number;
  models: number;
  providers: number;
  dbMb: number;
  writeMs: number;
  cached: boolean;
};

export type IncrementalRun = {
  baseClosed: number;
  newSessions: number;
  newBlocks: number;
  run: ProcessMeasure & RpcCounts;
  warmRun: ProcessMeasure & RpcCounts;
};

export type Target = { measure: string; target: string; measured: string; met: boolean | null };

export type BenchReport = {
  benchVersion: 3;
  startedAt: string;
  durationMs: number;
  command: string;
  /** The commit measured and the versions that ran (mor-throughput, Ponder, Node). */
  provenance: Provenance;
  machine: Machine;
  options: object;
  cold: ColdRun[];
  build: BuildRun[];
  incremental: IncrementalRun | null;
  /** The scale suite: first backfills of the real networks' sizes (null when not run). */
  scale: ScaleReport | null;
  /** The pool suite: one endpoint against a pool of three, free-endpoint limits (absent when not run). */
  pool?: PoolRun | null;
  /** The fork suite: a fork's first complete publication with and without --bootstrap (absent when not run). */
  fork?: (ForkReport & { measured?: SectionStamp }) | null;
  targets: Target[];
};

/** Every target of the issue that this run measured (n/a where the size was not run). */
export function evaluateTargets(report: Omit<BenchReport, "targets">): Target[] {
  const targets: Target[] = [];
  const side = report.cold.find((run) => run.peer);
  if (side?.peer) {
    const ratio = side.peer.wallMs / side.sync.wallMs;
    targets.push({
      measure: `cold enriched backfill, side by side (${fmtInt(side.sessions)} sessions)`,
      target: "at least 50× less wall time than Ponder",
      measured: `${ratio.toFixed(0)}×${side.peer.complete ? "" : " (Ponder incomplete)"}`,
      met: side.peer.complete ? ratio >= 50 : null,
    });
  }
  for (const [requested, limitS] of [
    [20_000, 10],
    [200_000, 100],
  ] as const) {
    const run = report.cold.find((cold) => cold.requested === requested);
    targets.push({
      measure: `cold enriched backfill, ${fmtInt(requested)} sessions`,
      target: `< ${limitS} s`,
      measured: run ? withCpu(run.sync) : "not run",
      met: run ? run.sync.wallMs < limitS * 1000 : null,
    });
  }
  for (const run of report.cold) {
    const allowed = run.closed / 50;
    targets.push({
      measure: `HTTP requests to the node, cold backfill of ${fmtInt(run.sessions)} sessions`,
      target: `≤ 1 per 50 closed (${fmtInt(Math.floor(allowed))})`,
      measured: `${fmtInt(run.sync.httpRequests)} (1 per ${fmtInt(Math.round(run.closed / Math.max(1, run.sync.httpRequests)))})`,
      met: run.sync.httpRequests <= allowed,
    });
  }
  for (const run of report.cold) {
    targets.push({
      measure: `warm run, nothing new (${fmtInt(run.sessions)} sessions)`,
      target: "< 1 s",
      measured: withCpu(run.warmRun),
      met: run.warmRun.wallMs < 1000,
    });
  }
  const oneMillion = report.build.find((build) => build.closed === 1_000_000);
  targets.push({
    measure: "build, 1M closed sessions",
    target: "< 2 s, < 300 MB peak RSS",
    measured: oneMillion ? `${withCpu(oneMillion)}, ${oneMillion.peakRssMb.toFixed(0)} MB` : "not run",
    met: oneMillion ? oneMillion.wallMs < 2000 && oneMillion.peakRssMb < 300 : null,
  });
  const tenMillion = report.build.find((build) => build.closed === 10_000_000);
  const growth = oneMillion && tenMillion ? tenMillion.wallMs / oneMillion.wallMs : undefined;
  targets.push({
    measure: "build, 10M closed sessions",
    target: "grows linearly (or better) from 1M: ≤ 10× the 1M time (+20% for noise)",
    measured:
      growth !== undefined && tenMillion
        ? `${withCpu(tenMillion)}: ${growth.toFixed(1)}× the 1M time`
        : "not run",
    met: growth !== undefined ? growth <= 12 : null,
  });
  targets.push(...scaleTargets(report.scale));
  const incremental = report.incremental;
  targets.push({
    measure: incremental
      ? `incremental run (+${fmtInt(incremental.newSessions)} on ${fmtInt(incremental.baseClosed)})`
      : "incremental run (+1,000 on 1M)",
    target: "< 2 s",
    measured: incremental ? withCpu(incremental.run) : "not run",
    met: incremental && incremental.baseClosed === 1_000_000 ? incremental.run.wallMs < 2000 : null,
  });
  return targets;
}

/** The human table: the same numbers as the JSON. */
export function formatReport(report: BenchReport): string {
  const m = report.machine;
  const p = report.provenance;
  const lines: string[] = [];
  lines.push(`mor-throughput bench, ${report.startedAt} (${seconds(report.durationMs)} in all)`);
  lines.push(
    `machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB.toFixed(1)} GiB RAM, Node ${m.node}, ${m.platform}; ` +
      `load average ${m.loadAverage.start.map((v) => v.toFixed(2)).join(" ")} at the start, ` +
      `${m.loadAverage.end.map((v) => v.toFixed(2)).join(" ")} at the end`,
  );
  lines.push(
    `measured: commit ${p.commit.slice(0, 12)}${p.dirty ? " (with uncommitted changes)" : ""}, mor-throughput ${p.versions.morThroughput}, Ponder ${p.versions.ponder}`,
  );
  lines.push(`command: ${report.command}`);
  const local = formatLocal(report);
  if (local.length > 0) lines.push("", ...local);
  if (report.scale) lines.push(...formatScale(report.scale));
  lines.push("", ...formatTargets(report.targets));
  return `${lines.join("\n")}\n`;
}

/** The targets, as a table. */
export function formatTargets(targets: readonly Target[]): string[] {
  return [
    "| target | goal | measured | met |",
    "|---|---|---|---|",
    ...targets.map(
      (target) =>
        `| ${target.measure} | ${target.target} | ${target.measured} | ${target.met === null ? "n/a" : target.met ? "yes" : "NO"} |`,
    ),
  ];
}

/** The local and build suites' table (none when neither ran). */
export function formatLocal(report: BenchReport): string[] {
  const lines: string[] = [];
  const localRows = report.cold.length + report.build.length + (report.incremental ? 1 : 0);
  if (localRows === 0) return lines;
  lines.push("| measure | size | wall | CPU | peak RSS | HTTP requests | RPC calls | note |");
  lines.push("|---|---|--:|--:|--:|--:|--:|---|");
  for (const run of report.cold) {
    const size = `${fmtInt(run.sessions)} sessions (${fmtInt(run.closed)} closed, ${fmtInt(run.events)} events, ${fmtInt(run.blocks)} blocks)`;
    lines.push(
      row(
        "cold enriched backfill: mor-throughput `sync`",
        size,
        run.sync,
        run.sync,
        `chain seeded in ${seconds(run.seedMs)}`,
      ),
    );
    if (run.peer) {
      const p = run.peer;
      const note = `${(p.wallMs / run.sync.wallMs).toFixed(0)}× the wall time, ${(p.httpRequests / Math.max(1, run.sync.httpRequests)).toFixed(0)}× the HTTP requests of mor-throughput${p.complete ? "" : `; INCOMPLETE: ${p.counts.sessions} sessions, ${p.counts.closes} closes indexed`}`;
      lines.push(row(`cold enriched backfill: ${p.name} ${p.version}`, "same chain, same node", p, p, note));
    }
    lines.push(
      row(
        "warm `run`, nothing new",
        size,
        run.warmRun,
        run.warmRun,
        `first run after the sync (first build): ${seconds(run.firstRun.wallMs)}`,
      ),
    );
  }
  for (const build of report.build) {
    lines.push(
      row(
        "`build`",
        `${fmtInt(build.closed)} closed sessions (${build.models} models, ${build.providers} providers, 14 months; ${fmtInt(build.dbMb)} MB database)`,
        build,
        undefined,
        `${(build.wallMs / (build.closed / 1e6)).toFixed(0)} ms per million; database ${build.cached ? "from the cache" : `written in ${seconds(build.writeMs)}`}`,
      ),
    );
  }
  const inc = report.incremental;
  if (inc) {
    lines.push(
      row(
        "incremental `run`",
        `+${fmtInt(inc.newSessions)} sessions (${inc.newBlocks} ${inc.newBlocks === 1 ? "block" : "blocks"}) on ${fmtInt(inc.baseClosed)} closed`,
        inc.run,
        inc.run,
        "sync of the new blocks, then a build of everything",
      ),
    );
    lines.push(
      row(
        "warm `run`, nothing new",
        `${fmtInt(inc.baseClosed + inc.newSessions)} closed`,
        inc.warmRun,
        inc.warmRun,
        "",
      ),
    );
  }
  return lines;
}

function row(
  measure: string,
  size: string,
  process: ProcessMeasure,
  rpc: RpcCounts | undefined,
  note: string,
): string {
  const cpu = process.cpuMs === null ? "" : seconds(process.cpuMs);
  return `| ${measure} | ${size} | ${seconds(process.wallMs)} | ${cpu} | ${process.peakRssMb.toFixed(0)} MB | ${rpc ? fmtInt(rpc.httpRequests) : ""} | ${rpc ? fmtInt(rpc.rpcCalls) : ""} | ${note} |`;
}

/** Wall time, with the CPU time beside it where measured. */
function withCpu(measure: ProcessMeasure): string {
  return measure.cpuMs === null
    ? seconds(measure.wallMs)
    : `${seconds(measure.wallMs)} (CPU ${seconds(measure.cpuMs)})`;
}

export function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(2)} s` : `${(ms / 1000).toFixed(1)} s`;
}

export function fmtInt(value: number): string {
  return Math.round(value).toLocaleString("en-US");
}
