// `npm run bench`: mor-throughput against Ponder on the same chain, then mor-throughput alone at
// growing sizes, warm and incremental runs, and `build` on synthetic databases of 100k to 10M
// closed sessions. Prints a table (stdout) and, with --json, the same numbers as JSON.
// Progress goes to stderr. Run through `npm run bench -- [flags]`; see --help.
import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { cpus, freemem, loadavg, platform, release, tmpdir, totalmem } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import type { Hex } from "viem";
import type { HistorySession } from "../src/devchain/history.js";
import { nodeCall } from "../src/devchain/nodeCall.js";
import { signedClose } from "../src/devchain/signedClose.js";
import { startDevChain } from "../src/devchain/startDevChain.js";
import { writeHistory } from "../src/devchain/writeHistory.js";
import { startCountingProxy } from "./bench/countingProxy.js";
import { measureCommand } from "./bench/measure.js";
import { installPonder, runPonder } from "./bench/ponderPeer.js";
import {
  type BenchReport,
  type BuildRun,
  type ColdRun,
  evaluateTargets,
  formatReport,
  type IncrementalRun,
  type Machine,
  type ProcessMeasure,
  type RpcCounts,
} from "./bench/report.js";
import { ponderFinalityPadding, seedChain } from "./bench/seedChain.js";
import { type ChainIdentity, makeCatalog, setCheckpoint, synthDays, writeSynthDb } from "./bench/synthDb.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const cli = join(root, "bin", "mor-throughput.js");
const chainId = 31337;
/** The as-of time of every seeded history (fixed: the same flags give the same chains). */
const endTime = Date.UTC(2026, 5, 1, 12) / 1000;
/** Bumped when synthDb writes other rows: cached databases of an older version are not reused. */
const synthVersion = 1;

const usage = `usage: npm run bench -- [flags]

  --sessions <n>        side by side with Ponder (default 2000)
  --scale <n,n>         mor-throughput alone, cold backfills (default 20000,200000; "" for none)
  --build-sizes <n,n>   synthetic databases for \`build\` (default 100000,1000000,10000000; "" for none)
  --incremental <n>     new sessions on top of the 1M database (default 1000; on the largest
                        build size at most 1M when 1M is not among them)
  --no-peer             skip Ponder
  --json                print the JSON report on stdout (the table goes to stderr)
  --out <file>          also write the JSON report to a file
  --cache               keep synthetic databases in .bench/synth/ and reuse them
  --peer-timeout <min>  give up on Ponder after this many minutes (default 40)
  --seed <n>            seed of the generated histories (default 1)
  --profile-dir <dir>   also write a CPU profile of every mor-throughput command into <dir>/<step>/
                        (summarize one with scripts/bench/summarizeProfile.ts; profiled times are slower)
`;

const { values } = parseArgs({
  options: {
    sessions: { type: "string", default: "2000" },
    scale: { type: "string", default: "20000,200000" },
    "build-sizes": { type: "string", default: "100000,1000000,10000000" },
    incremental: { type: "string", default: "1000" },
    peer: { type: "boolean", default: true },
    json: { type: "boolean", default: false },
    out: { type: "string" },
    cache: { type: "boolean", default: false },
    "peer-timeout": { type: "string", default: "40" },
    seed: { type: "string", default: "1" },
    "profile-dir": { type: "string" },
    help: { type: "boolean", default: false },
  },
  allowNegative: true,
  strict: true,
});

if (values.help) {
  process.stdout.write(usage);
  process.exit(0);
}

const count = (flag: string, text: string): number => {
  const n = Number(text.replaceAll("_", ""));
  if (!Number.isSafeInteger(n) || n < 1)
    fail(`--${flag}: expected a positive integer, got ${JSON.stringify(text)}`);
  return n;
};
const counts = (flag: string, text: string): number[] =>
  text.trim() === "" ? [] : text.split(",").map((part) => count(flag, part.trim()));

const options = {
  sessions: count("sessions", values.sessions),
  scale: counts("scale", values.scale),
  buildSizes: counts("build-sizes", values["build-sizes"]),
  incremental: count("incremental", values.incremental),
  peer: values.peer,
  cache: values.cache,
  peerTimeoutMinutes: count("peer-timeout", values["peer-timeout"]),
  seed: count("seed", values.seed),
};

function fail(message: string): never {
  process.stderr.write(`bench: ${message}\n\n${usage}`);
  process.exit(1);
}

const benchStarted = performance.now();
const log = (message: string) => {
  const elapsed = ((performance.now() - benchStarted) / 1000).toFixed(0).padStart(5);
  process.stderr.write(`[bench ${elapsed}s] ${message}\n`);
};

const scratch = mkdtempSync(join(tmpdir(), "mor-bench-"));
process.on("exit", () => rmSync(scratch, { recursive: true, force: true }));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(130));

if (!existsSync(join(root, "dist", "cli.js"))) fail("dist/cli.js is missing: run `npm run build` first");

/**
 * mor-throughput's real CLI, measured from the outside. With --profile-dir, each invocation also
 * writes a V8 CPU profile into <dir>/<label>/ (profiling slows it down: those times are not the table's).
 */
async function mor(
  args: string[],
  label: string,
): Promise<ProcessMeasure & { summary: Record<string, unknown> }> {
  const profile = values["profile-dir"]
    ? ["--cpu-prof", "--cpu-prof-dir", join(values["profile-dir"], label)]
    : [];
  const measured = await measureCommand(process.execPath, [...profile, cli, ...args, "--json", "--quiet"]);
  if (measured.code !== 0) {
    throw new Error(`mor-throughput ${args[0]} exited ${measured.code}:\n${measured.stderr}`);
  }
  return {
    wallMs: measured.wallMs,
    peakRssMb: measured.peakRssMb,
    cpuMs: measured.cpuMs ?? null,
    summary: JSON.parse(measured.stdout) as Record<string, unknown>,
  };
}

function machine(start: number[]): Machine {
  return {
    cpu: cpus()[0]?.model.trim() ?? "unknown",
    cores: cpus().length,
    memoryGiB: totalmem() / 2 ** 30,
    node: process.version,
    platform: `${platform()} ${release()}`,
    loadAverage: { start, end: loadavg() },
  };
}

async function coldRun(requested: number, withPeer: boolean): Promise<ColdRun> {
  log(
    `seeding a chain with ${requested.toLocaleString("en-US")} sessions${withPeer ? " (past state kept for Ponder)" : ""}`,
  );
  const chain = await seedChain({
    sessions: requested,
    seed: options.seed,
    endTime,
    pruneHistory: !withPeer,
    finalityPadding: withPeer ? ponderFinalityPadding : 0,
  });
  const proxy = await startCountingProxy(chain.node.rpcUrl);
  const dir = mkdtempSync(join(scratch, `cold-${requested}-`));
  const db = join(dir, "throughput.sqlite");
  const out = join(dir, "out");
  const chainArgs = [
    "--rpc-url",
    proxy.url,
    "--contract",
    chain.contract,
    "--from-block",
    "0",
    "--to-block",
    String(chain.lastBlock),
  ];
  const counted = async (args: string[], label: string) => {
    proxy.reset();
    const result = await mor(args, `cold-${requested}-${label}`);
    return { result, counts: proxy.counts() };
  };
  try {
    log(
      `  ${chain.sessions} sessions, ${chain.closed} closed, ${chain.events} events in ${chain.blocks} blocks, seeded in ${(chain.seedMs / 1000).toFixed(1)} s`,
    );
    const sync = await counted(["sync", ...chainArgs, "--db", db], "sync");
    const synced = sync.result.summary as { sessionsClosed: number; sessionsOpened: number };
    if (synced.sessionsClosed !== chain.closed || synced.sessionsOpened !== chain.sessions) {
      throw new Error(
        `mor-throughput synced ${synced.sessionsOpened} opens / ${synced.sessionsClosed} closes, the chain has ${chain.sessions} / ${chain.closed}`,
      );
    }
    log(
      `  mor-throughput sync: ${(sync.result.wallMs / 1000).toFixed(2)} s, ${sync.counts.httpRequests} HTTP requests`,
    );
    const firstRun = await counted(["run", ...chainArgs, "--db", db, "--out", out], "first-run");
    const warmRun = await counted(["run", ...chainArgs, "--db", db, "--out", out], "warm-run");
    log(`  warm run: ${(warmRun.result.wallMs / 1000).toFixed(2)} s`);
    const measure = (m: { result: ProcessMeasure; counts: RpcCounts }) => ({
      wallMs: m.result.wallMs,
      peakRssMb: m.result.peakRssMb,
      cpuMs: m.result.cpuMs,
      ...m.counts,
    });
    const run: ColdRun = {
      requested,
      sessions: chain.sessions,
      closed: chain.closed,
      events: chain.events,
      blocks: chain.blocks,
      seedMs: chain.seedMs,
      sync: measure(sync),
      firstRun: measure(firstRun),
      warmRun: measure(warmRun),
    };
    if (withPeer) {
      const dirPeer = join(tmpdir(), "mor-throughput-bench-ponder");
      mkdirSync(dirPeer, { recursive: true });
      log(`installing the Ponder peer into ${dirPeer}`);
      const install = await installPonder(dirPeer);
      log(
        `  ponder ${install.version} ${install.reused ? "already installed" : `installed in ${(install.installMs / 1000).toFixed(0)} s`}; indexing (minutes)`,
      );
      proxy.reset();
      const peer = await runPonder({
        dir: dirPeer,
        rpcUrl: proxy.url,
        chainId,
        contract: chain.contract,
        fromBlock: 0,
        toBlock: chain.lastBlock,
        timeoutMs: options.peerTimeoutMinutes * 60_000,
      });
      run.peer = {
        name: "Ponder",
        version: install.version,
        installMs: install.installMs,
        wallMs: peer.wallMs,
        peakRssMb: peer.peakRssMb,
        cpuMs: peer.cpuMs,
        ...proxy.counts(),
        counts: peer.counts,
        complete: peer.counts.sessions === chain.sessions && peer.counts.closes === chain.closed,
      };
      log(
        `  Ponder: ${(peer.wallMs / 1000).toFixed(1)} s, ${run.peer.httpRequests} HTTP requests, ${peer.counts.sessions} sessions / ${peer.counts.closes} closes indexed`,
      );
    }
    return run;
  } finally {
    await proxy.close();
    await chain.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The chain the synthetic databases belong to: the marketplace with the synthetic catalogue's
 * models and bids, its last block at the synthetic history's as-of time. A database whose
 * checkpoint is that block is, for the indexer, a database synced to it.
 */
async function catalogueChain(catalog: ReturnType<typeof makeCatalog>) {
  const chain = await startDevChain(
    { models: catalog.models, bids: catalog.bids, sessions: [], endTime },
    { genesis: endTime - 2 * 86_400, pruneHistory: true },
  );
  try {
    const block = await nodeCall<{ hash: string; timestamp: string }>(chain.rpcUrl, "eth_getBlockByNumber", [
      `0x${chain.lastBlock.toString(16)}`,
      false,
    ]);
    const identity: ChainIdentity = {
      chainId,
      contract: chain.contract.toLowerCase(),
      blockNumber: chain.lastBlock,
      blockHash: block.hash.toLowerCase(),
      blockTimestamp: Number(BigInt(block.timestamp)),
    };
    return { node: chain.node, contract: chain.contract, identity };
  } catch (error) {
    await chain.stop();
    throw error;
  }
}

/** `sessions` new sessions opened and closed in the hour after the synthetic history, on its bids. */
function newSessions(catalog: ReturnType<typeof makeCatalog>, sessions: number): HistorySession[] {
  const list: HistorySession[] = [];
  for (let k = 0; k < sessions; k++) {
    const sessionId = `0x${(0xbe9c0000 + k).toString(16).padStart(8, "0")}${"7".repeat(56)}` as Hex;
    const bid = catalog.bids[(k * 7) % catalog.bids.length] as ReturnType<typeof makeCatalog>["bids"][number];
    const openedAt = endTime + 1 + Math.floor((k * 1800) / sessions);
    const closedAt = openedAt + 600 + (k % 1000);
    list.push({
      sessionId,
      user: "0x00000000000000000000000000000000000be9c0",
      bidId: bid.bidId,
      stake: 10n ** 18n,
      openedAt,
      endsAt: openedAt + 7200,
      close: signedClose(sessionId, closedAt, 200 + (k % 3000), [1000 + k, 500 + (k % 700)]),
    });
  }
  return list;
}

async function buildRuns(): Promise<{ build: BuildRun[]; incremental: IncrementalRun | null }> {
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
      const cacheDir = join(root, ".bench", "synth");
      const cachedPath = join(cacheDir, `closed-${closed}-seed-${options.seed}-v${synthVersion}.sqlite`);
      const dir = mkdtempSync(join(scratch, `build-${closed}-`));
      let db = join(dir, "throughput.sqlite");
      let cached = false;
      let summary = { closed, open: 0, models: catalog.models.length, providers: 0, writeMs: 0 };
      if (options.cache && existsSync(cachedPath)) {
        cached = true;
        db = cachedPath;
        log(`synthetic database of ${closed.toLocaleString("en-US")} closed sessions: from the cache`);
        // Written against another run's chain: point its checkpoint at this one's.
        setCheckpoint(db, chain.identity);
      } else {
        log(`writing a synthetic database of ${closed.toLocaleString("en-US")} closed sessions`);
        const target = options.cache ? cachedPath : db;
        if (options.cache) mkdirSync(cacheDir, { recursive: true });
        rmSync(target, { force: true });
        summary = writeSynthDb(target, { closed, seed: options.seed, catalog, identity: chain.identity });
        db = target;
        log(`  written in ${(summary.writeMs / 1000).toFixed(1)} s`);
      }
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
        writeMs: summary.writeMs,
        cached,
        wallMs: measured.wallMs,
        peakRssMb: measured.peakRssMb,
        cpuMs: measured.cpuMs,
      });

      if (closed === base) {
        // The cached database stays as written: the incremental run works on a copy.
        const incrementalDb = cached || options.cache ? join(dir, "incremental.sqlite") : db;
        if (incrementalDb !== db) {
          copyFileSync(db, incrementalDb);
          flushToDisk(incrementalDb);
        }
        log(`writing ${options.incremental.toLocaleString("en-US")} new sessions on chain`);
        const written = await writeHistory(chain.node.rpcUrl, chain.contract, {
          models: [],
          bids: [],
          sessions: newSessions(catalog, options.incremental),
          endTime: endTime + 3600,
        });
        const proxy = await startCountingProxy(chain.node.rpcUrl);
        try {
          const args = [
            "run",
            "--rpc-url",
            proxy.url,
            "--contract",
            chain.contract,
            "--db",
            incrementalDb,
            "--out",
            out,
          ];
          proxy.reset();
          const run = await mor(args, `incremental-${closed}-run`);
          const runCounts = proxy.counts();
          const synced = (run.summary as { sync: { sessionsClosed: number } }).sync.sessionsClosed;
          if (synced !== options.incremental) {
            throw new Error(`the incremental run synced ${synced} closes, expected ${options.incremental}`);
          }
          proxy.reset();
          const warm = await mor(args, `incremental-${closed}-warm-run`);
          incremental = {
            baseClosed: closed,
            newSessions: options.incremental,
            newBlocks: written.blocks,
            run: { wallMs: run.wallMs, peakRssMb: run.peakRssMb, cpuMs: run.cpuMs, ...runCounts },
            warmRun: { wallMs: warm.wallMs, peakRssMb: warm.peakRssMb, cpuMs: warm.cpuMs, ...proxy.counts() },
          };
          log(
            `  incremental run: ${(run.wallMs / 1000).toFixed(2)} s; warm run after it: ${(warm.wallMs / 1000).toFixed(2)} s`,
          );
        } finally {
          await proxy.close();
        }
      }
      rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    await chain.node.stop();
  }
  return { build, incremental };
}

/**
 * Writes a freshly written (or copied) database out of the page cache before it is timed: a
 * database a cron has used for a while has no gigabyte of dirty pages that the timed command's
 * first fsync would have to wait for.
 */
function flushToDisk(path: string): void {
  for (const file of [path, `${path}-wal`]) {
    if (!existsSync(file)) continue;
    const fd = openSync(file, "r+");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }
}

/** Size on disk and what the database holds besides its closes. */
function databaseStats(path: string) {
  const bytes = statSync(path).size + (existsSync(`${path}-wal`) ? statSync(`${path}-wal`).size : 0);
  const db = new Database(path, { readonly: true });
  try {
    const row = db
      .prepare(
        `SELECT (SELECT COUNT(*) FROM sessions WHERE close_block IS NULL) AS open,
                (SELECT COUNT(*) FROM models) AS models, (SELECT COUNT(*) FROM providers) AS providers`,
      )
      .get() as { open: number; models: number; providers: number };
    return { bytes, ...row };
  } finally {
    db.close();
  }
}

async function main(): Promise<void> {
  // The report's folder is made now, not after many minutes of measuring (.bench/ on a fresh clone).
  if (values.out) mkdirSync(dirname(resolve(values.out)), { recursive: true });
  const startLoad = loadavg();
  const startedAt = new Date().toISOString();
  log(
    `load average ${startLoad.map((v) => v.toFixed(2)).join(" ")}; ${(freemem() / 2 ** 30).toFixed(1)} GiB free; scratch ${scratch}`,
  );
  const cold: ColdRun[] = [];
  const coldSizes = [options.sessions, ...options.scale.filter((size) => size !== options.sessions)];
  for (const size of coldSizes) cold.push(await coldRun(size, options.peer && size === options.sessions));
  const { build, incremental } = await buildRuns();
  const partial = {
    benchVersion: 1 as const,
    startedAt,
    durationMs: performance.now() - benchStarted,
    command: `npm run bench --${process.argv
      .slice(2)
      .map((arg) => ` ${arg}`)
      .join("")}`.replace(/ --$/, ""),
    machine: machine(startLoad),
    options: { ...options, synthDays },
    cold,
    build,
    incremental,
  };
  const report: BenchReport = { ...partial, targets: evaluateTargets(partial) };
  const table = formatReport(report);
  const json = `${JSON.stringify(report, null, 2)}\n`;
  if (values.json) {
    process.stderr.write(table);
    process.stdout.write(json);
  } else {
    process.stdout.write(table);
  }
  if (values.out) writeFileSync(values.out, json);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${(error as Error)?.stack ?? String(error)}\n`);
  process.exitCode = 1;
});
