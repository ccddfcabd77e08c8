import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import type { SnapshotHeader } from "../../../src/store/dumpSnapshot.js";
import { serveDirectory } from "../../../tooling/process/serveDirectory.js";
import { startVirtualChain, type VirtualChain } from "../../../tooling/virtualChain/startVirtualChain.js";
import type { VirtualLimits } from "../../../tooling/virtualChain/virtualLimits.js";
import { type ScenarioName, scenarioSpec } from "../../../tooling/virtualChain/virtualScenarios.js";
import type { BenchContext } from "../benchContext.js";
import { syncedChains } from "../runMor.js";
import { limitSets } from "../scale/limitSets.js";
import { measureOnChain } from "../scale/measureOnChain.js";
import type { ScaleMeasure } from "../scale/scaleTypes.js";
import { samePublished } from "./samePublished.js";

/** What the publishing workflow runs every hour (.github/workflows/publish.yml). */
export const workflowSchedule = { timeLimitSeconds: 1800, intervalSeconds: 3600 } as const;

/** One workflow run of a fork: `run` as the workflow calls it, and whether every chain was caught up after it. */
export type ForkStep = ScaleMeasure & { caughtUp: boolean };

/** A fork's first runs behind one limit set: from the chains alone, and from a published site's snapshot. */
export type ForkRun = {
  limits: string;
  /** The scenarios' blocks and sessions divided by this (1: the real networks' sizes). */
  shrink: number;
  chains: Array<{ chainId: number; blocks: number; sessions: number }>;
  /** Without a snapshot: the workflow's hourly runs until every chain is caught up (an hour of blocks between runs). */
  backfill: ForkStep[];
  /** With BOOTSTRAP_FROM: `run --bootstrap <site>`, an hour after the site published. */
  bootstrap: ForkStep & { hoursVerified: number };
  /** The bootstrapped deployment's published files equal those of the backfilled one run at the same head. */
  sameFiles: boolean;
  /** The snapshot the backfill published. */
  snapshot: SnapshotSize;
};

/** The snapshot the backfill published at the real networks' sizes. */
export type SnapshotSize = {
  bytes: number;
  /** The SQLite database it was dumped from. */
  databaseBytes: number;
  rows: Record<string, number>;
};

/** The fork suite's report (the report's `fork` field). */
export type ForkReport = {
  scenarios: string[];
  limitSets: Record<string, VirtualLimits>;
  schedule: typeof workflowSchedule;
  runs: ForkRun[];
};

const api = "api/throughput";

/**
 * A fork's first complete publication, on virtual chains of Base's and Arbitrum's sizes, behind
 * each limit set (--fork-limits): the workflow's hourly `run --time-limit 1800 --snapshot` on an
 * empty database until every chain is caught up, an hour of blocks between runs; then, an hour
 * after that site published, `run --bootstrap <site>` on another empty database, the site served
 * locally. Both in one run, on the same chains, one after the other; each limit set on chains of
 * its own size (--fork-shrink).
 */
export async function forkRun(context: BenchContext): Promise<ForkReport> {
  const { options, log } = context;
  const scenarios = options.scenarios as ScenarioName[];
  const runs: ForkRun[] = [];
  for (const [i, limits] of options.forkLimits.entries()) {
    const shrink = options.forkShrink[i] ?? options.shrink;
    const specs = scenarios.map((scenario) => scenarioSpec(scenario, { seed: options.seed, shrink }));
    log(`fork: ${scenarios.join(" and ")} (shrink ${shrink}), behind ${limits} limits`);
    const chains = await Promise.all(
      specs.map((spec) => startVirtualChain(spec, limitSets[limits] as VirtualLimits)),
    );
    try {
      const run = await forkBehind(context, chains, limits);
      runs.push({
        ...run,
        shrink,
        chains: specs.map((spec) => ({
          chainId: spec.chainId,
          blocks: spec.head - spec.creationBlock + 1,
          sessions: spec.sessions,
        })),
      });
    } finally {
      await Promise.all(chains.map((chain) => chain.close()));
    }
  }
  return {
    scenarios,
    limitSets: Object.fromEntries(options.forkLimits.map((name) => [name, limitSets[name] as VirtualLimits])),
    schedule: workflowSchedule,
    runs,
  };
}

const workflowArgs = [
  "--time-limit",
  String(workflowSchedule.timeLimitSeconds),
  "--update-interval",
  String(workflowSchedule.intervalSeconds),
  "--snapshot",
];

/** The most hourly runs a backfill is given before the bench gives up on it. */
const maxRuns = 12;

async function forkBehind(
  context: BenchContext,
  chains: VirtualChain[],
  limits: string,
): Promise<Omit<ForkRun, "shrink" | "chains">> {
  const { log, mor, scratch } = context;
  const hour = () => {
    for (const chain of chains)
      chain.advance(Math.round(workflowSchedule.intervalSeconds / chain.state.spec.blockTime));
  };
  const backfilled = mkdtempSync(join(scratch, `fork-${limits}-backfill-`));
  const paths = (dir: string) => ["--db", join(dir, "throughput.sqlite"), "--out", join(dir, "out")];
  const backfill: ForkStep[] = [];
  while (!backfill.at(-1)?.caughtUp) {
    if (backfill.length === maxRuns)
      throw new Error(`fork, ${limits}: not caught up after ${maxRuns} hourly runs`);
    if (backfill.length > 0) hour();
    const { measure, summary } = await measureOnChain(
      mor,
      chains,
      [...paths(backfilled), ...workflowArgs],
      `fork-${limits}-backfill-${backfill.length + 1}`,
    );
    const caughtUp = syncedChains(summary).every((chain) => chain.complete);
    backfill.push({ ...measure, caughtUp });
    log(
      `  ${limits}, hourly run ${backfill.length} from the chains: ${(measure.wallMs / 1000).toFixed(1)} s, ${measure.requests.toLocaleString("en-US")} requests${caughtUp ? ", caught up" : ", not caught up"}`,
    );
  }
  const site = join(backfilled, "out", "current");
  const size = snapshotSize(site, join(backfilled, "throughput.sqlite"));
  const server = await serveDirectory(site);
  const bootstrapped = mkdtempSync(join(scratch, `fork-${limits}-bootstrap-`));
  try {
    hour();
    const { measure, summary } = await measureOnChain(
      mor,
      chains,
      [...paths(bootstrapped), ...workflowArgs, "--bootstrap", server.url, "--seed", "1"],
      `fork-${limits}-bootstrap`,
    );
    const caughtUp = syncedChains(summary).every((chain) => chain.complete);
    if (!caughtUp) throw new Error(`fork, ${limits}: run --bootstrap did not catch up in one run`);
    const verified =
      (summary.bootstrap as { chains: Array<{ hours?: unknown[] }> } | undefined)?.chains ?? [];
    const hoursVerified = verified.reduce((sum, chain) => sum + (chain.hours?.length ?? 0), 0);
    log(
      `  ${limits}, run --bootstrap: ${(measure.wallMs / 1000).toFixed(1)} s, ${measure.requests.toLocaleString("en-US")} requests${caughtUp ? ", caught up" : ", not caught up"}`,
    );
    // The backfilled deployment's next hourly run, at the same head: the same files expected.
    await measureOnChain(
      mor,
      chains,
      [...paths(backfilled), ...workflowArgs],
      `fork-${limits}-backfill-next`,
    );
    const sameFiles = samePublished(join(backfilled, "out", "current"), join(bootstrapped, "out", "current"));
    log(`  ${limits}: the bootstrapped files ${sameFiles ? "equal" : "DIFFER FROM"} the backfilled ones`);
    return {
      limits,
      backfill,
      bootstrap: { ...measure, caughtUp, hoursVerified },
      sameFiles,
      snapshot: size,
    };
  } finally {
    server.close();
    rmSync(backfilled, { recursive: true, force: true });
    rmSync(bootstrapped, { recursive: true, force: true });
  }
}

/** The published snapshot's size, the database's, and its rows by table (its header). */
function snapshotSize(site: string, db: string): SnapshotSize {
  const meta = JSON.parse(readFileSync(join(site, api, "meta.json"), "utf8")) as {
    snapshot?: { path: string; bytes: number };
  };
  if (!meta.snapshot) throw new Error("fork: the backfill published no snapshot (meta.json has none)");
  const bytes = gunzipSync(readFileSync(join(site, api, meta.snapshot.path.replace(/^.*\//, ""))));
  // Its first line alone: the whole text of a network is longer than a string V8 holds.
  const header = JSON.parse(bytes.toString("utf8", 0, bytes.indexOf(10))) as SnapshotHeader;
  return {
    bytes: meta.snapshot.bytes,
    databaseBytes: statSync(db).size,
    rows: Object.fromEntries(header.tables.map((table) => [table.name, table.rows])),
  };
}
