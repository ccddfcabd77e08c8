import { existsSync, readdirSync, realpathSync, rmSync } from "node:fs";
import { basename, join } from "node:path";
import Database from "better-sqlite3";
import { beforeAll, describe, expect, test } from "vitest";
import { generateHistory } from "../../src/devchain/generateHistory.js";
import { seededRandom } from "../../src/util/seededRandom.js";
import { copyState } from "../support/copyState.js";
import { indexedLogs } from "../support/indexedLogs.js";
import { type KillPlan, killCli } from "../support/killCli.js";
import { readPublished } from "../support/readPublished.js";
import { runArgs } from "../support/runArgs.js";
import { runCli, spawnCli } from "../support/runCli.js";
import { useDevChain } from "../support/useDevChain.js";
import { useFaultProxy } from "../support/useFaultProxy.js";
import { useTempDir } from "../support/useTempDir.js";

const endTime = Date.UTC(2026, 4, 12, 9, 0, 0) / 1000;
const trials = 21;

/** What a database holds, read-only: integrity, checkpoint, rows. */
function inspect(db: string) {
  const sqlite = new Database(db, { readonly: true, fileMustExist: true });
  try {
    const integrity = sqlite.pragma("integrity_check", { simple: true });
    const checkpoint = sqlite.prepare("SELECT block_number AS block FROM chains").get() as
      | { block: number }
      | undefined;
    const count = (table: string) =>
      (sqlite.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    return { integrity, checkpoint: checkpoint?.block, sessions: count("sessions"), closes: count("closes") };
  } finally {
    sqlite.close();
  }
}

/** The output directory's own entries besides the published ones (litter a crash left behind). */
function litter(out: string): string[] {
  // Entries of the published set (api, index.html, ...) are symlinks through `current`.
  const published = new Set(readdirSync(join(out, "current")));
  const extra = readdirSync(out).filter(
    (name) => !published.has(name) && !["current", ".releases", ".lock"].includes(name),
  );
  const releases = existsSync(join(out, ".releases")) ? readdirSync(join(out, ".releases")) : [];
  return [
    ...extra,
    ...releases.filter((name) => name.startsWith(".tmp-")).map((name) => `.releases/${name}`),
  ];
}

describe("crashes: SIGKILL at seeded random moments", () => {
  const history = generateHistory({ seed: 31, days: 40, sessionsPerDay: 20, endTime });
  // A block every 4 hours: some 240 blocks.
  const chain = useDevChain(history, { write: { blockSpanSeconds: 4 * 3600 } });
  // The base run and the killed ones read logs through an endpoint that refuses ranges of more
  // than 8 blocks: a run starts with the range size the last one ended with, so a sync of the 120
  // blocks commits some 15 ranges (each with its checkpoint), and kills land between commits too.
  const capped = useFaultProxy(chain, { logsBlockLimit: 8 });
  const dir = useTempDir("mor-crash-");
  let base: { db: string; out: string; block: number };
  let oldSet: Record<string, string>;
  let newSet: Record<string, string>;
  let newRelease: string;
  let timeline: { syncing: number; synced: number; exit: number };

  beforeAll(async () => {
    // What every trial starts from: a database and a publication some 120 blocks behind.
    base = { db: join(dir, "base.sqlite"), out: join(dir, "base"), block: chain.lastBlock - 120 };
    // Alone, before any trial: in here (runCli).
    const prepared = await runCli(cappedArgs(base.db, base.out, "--to-block", String(base.block)));
    expect(prepared.code, prepared.stderr).toBe(0);
    oldSet = readPublished(base.out);

    // The clean run from there: the files every trial must end with, and when its phases come.
    const clean = copyBase("clean");
    const run = await killCli(slowArgs(clean.db, clean.out), {});
    expect(run.code, run.stderr).toBe(0);
    newSet = readPublished(clean.out);
    newRelease = basename(realpathSync(join(clean.out, "current")));
    const at = (pattern: RegExp) => run.timeline.find((entry) => pattern.test(entry.line))?.at ?? Number.NaN;
    timeline = {
      syncing: at(/^syncing/),
      synced: at(/^sync 100\.0%/),
      exit: at(/^published/),
    };
    expect(Object.values(timeline).every(Number.isFinite), run.stderr).toBe(true);
  });

  const args = (db: string, out: string, ...more: string[]) => runArgs(chain, { db, out }, ...more);
  const cappedArgs = (db: string, out: string, ...more: string[]) =>
    runArgs({ rpcUrl: capped.url, contract: chain.contract }, { db, out }, ...more);
  /**
   * Through the capped endpoint, plain eth_calls in small batches: a sync of many small steps,
   * for the kills to land in.
   */
  const slowArgs = (db: string, out: string) =>
    cappedArgs(db, out, "--no-multicall", "--rpc-batch-size", "10", "--rpc-concurrency", "2");

  const copyBase = (name: string) => copyState(base, dir, name);

  test(`behavior: ${trials} kills during sync and build/publish; after a rerun, the clean run's files, every session once`, async () => {
    const random = seededRandom(2026);
    const expected = (block: number) => {
      const logs = indexedLogs(chain.written, { toBlock: block });
      return { sessions: logs.opened.size, closes: logs.closed.size };
    };
    const outcomes: Record<string, number> = {};
    const sync = timeline.synced - timeline.syncing;
    const build = timeline.exit - timeline.synced;
    // A third of the kills from the start (start-up, migrations, sync), a third in the sync, a
    // third in the model-name refresh, build and publish.
    const plans = Array.from({ length: trials }, (_, trial): KillPlan => {
      const kind = trial % 3;
      return kind === 0
        ? { delayMs: random() * timeline.exit }
        : kind === 1
          ? { after: /^syncing/, delayMs: random() * sync }
          : { after: /^sync 100\.0%/, delayMs: random() * (build + 30) };
    });
    const runTrial = async (trial: number, plan: KillPlan) => {
      const { db, out } = copyBase(`trial-${trial}`);
      const killed = await killCli(slowArgs(db, out), plan);
      if (!killed.killed) expect(killed.code, killed.stderr).toBe(0);

      // Right after the kill: one complete set published, the old or the new one; the database
      // intact, holding exactly the sessions of the blocks up to its checkpoint.
      const published = readPublished(out);
      expect([oldSet, newSet]).toContainEqual(published);
      const state = inspect(db);
      expect(state.integrity).toBe("ok");
      const checkpoint = state.checkpoint as number;
      expect(checkpoint).toBeGreaterThanOrEqual(base.block);
      expect({ sessions: state.sessions, closes: state.closes }).toEqual(expected(checkpoint));
      const staged = readdirSync(join(out, ".releases"));
      const outcome = !killed.killed
        ? "finished before the kill"
        : checkpoint === base.block
          ? "killed mid-sync, before the first commit"
          : checkpoint < chain.lastBlock
            ? "killed mid-sync, some ranges committed"
            : JSON.stringify(published) === JSON.stringify(newSet)
              ? "killed after the swap"
              : staged.some((name) => name.startsWith(".tmp-"))
                ? "killed while writing the new set"
                : staged.includes(newRelease)
                  ? "killed with the new set written, the old one published"
                  : "killed after the sync, before publishing";
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;

      // The rerun completes: the clean run's files, every session once, nothing left behind. A
      // process of its own: in here, its work would hold back the other lane's kill timer.
      const rerun = await spawnCli(args(db, out));
      expect(rerun.code, rerun.stderr).toBe(0);
      expect(readPublished(out)).toEqual(newSet);
      const after = inspect(db);
      expect(after).toEqual({ integrity: "ok", checkpoint: chain.lastBlock, ...expected(chain.lastBlock) });
      expect(litter(out)).toEqual([]);
      rmSync(db);
      rmSync(out, { recursive: true });
    };
    // Two lanes of trials (each trial on its own copy): each lane's CLI, with the shared anvil,
    // uses about one core. A lane stops after a failed trial, the other after its current one,
    // so that no CLI outlives the test; the first failure is reported with its trial and plan.
    let failed = false;
    const lanes = await Promise.allSettled(
      [0, 1].map(async (lane) => {
        for (let trial = lane; trial < trials && !failed; trial += 2) {
          const plan = plans[trial] as KillPlan;
          try {
            await runTrial(trial, plan);
          } catch (error) {
            failed = true;
            const at = `${plan.after ? `after ${plan.after} ` : ""}+${plan.delayMs?.toFixed(0)} ms`;
            throw new Error(`trial ${trial} (kill ${at}): ${(error as Error).message}`, { cause: error });
          }
        }
      }),
    );
    const failure = lanes.find((lane) => lane.status === "rejected");
    if (failure) throw failure.reason;
    console.log(`crash trials (sync ${sync.toFixed(0)} ms, build ${build.toFixed(0)} ms):`, outcomes);
    // The kills really spread over both phases (7 trials aim at each; timing on a shared machine
    // moves some of them, so the bar is low: the test must not pass with every kill in one phase),
    // and some land between two commits of the sync.
    const count = (pattern: RegExp) =>
      Object.entries(outcomes)
        .filter(([outcome]) => pattern.test(outcome))
        .reduce((sum, [, n]) => sum + n, 0);
    expect(count(/^killed mid-sync/)).toBeGreaterThanOrEqual(2);
    expect(outcomes["killed mid-sync, some ranges committed"] ?? 0).toBeGreaterThanOrEqual(1);
    expect(count(/^killed (?!mid-sync)/)).toBeGreaterThanOrEqual(2);
  });
});
