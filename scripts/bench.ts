// `npm run bench`: mor-throughput against Ponder on the same chain, then alone at growing sizes
// (local suite); `build` on synthetic databases of 100k to 10M closed sessions and an incremental
// run (build suite); first backfills of the real networks' sizes on virtual chains (scale suite).
// Prints a table (stdout) and, with --json, the same numbers as JSON. Progress goes to stderr.
// Run through `npm run bench -- [flags]`; see --help.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { freemem, loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { BenchContext } from "./bench/benchContext.js";
import { BenchUsageError, pageFile, parseBenchOptions, resultsFile, usage } from "./bench/benchOptions.js";
import { buildSuite } from "./bench/buildSuite.js";
import { type ForkReport, forkRun } from "./bench/fork/forkRun.js";
import { localSuite } from "./bench/localSuite.js";
import { machine } from "./bench/machine.js";
import { forkFigures, forkFiguresFile, withForkFigures } from "./bench/page/forkFigures.js";
import { figureFile, renderGrowthSvg } from "./bench/page/renderGrowthSvg.js";
import { renderPerformancePage } from "./bench/page/renderPerformancePage.js";
import { provenance } from "./bench/provenance.js";
import { type BenchReport, evaluateTargets, formatReport } from "./bench/report.js";
import { createMorRunner } from "./bench/runMor.js";
import { poolRun } from "./bench/scale/poolRun.js";
import { scaleSuite, shapeRuns } from "./bench/scale/scaleSuite.js";
import type { ScaleReport, SectionStamp } from "./bench/scale/scaleTypes.js";
import { anvilShapeRuns } from "./bench/shapes/anvilShapeRuns.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const cli = join(root, "bin", "mor-throughput.js");

function fail(message: string): never {
  process.stderr.write(`bench: ${message}\n\n${usage}`);
  process.exit(1);
}

async function main(): Promise<void> {
  let options: ReturnType<typeof parseBenchOptions>;
  try {
    options = parseBenchOptions(process.argv.slice(2));
  } catch (error) {
    if (error instanceof BenchUsageError) fail(error.message);
    throw error;
  }
  if (options.help) {
    process.stdout.write(usage);
    return;
  }
  if (options.render) {
    const report = JSON.parse(readFileSync(join(root, resultsFile), "utf8")) as BenchReport;
    writePage(report);
    return;
  }
  if (options.json && underNpmBanner()) {
    process.stderr.write(
      "bench: npm printed its own lines on stdout before the JSON: run `npm run -s bench -- ... --json` (or use --out <file>) for the JSON alone\n",
    );
  }
  if (!existsSync(join(root, "dist", "cli.js"))) fail("dist/cli.js is missing: run `npm run build` first");
  const started = performance.now();
  const log = (message: string) => {
    const elapsed = ((performance.now() - started) / 1000).toFixed(0).padStart(5);
    process.stderr.write(`[bench ${elapsed}s] ${message}\n`);
  };
  const scratch = mkdtempSync(join(tmpdir(), "mor-bench-"));
  process.on("exit", () => rmSync(scratch, { recursive: true, force: true }));
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(130));
  // The report's folder is made now, not after many minutes of measuring (.bench/ on a fresh clone).
  if (options.out) mkdirSync(dirname(resolve(options.out)), { recursive: true });
  const context: BenchContext = {
    options,
    log,
    scratch,
    root,
    mor: createMorRunner(cli, options.profileDir),
  };

  // What is measured: read before the suites, while the tree is as it was when the bench started.
  const measured = provenance(root);
  const startLoad = loadavg();
  const startedAt = new Date().toISOString();
  log(
    `load average ${startLoad.map((v) => v.toFixed(2)).join(" ")}; ${(freemem() / 2 ** 30).toFixed(1)} GiB free; scratch ${scratch}`,
  );
  const cold = options.suites.includes("local") ? await localSuite(context) : [];
  const { build, incremental } = options.suites.includes("build")
    ? await buildSuite(context)
    : { build: [], incremental: null };
  const scale = options.suites.includes("scale") ? await scaleSuite(context) : null;
  const pool = options.suites.includes("pool") ? await poolRun(context) : null;
  const fork = options.suites.includes("fork") ? await forkRun(context) : null;
  const command = `npm run bench --${process.argv
    .slice(2)
    .map((arg) => ` ${arg}`)
    .join("")}`.replace(/ --$/, "");
  const shapesOnly = options.suites.includes("shapes") && !options.suites.includes("scale");
  const anvilShapes = options.suites.includes("shapes") ? await anvilShapeRuns(context) : null;
  if (scale && anvilShapes) scale.anvilShapes = anvilShapes;
  const shapes: ScaleReport | null =
    shapesOnly && anvilShapes
      ? {
          limitSets: { none: {} },
          side: [],
          runs: [],
          short: [],
          both: null,
          shapes: await shapeRuns(context),
          anvilShapes,
        }
      : null;
  const partial = {
    benchVersion: 3 as const,
    startedAt,
    durationMs: performance.now() - started,
    command,
    provenance: measured,
    machine: machine(startLoad),
    options,
    cold,
    build,
    incremental,
    scale: scale ?? shapes,
    ...(pool ? { pool } : {}),
    ...(fork ? { fork } : {}),
  };
  const report: BenchReport = { ...partial, targets: evaluateTargets(partial) };
  const table = formatReport(report);
  const json = `${JSON.stringify(report, null, 2)}\n`;
  if (options.json) {
    process.stderr.write(table);
    process.stdout.write(json);
  } else {
    process.stdout.write(table);
  }
  if (options.out) writeFileSync(options.out, json);
  if (options.record) {
    const stamp: SectionStamp = {
      startedAt,
      command,
      commit: measured.commit,
      dirty: measured.dirty,
      cpu: report.machine.cpu,
      cores: report.machine.cores,
      loadAverage: report.machine.loadAverage,
    };
    record(report, {
      shapes,
      fork,
      stamp,
      apart: options.suites.every((s) => s === "shapes" || s === "fork"),
    });
  }
}

/**
 * --record: the report into the committed results, and the pages from them. Suites measured
 * apart (shapes, fork) go into the committed results with when and where they were measured, the
 * rest kept; a run of the other suites keeps the committed fork suite unless it measured one.
 */
function record(
  report: BenchReport,
  measured: { shapes: ScaleReport | null; fork: ForkReport | null; stamp: SectionStamp; apart: boolean },
): void {
  const committed = JSON.parse(readFileSync(join(root, resultsFile), "utf8")) as BenchReport;
  let next: BenchReport;
  if (measured.apart) {
    const { shapes, fork, stamp } = measured;
    if (shapes) {
      if (!committed.scale) fail(`${resultsFile} holds no scale suite to put the shapes in`);
      committed.scale.shapes = shapes.shapes;
      committed.scale.anvilShapes = shapes.anvilShapes ?? [];
      committed.scale.shapesMeasured = stamp;
    }
    if (fork) committed.fork = { ...fork, measured: stamp };
    const { targets: _, ...rest } = committed;
    next = { ...rest, targets: evaluateTargets(rest) };
  } else {
    next = report.fork || !committed.fork ? report : { ...report, fork: committed.fork };
  }
  writeFileSync(join(root, resultsFile), `${JSON.stringify(next, null, 2)}\n`);
  writePage(next);
}

/** docs/performance.md and its figure, from a report (the committed results). */
function writePage(report: BenchReport): void {
  const svg = renderGrowthSvg(report.scale?.side ?? []);
  if (svg) writeFileSync(join(root, figureFile), svg);
  else rmSync(join(root, figureFile), { force: true });
  writeFileSync(join(root, pageFile), renderPerformancePage(report, svg !== null));
  const quoting = join(root, forkFiguresFile);
  writeFileSync(quoting, withForkFigures(readFileSync(quoting, "utf8"), forkFigures(report.fork)));
  process.stderr.write(
    `bench: wrote ${pageFile}${svg ? ` and ${figureFile}` : ""} from ${resultsFile}, and the figures ${forkFiguresFile} quotes\n`,
  );
}

/**
 * Run by npm without --silent: npm wrote its banner ("> mor-throughput@… bench") on stdout
 * before this process started.
 */
function underNpmBanner(): boolean {
  return process.env.npm_lifecycle_event === "bench" && process.env.npm_config_loglevel !== "silent";
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${(error as Error)?.stack ?? String(error)}\n`);
  process.exitCode = 1;
});
