import type { VirtualLimits } from "../../../tooling/virtualChain/virtualLimits.js";
import { resultsFile } from "../benchOptions.js";
import { type BenchReport, fmtInt, formatLocal, formatTargets, seconds } from "../report.js";
import {
  formatGrowth,
  formatScaleRuns,
  formatShapes,
  formatSide,
  hours,
  isPeer,
  minutes,
  times,
} from "../scale/formatScale.js";
import { describeLimits } from "../scale/limitSets.js";
import type { PoolRun } from "../scale/poolRun.js";
import type { PeerScale, ScaleMeasure, ScaleRun, SideRun } from "../scale/scaleTypes.js";
import { summarizeSide } from "../scale/summarizeSide.js";
import { spreadOnAnvil } from "../shapes/anvilShapeRuns.js";
import { forkSection } from "./forkSection.js";
import { figureFile } from "./renderGrowthSvg.js";

const notRun = "Not run in this measurement.";

/**
 * docs/performance.md, generated from the committed results (docs/performance.json) and nothing
 * else (pure: the same report gives the same page; test/repo/performancePage.test.ts checks the
 * committed page against it). `figure`: whether the figure was written beside the page.
 */
export function renderPerformancePage(report: BenchReport, figure: boolean): string {
  const m = report.machine;
  const stamp = `Times in this section: ${report.startedAt.slice(0, 10)}, ${m.cpu} (${m.cores} cores), 1-minute load average ${m.loadAverage.start[0]?.toFixed(2)} when the bench started, ${m.loadAverage.end[0]?.toFixed(2)} when it ended.`;
  const p = report.provenance;
  const day = report.startedAt.slice(0, 10);
  const load = (values: number[]) => values.map((v) => v.toFixed(2)).join(" / ");
  const scale = report.scale;
  const side = scale?.side ?? [];
  const lines: string[] = [
    "# Performance",
    "",
    `<!-- Generated from ${resultsFile} by \`npm run bench -- --render\`; a test fails when the two disagree. Edit scripts/bench/page/, not this page. -->`,
    "",
    "What one run of the bench measured: mor-throughput side by side with [Ponder](https://ponder.sh)",
    "on the same chains behind the same limits, mor-throughput at the real networks' sizes, and on",
    "local chains and large databases. **The ratios are the result**: both tools ran in the same run,",
    "on the same machine, on the same chains. Absolute times are those of that machine on that day.",
    "",
    `Measured on ${day} (started ${report.startedAt.slice(11, 16)} UTC, ${minutes(report.durationMs / 1000)} in all) by \`${report.command}\` at commit \`${p.commit.slice(0, 12)}\`${p.dirty ? " with uncommitted changes" : ""}: mor-throughput ${p.versions.morThroughput}, Ponder ${p.versions.ponder}, Node ${p.versions.node}; ${m.cpu}, ${m.cores} cores, ${m.memoryGiB.toFixed(1)} GiB RAM, ${m.platform}; load average ${load(m.loadAverage.start)} (1, 5, 15 min) at the start, ${load(m.loadAverage.end)} at the end.`,
    "",
    "## Side by side with Ponder",
    "",
  ];
  if (side.length === 0 || !scale) lines.push(notRun);
  else
    lines.push(
      ...sideSection(
        side,
        figure,
        limitsLine(
          scale.limitSets,
          side.map((run) => run.limits),
        ),
      ),
      "",
      stamp,
    );
  lines.push("", "## The real networks' sizes", "");
  if (!scale || (scale.runs.length === 0 && !scale.both)) lines.push(notRun);
  else lines.push(...realSizesSection(report), "", stamp);
  lines.push("", "## Requests on chains of other shapes", "");
  if (!scale || scale.shapes.length + (scale.anvilShapes?.length ?? 0) === 0) lines.push(notRun);
  else lines.push(...shapesSection(scale, stamp));
  lines.push("", "## Several endpoints for one chain", "");
  if (!report.pool) lines.push(notRun);
  else lines.push(...poolSection(report.pool), "", stamp);
  lines.push("", "## A fork's first publication", "");
  if (!report.fork) lines.push(notRun);
  else lines.push(...forkSection(report.fork, stamp));
  lines.push("", "## Local chains and `build`", "");
  const local = formatLocal(report);
  if (local.length === 0) lines.push(notRun);
  else {
    lines.push(
      "The local suite: a cold `sync` of a seeded anvil chain (Ponder beside it on the first), then",
      "`run`s that find nothing new; the build suite: `build` on synthetic databases, and an",
      "incremental `run`.",
      "",
      ...local,
      "",
      stamp,
    );
  }
  lines.push(
    "",
    "## Targets",
    "",
    "The goals of the benchmark issues, as this run measured them (n/a: not measured, or only a",
    "lower bound below the goal).",
    "",
    ...formatTargets(report.targets),
    "",
    "## Reproducing",
    "",
    "```sh",
    `npm run bench -- --record --suite local,build,scale,pool,shapes   # every suite; writes ${resultsFile}, then this page from it`,
    `npm run bench -- --render   # this page again from ${resultsFile}, measuring nothing`,
    "npm run bench -- --suite scale --side-limits none --scenarios base --limits none --no-short --no-shapes   # a shorter look: side by side behind no limits, Base at its real size",
    "npm run -s bench -- --suite scale --json > scale.json   # one suite, the JSON alone on stdout",
    `npm run bench -- --suite shapes --record   # the chains of other shapes alone, put into ${resultsFile} (the rest kept)`,
    `npm run bench -- --suite fork --fork-shrink 10,1 --record   # a fork's first publication alone, with and without --bootstrap (free limits on chains divided by 10, paid at the real sizes), put into ${resultsFile} (the rest kept)`,
    "npm run bench -- --help     # every flag",
    "```",
    "",
    `The last \`--record\` took ${minutes(report.durationMs / 1000)} on the machine above. Wall times move with the`,
    "machine's load; CPU times less; request and call counts not at all.",
  );
  return `${lines.join("\n")}\n`;
}

/** The chains of other shapes: each row says which chain measured it, the section when and where. */
function shapesSection(scale: NonNullable<BenchReport["scale"]>, stamp: string): string[] {
  const apart = scale.shapesMeasured;
  const when = apart
    ? `Measured apart from the rest of this page, on ${apart.startedAt.slice(0, 10)} (started ${apart.startedAt.slice(11, 16)} UTC) by \`${apart.command}\` at commit \`${apart.commit.slice(0, 12)}\`${apart.dirty ? " with uncommitted changes" : ""}; times in this section: ${apart.cpu} (${apart.cores} cores), 1-minute load average ${apart.loadAverage.start[0]?.toFixed(2)} when it started, ${apart.loadAverage.end[0]?.toFixed(2)} when it ended.`
    : stamp;
  const lines = [
    "A cold `run` of chains of about 1,500 sessions shaped to cost requests; the goal is at most one",
    "HTTP request per 50 closed sessions. The chain column says which chain measured the row: the",
    "virtual chain (tooling/virtualChain, a model of a node: it counts the requests it answers), or",
    "anvil (a real EVM node, src/devchain; the history written by writeHistory, the requests counted",
    "by a proxy in front of it; with Multicall3, without it, and without it with `--no-multicall`).",
    "Neither imposes caps, so the lower bound is 2 (a log request, then a read). Request counts do not",
    "depend on the machine or its load; wall times do.",
    "",
    ...formatShapes(scale),
  ];
  if (scale.anvilShapes && scale.anvilShapes.length > 0) lines.push("", spreadOnAnvil);
  lines.push("", when);
  return lines;
}

/** The pool suite: one free endpoint against a pool of them (docs/endpoints.md). */
function poolSection(run: PoolRun): string[] {
  const size = run.shrink === 1 ? "Base's size" : `Base's size divided by ${fmtInt(run.shrink)}`;
  const row = (name: string, measure: ScaleMeasure, requests: string) =>
    `| ${name} | ${minutes(measure.wallMs / 1000)} | ${measure.cpuMs === null ? "n/a" : seconds(measure.cpuMs)} | ${requests} | ${fmtInt(measure.rateLimited)} | ${fmtInt(Math.round(measure.peakRssMb))} MB |`;
  return [
    `A first backfill at ${size} (${fmtInt(run.blocksScanned)} blocks scanned, ${fmtInt(run.sessions)} sessions, ${fmtInt(run.closed)} closed) behind one endpoint with the free-endpoint stand-in's limits, then behind a pool of ${run.endpoints} such endpoints, each with its own limits (\`npm run bench -- --suite pool\`; [endpoints.md](endpoints.md)). Both runs index every session of the range.`,
    "",
    "| endpoints | wall | CPU | HTTP requests | answered 429 | peak RSS |",
    "|---|--:|--:|--:|--:|--:|",
    row("one", run.one, fmtInt(run.one.requests)),
    row(
      `a pool of ${run.endpoints}`,
      run.pool,
      `${fmtInt(run.pool.requests)} (${run.pool.perEndpoint.map((each) => fmtInt(each.requests)).join(" + ")})`,
    ),
    "",
    `One endpoint's backfill took ${times(run.speedup)} as long as the pool's, in the same run.`,
  ];
}

/** "paid" is …; "none" is …: the limit sets named, from their recorded values. */
function limitsLine(sets: Record<string, VirtualLimits>, names: readonly string[]): string {
  return [...new Set(names)]
    .map((name) => `"${name}": ${sets[name] ? describeLimits(sets[name]) : "not recorded"}`)
    .join("; ");
}

function sideSection(side: readonly SideRun[], figure: boolean, limits: string): string[] {
  const summaries = summarizeSide(side);
  const lines: string[] = [];
  const headline = summaries
    .filter((summary) => summary.range)
    .map((summary) => {
      const range = summary.range as NonNullable<typeof summary.range>;
      const span = ([low, high]: [number, number]) =>
        times(low) === times(high) ? times(low) : `${times(low)} to ${times(high)}`;
      return `behind ${summary.limits === "none" ? "no limits" : `the ${summary.limits} limits`}, at ${summary.both.length} lengths, Ponder took ${span(range.wall)} mor-throughput's wall time, sent ${span(range.requests)} its HTTP requests${range.cpu ? ` and used ${span(range.cpu)} its CPU time` : ""}`;
    });
  if (headline.length > 0) lines.push(`**Where both finished: ${headline.join("; ")}.**`, "");
  const runs = [...side].sort((a, b) => a.blocksScanned - b.blocksScanned);
  const first = runs[0] as SideRun;
  const last = runs[runs.length - 1] as SideRun;
  lines.push(
    `Both tools' cold backfill of the same virtual chain, one after the other: Base's (the scale suite's "base" scenario) with its blocks and sessions divided by ${[...new Set(runs.map((run) => fmtInt(run.shrink)))].join(", ")}, from ${fmtInt(first.blocksScanned)} blocks and ${fmtInt(first.sessions)} sessions to ${fmtInt(last.blocksScanned)} blocks and ${fmtInt(last.sessions)} sessions, from the contract's creation block to the same last block. mor-throughput runs \`sync\` (its indexing; \`run\` adds the build); Ponder runs the app of scripts/ponder-app (getSession, getBid and getModel in each event's handler: what mor-throughput reads, per session and per bid) into PGlite, until its /ready says the backfill is done; its tables are checked to hold every session and close. Limits: ${limits}. CPU is the user and system time of each tool's processes.`,
    "",
    ...formatSide(side),
    "",
    "How each tool's cost grows with the chain's length (the same sessions per block at every length):",
    "",
    ...formatGrowth(side),
  );
  if (figure)
    lines.push(
      "",
      `![Wall time and HTTP requests against blocks scanned, both tools](${figureFile.replace("docs/", "")})`,
    );
  return lines;
}

/** What the lower bound of requests counts, and why no run can beat it (lowerBoundRequests.ts). */
const boundText = [
  "The lower bound is the fewest HTTP requests any indexer can send for a run",
  "(scripts/bench/scale/lowerBoundRequests.ts). The sessions of a block range are known only from the",
  "contract's logs, so every block of it is covered by an `eth_getLogs` of at most the range cap:",
  "⌈blocks / range cap⌉ such calls at the least. Each log calls for a view call whose ids only the logs",
  "give: the reads may all travel in one `eth_call` (an aggregate), sent after a log answer came back,",
  "so one call more and two requests at the least. A request carries at most the batch cap of calls.",
  "So the bound is the largest of ⌈(⌈blocks / range cap⌉ + 1) / calls a batch⌉ and 2; without caps, 2;",
  "with no log to read, as an hour in which nothing happened, the largest of ⌈⌈blocks / range cap⌉ /",
  "calls a batch⌉ and 1. It leaves out what an indexer may need besides (the head, the chain id, block",
  "timestamps), so no run can beat it; test/repo/requestBounds.test.ts checks every run these results",
  "hold against it. The next column, one request per range and per batch of reads (⌈blocks / range",
  "cap⌉ + ⌈view calls / calls a batch⌉), is not a bound: it was first called the lower bound of",
  "requests, and the Base goal below was set against it; a run that carries several ranges in one",
  "request, or its reads in one aggregate, does with fewer.",
];

function realSizesSection(report: BenchReport): string[] {
  const scale = report.scale;
  if (!scale) return [];
  const scenarios = [...new Map(scale.runs.map((run) => [run.scenario, run])).values()].map(
    (run) =>
      `"${run.scenario}": chain ${run.chainId}, ${fmtInt(run.blocksScanned)} blocks of ${run.blockTime} s from the contract's creation block (${fmtInt(run.creationBlock)}, found by the search) to the head (${fmtInt(run.head)}), ${fmtInt(run.sessions)} sessions`,
  );
  const lines = [
    `First backfills of virtual chains of the real networks' sizes (tooling/virtualChain): ${scenarios.join("; ")}. Limits: ${limitsLine(
      scale.limitSets,
      scale.runs.map((run) => run.limits),
    )}. The hourly run is \`run\` again after an hour of new blocks in which nothing happened.`,
    "",
    ...boundText,
    "",
    ...formatScaleRuns(scale),
  ];
  const peers = scale.runs.filter((run) => isPeer(run.peer)) as Array<ScaleRun & { peer: PeerScale }>;
  if (peers.length > 0) {
    lines.push(
      "",
      `Ponder is given ${[...new Set(peers.map((run) => minutes(run.peer.budgetSeconds)))].join(", ")} at each of these sizes. Where it does not finish, what it did in that time is measured (events: its own metrics; requests: the virtual chain's count), and so is the ratio's lower bound: it needed more than its budget, so more than its budget over our time. The "projected" column is not a measurement:`,
      "",
    );
    for (const run of peers) {
      const { peer } = run;
      if (peer.projection)
        lines.push(
          `- ${run.scenario}, ${run.limits} limits: ${hours(peer.projection.seconds)} = ${peer.projection.method}.`,
        );
    }
    lines.push(
      "",
      "The call counts include Ponder's log and block fetches, which the need does not: a projection of",
      "this kind assumes the rest of its work goes at the pace of its first minutes. The side-by-side",
      "table above is what was measured end to end.",
    );
  }
  const hourly = scale.runs.map((run) => run.hourly.requests);
  if (hourly.length > 0)
    lines.push(
      "",
      `An hour later, with nothing new: ${[...new Set(hourly)].join(" or ")} requests (${scale.runs.map((run) => `${run.scenario}/${run.limits} ${seconds(run.hourly.wallMs)}`).join(", ")}).`,
    );
  return lines;
}
