import type { ForkReport, ForkRun, ForkStep } from "../fork/forkRun.js";
import { fmtInt } from "../report.js";
import { minutes, times } from "../scale/formatScale.js";
import { describeLimits } from "../scale/limitSets.js";
import type { SectionStamp } from "../scale/scaleTypes.js";

/** A size in kB or MB (2^10, 2^20 bytes). */
export const mb = (bytes: number) =>
  bytes < 2 ** 20 ? `${(bytes / 2 ** 10).toFixed(0)} kB` : `${(bytes / 2 ** 20).toFixed(1)} MB`;
/** A time since a start: seconds or minutes, hours past one. */
export const after = (seconds: number) =>
  seconds < 3600 ? minutes(seconds) : `${(seconds / 3600).toFixed(2)} h`;
const sum = (steps: readonly ForkStep[], pick: (step: ForkStep) => number) =>
  steps.reduce((total, step) => total + pick(step), 0);

/**
 * On the workflow's hourly schedule, when the first complete publication comes: the runs before
 * the last each wait for the next hour; the last one's own time after its start. Derived from the
 * measured runs and the schedule, not measured end to end.
 */
export function firstCompleteAfterSeconds(steps: readonly ForkStep[], intervalSeconds: number): number {
  const last = steps.at(-1);
  if (!last?.caughtUp) throw new Error("no run caught up: no complete publication");
  return (steps.length - 1) * intervalSeconds + last.wallMs / 1000;
}

/** The fork suite's section of docs/performance.md. */
export function forkSection(fork: ForkReport & { measured?: SectionStamp }, stamp: string): string[] {
  const { schedule } = fork;
  const limits = Object.entries(fork.limitSets)
    .map(([name, set]) => `"${name}": ${describeLimits(set)}`)
    .join("; ");
  const lines = [
    "A fork's first complete publication of both networks (the scale suite's virtual chains, at their real sizes or divided as the table says), as the publishing workflow makes it, in one run of `npm run bench -- --suite fork`, behind each limit set one after the other, with and without a snapshot on the same chains:",
    "",
    `- **from the chains**: \`run --time-limit ${schedule.timeLimitSeconds} --update-interval ${schedule.intervalSeconds} --snapshot\` on an empty database, then again after an hour of new blocks, until every chain is caught up;`,
    "- **with `--bootstrap`** (the workflow's `BOOTSTRAP_FROM`): an hour after that site published, `run --bootstrap <site>` with the same flags on another empty database, the site served on this machine: the snapshot fetched and its hash checked, the contract's counters and three hours recomputed from the chains, then the hour of new blocks synced and everything built.",
    "",
    `Limits: ${limits}.${fork.runs.some((run) => run.shrink !== 1) ? " A run on chains divided by n says so: behind the free-endpoint stand-in's limits, a backfill at the real sizes needs several 30-minute runs (Arbitrum's 165 million blocks in 2,000-block ranges at 5 requests a second), hours of bench for one figure." : ""} The run times are measured; the last column is derived from them and the hourly schedule (the runs before the last each wait for the next hour), not measured end to end. The workflow's other steps (npm ci, validate, deploy) are left out of both.`,
    "",
    "| chains | limits | start | runs | run time (measured) | HTTP requests | answered 429 | CPU | peak RSS | first complete publication, on the hourly schedule (derived) |",
    "|---|---|---|--:|--:|--:|--:|--:|--:|--:|",
  ];
  for (const run of fork.runs) lines.push(...rows(run, schedule.intervalSeconds));
  lines.push("");
  for (const run of fork.runs) {
    const backfill = firstCompleteAfterSeconds(run.backfill, schedule.intervalSeconds);
    const bootstrap = run.bootstrap.wallMs / 1000;
    lines.push(
      `- ${run.limits} limits, ${sizeOf(run)}: the first complete publication came ${after(bootstrap)} after the start with \`--bootstrap\` (${run.bootstrap.hoursVerified} hours recomputed from the chains), ${after(backfill)} without it (derived): ${times(backfill / bootstrap)}. The bootstrapped files ${run.sameFiles ? "equal" : "**differ from**"} those of the backfilled deployment's next run at the same head (meta.json's run time and snapshot, and the snapshot itself, left out: each database has its own sync history).`,
    );
  }
  lines.push("");
  for (const run of fork.runs) {
    const rowsByTable = Object.entries(run.snapshot.rows)
      .filter(([, n]) => n > 0)
      .map(([table, n]) => `${table} ${fmtInt(n)}`)
      .join(", ");
    lines.push(
      `- The snapshot the backfill published behind the ${run.limits} limits, ${sizeOf(run)} (\`api/throughput/snapshot.ndjson.gz\`): ${mb(run.snapshot.bytes)}, of a ${mb(run.snapshot.databaseBytes)} database; rows: ${rowsByTable}.`,
    );
  }
  const apart = fork.measured;
  lines.push(
    "",
    apart
      ? `Measured apart from the rest of this page, on ${apart.startedAt.slice(0, 10)} (started ${apart.startedAt.slice(11, 16)} UTC) by \`${apart.command}\` at commit \`${apart.commit.slice(0, 12)}\`${apart.dirty ? " with uncommitted changes" : ""}; times in this section: ${apart.cpu} (${apart.cores} cores), 1-minute load average ${apart.loadAverage.start[0]?.toFixed(2)} when it started, ${apart.loadAverage.end[0]?.toFixed(2)} when it ended.`
      : stamp,
  );
  return lines;
}

/** The chains a run measured, in words. */
export function sizeOf(run: ForkRun): string {
  const chains = run.chains
    .map((chain) => `${chain.chainId}: ${fmtInt(chain.blocks)} blocks, ${fmtInt(chain.sessions)} sessions`)
    .join("; ");
  return `${run.shrink === 1 ? "real sizes" : `divided by ${run.shrink}`} (${chains})`;
}

function rows(run: ForkRun, intervalSeconds: number): string[] {
  const { backfill, bootstrap } = run;
  const walls = backfill.map((step) => minutes(step.wallMs / 1000));
  const cpu = (ms: number | null) => (ms === null ? "" : minutes(ms / 1000));
  const cpuSum = backfill.some((step) => step.cpuMs === null)
    ? null
    : sum(backfill, (step) => step.cpuMs ?? 0);
  return [
    `| ${run.shrink === 1 ? "real sizes" : `÷ ${run.shrink}`} | ${run.limits} | from the chains | ${backfill.length} | ${minutes(sum(backfill, (step) => step.wallMs) / 1000)}${backfill.length > 1 ? ` (${walls.join(" + ")})` : ""} | ${fmtInt(sum(backfill, (step) => step.requests))} | ${fmtInt(sum(backfill, (step) => step.rateLimited))} | ${cpu(cpuSum)} | ${Math.max(...backfill.map((step) => step.peakRssMb)).toFixed(0)} MB | ${after(firstCompleteAfterSeconds(backfill, intervalSeconds))} |`,
    `| ${run.shrink === 1 ? "real sizes" : `÷ ${run.shrink}`} | ${run.limits} | \`--bootstrap\` | 1 | ${minutes(bootstrap.wallMs / 1000)} | ${fmtInt(bootstrap.requests)} | ${fmtInt(bootstrap.rateLimited)} | ${cpu(bootstrap.cpuMs)} | ${bootstrap.peakRssMb.toFixed(0)} MB | ${after(firstCompleteAfterSeconds([bootstrap], intervalSeconds))} |`,
  ];
}
