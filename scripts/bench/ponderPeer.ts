import { type ChildProcess, execFile, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { marketplaceAbi } from "../../src/chain/abi.js";
import { freePort } from "../../tooling/process/freePort.js";
import { treeCpuMs, treeMemoryKb } from "./measure.js";

/** The Ponder app of this repository (scripts/ponder-app): ours, copied into the install folder. */
const ponderAppSource = fileURLToPath(new URL("../ponder-app/", import.meta.url));

export type PonderInstall = { dir: string; version: string; installMs: number; reused: boolean };

export type PonderCounts = { sessions: number; closes: number; bids: number; models: number };

/** How far Ponder got, from its own metrics (/metrics): events indexed, chain time indexed. */
export type PonderProgress = { events: number; indexedSeconds: number; totalSeconds: number };

export type PonderRun = {
  /** /ready answered 200 (historical indexing complete) within the time given. */
  finished: boolean;
  /** From spawning `ponder start` to its /ready answering 200, or to the end of the time given. */
  wallMs: number;
  /** Peak of the summed RSS of ponder's process tree, sampled every 100 ms, in MB. */
  peakRssMb: number;
  /** CPU time (user + system) of ponder's process tree until it was ready. */
  cpuMs: number;
  /** Rows in Ponder's tables (finished runs only). */
  counts: PonderCounts | undefined;
  progress: PonderProgress | undefined;
  /** Ponder's log lines at warn and above (kept for the report when something fails). */
  log: string;
};

/**
 * Installs the Ponder app with its pinned ponder, viem and hono from npm into `dir` (a temporary
 * folder; an install already there with the same package.json is reused). Not a dependency of
 * mor-throughput: nothing of it is imported by the project.
 */
export async function installPonder(dir: string): Promise<PonderInstall> {
  const started = performance.now();
  const wanted = readFileSync(join(ponderAppSource, "package.json"), "utf8");
  const version = (JSON.parse(wanted) as { dependencies: { ponder: string } }).dependencies.ponder;
  const installedPonder = join(dir, "node_modules", "ponder", "package.json");
  const reused =
    existsSync(installedPonder) &&
    existsSync(join(dir, "package.json")) &&
    readFileSync(join(dir, "package.json"), "utf8") === wanted;
  // The app's files are copied every time (they may have changed); node_modules only when needed.
  cpSync(ponderAppSource, dir, { recursive: true });
  // The ABI is mor-throughput's own, so that both indexers read exactly the same contract.
  mkdirSync(join(dir, "abis"), { recursive: true });
  writeFileSync(
    join(dir, "abis", "marketplace.ts"),
    `// Written by scripts/bench/ponderPeer.ts from src/chain/abi.ts.\nexport const marketplaceAbi = ${JSON.stringify(marketplaceAbi, null, 2)} as const;\n`,
  );
  if (!reused) {
    await promisify(execFile)(
      "npm",
      ["install", "--no-audit", "--no-fund", "--no-package-lock", "--loglevel=error"],
      { cwd: dir, maxBuffer: 16 * 1024 * 1024, timeout: 15 * 60_000 },
    );
  }
  return { dir, version, installMs: Math.round(performance.now() - started), reused };
}

/**
 * Runs `ponder start` on a fresh PGlite database against the chain, until Ponder says historical
 * indexing is complete (/ready), then reads its row counts and stops it.
 */
export async function runPonder(options: {
  dir: string;
  rpcUrl: string;
  chainId: number;
  contract: string;
  fromBlock: number;
  toBlock: number;
  timeoutMs: number;
  /** Past the timeout: stop Ponder and report how far it got, rather than fail. */
  budget?: boolean;
}): Promise<PonderRun> {
  const dbDir = mkdtempSync(join(tmpdir(), "mor-bench-pglite-"));
  // Ponder's build output and generated files from an earlier run would not be "cold".
  rmSync(join(options.dir, ".ponder"), { recursive: true, force: true });
  const port = await freePort();
  const bin = join(options.dir, "node_modules", "ponder", "dist", "esm", "bin", "ponder.js");
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      bin,
      "--log-level",
      "warn",
      "--log-format",
      "json",
      "start",
      "--schema",
      "bench",
      "--hostname",
      "127.0.0.1",
      "--port",
      String(port),
    ],
    {
      cwd: options.dir,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        BENCH_PONDER_DB_DIR: dbDir,
        BENCH_RPC_URL: options.rpcUrl,
        BENCH_CHAIN_ID: String(options.chainId),
        BENCH_CONTRACT: options.contract,
        BENCH_FROM_BLOCK: String(options.fromBlock),
        BENCH_TO_BLOCK: String(options.toBlock),
        DATABASE_URL: "",
      },
    },
  );
  let log = "";
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString("utf8")).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  // Ponder runs in its own process group: if the bench dies, take the group down with it.
  const killGroup = () => {
    try {
      if (child.pid !== undefined && !exited) process.kill(-child.pid, "SIGKILL");
    } catch {
      // Gone already.
    }
  };
  process.once("exit", killGroup);

  let peakKb = 0;
  const sample = () => {
    if (child.pid !== undefined) peakKb = Math.max(peakKb, treeMemoryKb(child.pid).rssKb);
  };
  const sampler = setInterval(sample, 100);
  const base = `http://127.0.0.1:${port}`;
  try {
    const deadline = started + options.timeoutMs;
    let finished = false;
    for (;;) {
      if (exited) throw new Error(`ponder exited before it was ready:\n${log}`);
      if (performance.now() > deadline) {
        if (options.budget) break;
        throw new Error(`ponder was not ready after ${options.timeoutMs} ms:\n${log}`);
      }
      const ready = await fetch(`${base}/ready`)
        .then((response) => response.status === 200)
        .catch(() => false);
      if (ready) {
        finished = true;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const wallMs = performance.now() - started;
    const cpuMs = child.pid === undefined ? 0 : treeCpuMs(child.pid);
    sample();
    const progress = await fetch(`${base}/metrics`)
      .then(async (response) => parseProgress(await response.text()))
      .catch(() => undefined);
    const counts = finished
      ? ((await (await fetch(`${base}/bench/counts`)).json()) as PonderCounts)
      : undefined;
    return { finished, wallMs, peakRssMb: peakKb / 1024, cpuMs, counts, progress, log };
  } finally {
    clearInterval(sampler);
    process.off("exit", killGroup);
    await stop(child);
    rmSync(dbDir, { recursive: true, force: true });
  }
}

/** Ponder's progress from its Prometheus metrics (summed over chains and events). */
export function parseProgress(text: string): PonderProgress {
  const sum = (name: string) =>
    text
      .split("\n")
      .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
      .reduce((total, line) => total + Number(line.slice(line.lastIndexOf(" ") + 1)), 0);
  return {
    events: sum("ponder_indexing_completed_events"),
    indexedSeconds: sum("ponder_historical_completed_indexing_seconds"),
    totalSeconds: sum("ponder_historical_total_indexing_seconds"),
  };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, name);
    } catch {
      // Gone already.
    }
  };
  signal("SIGTERM");
  const timer = setTimeout(() => signal("SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
}
