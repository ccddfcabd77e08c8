import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { writeHistory } from "../../src/devchain/writeHistory.js";
import { type BenchContext, endTime } from "./benchContext.js";
import { catalogueChain, newSessions } from "./catalogueChain.js";
import { startCountingProxy } from "./countingProxy.js";
import type { BuildRun, IncrementalRun } from "./report.js";
import { syncedSessions } from "./runMor.js";
import { type Catalog, makeCatalog } from "./synth/catalog.js";
import { databaseStats, flushToDisk } from "./synth/databaseFiles.js";
import { setSynthChain, writeSynthDb } from "./synth/writeSynthDb.js";

/** Bumped when the synthetic databases change: cached databases of an older version are not reused. */
const synthVersion = 4;

type Chain = Awaited<ReturnType<typeof catalogueChain>>;

/**
 * The build suite: `build` on synthetic databases of each size, and on the base size (1M, or the
 * nearest) an incremental run of new sessions on chain, then a warm run.
 */
export async function buildSuite(
  context: BenchContext,
): Promise<{ build: BuildRun[]; incremental: IncrementalRun | null }> {
  const { options, log, mor } = context;
  const build: BuildRun[] = [];
  let incremental: IncrementalRun | null = null;
  if (options.buildSizes.length === 0) return { build, incremental };
  const catalog = makeCatalog(options.seed);
  log("starting the chain the synthetic databases are synced to");
  const chain = await catalogueChain(catalog);
  const base = options.buildSizes.includes(1_000_000)
    ? 1_000_000
    : Math.max(...options.buildSizes.filter((size) => size <= 1_000_000), Math.min(...options.buildSizes));
  try {
    for (const closed of options.buildSizes) {
      const dir = mkdtempSync(join(context.scratch, `build-${closed}-`));
      const { db, cached, writeMs } = synthDatabase(context, dir, closed, catalog, chain);
      flushToDisk(db);
      const stats = databaseStats(db);
      const out = join(dir, "out");
      const measured = await mor(["build", "--db", db, "--out", out], `build-${closed}`);
      const closedInFiles = (measured.summary as { closedSessions: number }).closedSessions;
      log(
        `  build: ${(measured.wallMs / 1000).toFixed(2)} s, ${measured.peakRssMb.toFixed(0)} MB (${closedInFiles} closed sessions published)`,
      );
      build.push({
        closed,
        open: stats.open,
        models: stats.models,
        providers: stats.providers,
        dbMb: stats.bytes / 2 ** 20,
        writeMs,
        cached,
        wallMs: measured.wallMs,
        peakRssMb: measured.peakRssMb,
        cpuMs: measured.cpuMs,
      });
      if (closed === base) {
        // A cached database stays as written: the incremental run works on a copy.
        const incrementalDb = cached || options.cache ? join(dir, "incremental.sqlite") : db;
        if (incrementalDb !== db) {
          copyFileSync(db, incrementalDb);
          flushToDisk(incrementalDb);
        }
        incremental = await incrementalRun(context, { closed, db: incrementalDb, out, catalog, chain });
      }
      rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    await chain.node.stop();
  }
  return { build, incremental };
}

/** A synthetic database of `closed` closed sessions: written now, or taken from the cache (--cache). */
function synthDatabase(
  context: BenchContext,
  dir: string,
  closed: number,
  catalog: Catalog,
  chain: Chain,
): { db: string; cached: boolean; writeMs: number } {
  const { options, log } = context;
  const cacheDir = join(context.root, ".bench", "synth");
  const cachedPath = join(cacheDir, `closed-${closed}-seed-${options.seed}-v${synthVersion}.sqlite`);
  if (options.cache && existsSync(cachedPath)) {
    log(`synthetic database of ${closed.toLocaleString("en-US")} closed sessions: from the cache`);
    // Written against another run's chain: point its checkpoint at this one's.
    setSynthChain(cachedPath, chain.synth);
    return { db: cachedPath, cached: true, writeMs: 0 };
  }
  log(`writing a synthetic database of ${closed.toLocaleString("en-US")} closed sessions`);
  const target = options.cache ? cachedPath : join(dir, "throughput.sqlite");
  if (options.cache) mkdirSync(cacheDir, { recursive: true });
  rmSync(target, { force: true });
  const summary = writeSynthDb(target, { closed, seed: options.seed, catalog, chain: chain.synth });
  log(`  written in ${(summary.writeMs / 1000).toFixed(1)} s`);
  return { db: target, cached: false, writeMs: summary.writeMs };
}

/** New sessions on chain, synced and built by `run` on top of the database; then a warm run. */
async function incrementalRun(
  context: BenchContext,
  target: { closed: number; db: string; out: string; catalog: Catalog; chain: Chain },
): Promise<IncrementalRun> {
  const { options, log, mor } = context;
  const { chain } = target;
  log(`writing ${options.incremental.toLocaleString("en-US")} new sessions on chain`);
  const written = await writeHistory(chain.node.rpcUrl, chain.contract, {
    models: [],
    bids: [],
    sessions: newSessions(target.catalog, options.incremental),
    endTime: endTime + 3600,
  });
  const proxy = await startCountingProxy(chain.node.rpcUrl);
  try {
    const args = ["run", "--rpc-url", proxy.url, "--contract", chain.contract, "--db", target.db];
    args.push("--out", target.out);
    proxy.reset();
    const run = await mor(args, `incremental-${target.closed}-run`);
    const runCounts = proxy.counts();
    const synced = syncedSessions(run.summary).closed;
    if (synced !== options.incremental) {
      throw new Error(`the incremental run synced ${synced} closes, expected ${options.incremental}`);
    }
    proxy.reset();
    const warm = await mor(args, `incremental-${target.closed}-warm-run`);
    log(
      `  incremental run: ${(run.wallMs / 1000).toFixed(2)} s; warm run after it: ${(warm.wallMs / 1000).toFixed(2)} s`,
    );
    return {
      baseClosed: target.closed,
      newSessions: options.incremental,
      newBlocks: written.blocks,
      run: { wallMs: run.wallMs, peakRssMb: run.peakRssMb, cpuMs: run.cpuMs, ...runCounts },
      warmRun: { wallMs: warm.wallMs, peakRssMb: warm.peakRssMb, cpuMs: warm.cpuMs, ...proxy.counts() },
    };
  } finally {
    await proxy.close();
  }
}
