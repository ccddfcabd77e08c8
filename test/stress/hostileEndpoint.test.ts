import { join } from "node:path";
import { afterAll, beforeAll, describe, type ExpectStatic, expect, test } from "vitest";
import { deployMarketplace } from "../../src/devchain/deployMarketplace.js";
import { generateHistory } from "../../src/devchain/generateHistory.js";
import { writeHistory } from "../../src/devchain/writeHistory.js";
import { withoutBidLogs } from "../../tooling/devchain/withoutBidLogs.js";
import {
  createFaultProxy,
  type FaultConfig,
  type FaultProxyStats,
} from "../../tooling/faultProxy/createFaultProxy.js";
import { copyState } from "../support/copyState.js";
import { diffFiles } from "../support/diffFiles.js";
import { withRouterOf } from "../support/expected/withRouter.js";
import { expectedFor } from "../support/expectedFor.js";
import { hashDatabase } from "../support/hashDatabase.js";
import { readPublished } from "../support/readPublished.js";
import { runArgs } from "../support/runArgs.js";
import { type CliResult, parseJson, runCli, spawnCli } from "../support/runCli.js";
import { treeState } from "../support/treeState.js";
import { useDevChain } from "../support/useDevChain.js";
import { useTempDir } from "../support/useTempDir.js";

const endTime = Date.UTC(2026, 4, 12, 9, 0, 0) / 1000;
/** The other contract's history ends an hour later: the chain's last blocks are its. */
const foreignEndTime = endTime + 3600;

/**
 * Every fault class alone, at a rate a public endpoint on a bad day shows; duplicate logs more
 * often (0.8 of the 7 to 11 eth_getLogs answers of a run), so that they strike in every run.
 */
const faultClasses: Array<{ name: string; faults: FaultConfig }> = [
  {
    name: "rate limiter, 15 requests/s",
    faults: { seed: 0, rateLimit: { perSecond: 15, burst: 5, retryAfter: false } },
  },
  { name: "HTTP 429 (half with Retry-After)", faults: { seed: 21, http429: 0.1, retryAfterShare: 0.5 } },
  { name: "HTTP 500/502/503, HTML body", faults: { seed: 2, http5xx: 0.1 } },
  { name: "connection reset", faults: { seed: 3, reset: 0.1 } },
  { name: "hang past the timeout", faults: { seed: 4, hang: 0.04 } },
  { name: "slow answers", faults: { seed: 5, slow: 0.3, slowMs: 300 } },
  { name: "rate limit per call in batches", faults: { seed: 6, callRateLimit: 0.05 } },
  { name: "eth_getLogs block-range cap", faults: { seed: 7, logsBlockLimit: 3 } },
  { name: "eth_getLogs result-count cap", faults: { seed: 8, logsCountLimit: 250 } },
  { name: "eth_getLogs backend unhealthy", faults: { seed: 9, logsUnhealthy: 0.25 } },
  { name: "batch size cap (4 ways)", faults: { seed: 10, maxBatchSize: 7 } },
  { name: "no JSON-RPC batches at all", faults: { seed: 17, maxBatchSize: 1 } },
  // Seed 3: an eth_blockNumber answer is stale, and another one is not.
  { name: "stale eth_blockNumber", faults: { seed: 3, staleHead: 0.5, staleLag: 2 } },
  { name: "null for the newest block", faults: { seed: 12, nullNewestBlock: 1 } },
  { name: "duplicate logs", faults: { seed: 13, duplicateLogs: 0.8 } },
  // 15% of requests: at 30%, a block asked for five times (getBlockHeader's policy) was refused
  // every time with a chance of 0.3^5 = 0.24% per ask, and over a run's asks a trial now and then
  // ended with exit 75, "retry later" (once in a fresh-clone CI run): right for such an endpoint,
  // not this test's point. At 15%: 0.008% per ask.
  {
    name: "a lagging backend answers whole requests (behind head, null blocks, logs cut at its head)",
    faults: { seed: 1016, laggingBackend: 0.15, laggingLag: 12 },
  },
];

/** All of them at once, at lower rates. */
const allTogether: FaultConfig = {
  seed: 99,
  rateLimit: { perSecond: 30, burst: 10 },
  http429: 0.03,
  retryAfterShare: 0.5,
  http5xx: 0.03,
  reset: 0.03,
  hang: 0.01,
  slow: 0.1,
  slowMs: 200,
  callRateLimit: 0.02,
  logsBlockLimit: 4,
  logsCountLimit: 150,
  logsUnhealthy: 0.1,
  maxBatchSize: 10,
  // Not more: a run syncs to the head its endpoint reports, and with two stale answers in a row
  // it stops short of the clean run's block. At 0.3 about a third of the runs see none.
  staleHead: 0.3,
  staleLag: 2,
  nullNewestBlock: 1,
  duplicateLogs: 0.1,
  strayLogs: 0.3,
  laggingBackend: 0.05,
};

/**
 * Flags of the runs through the proxy: plain eth_calls in batches of `batchSize`; in batches of
 * 10, a run makes enough requests (about a hundred) for every class to strike. The files equal
 * Multicall3's.
 */
const faultyFlagsWith = (batchSize: number) => [
  "--rpc-timeout",
  "2000",
  "--no-multicall",
  "--rpc-batch-size",
  String(batchSize),
];
const faultyFlags = faultyFlagsWith(10);

/**
 * Runs of each class (seeds differ from run to run): HOSTILE_TRIALS=5 for the report's table.
 * The runs go concurrently, each through its own proxy; --maxConcurrency=1 times them alone.
 */
const trialsPerClass = Number(process.env.HOSTILE_TRIALS ?? 1);
const trialsOf = <T extends { name: string; faults: FaultConfig }>(classes: T[]) =>
  classes.flatMap((c) =>
    Array.from({ length: trialsPerClass }, (_, trial) => ({
      ...c,
      trial,
      faults: { ...c.faults, seed: (c.faults.seed ?? 0) + 1000 * trial },
    })),
  );

const timings: Array<{ name: string; seconds: number; requests: number; faults: string }> = [];

describe("a hostile RPC endpoint", () => {
  const history = generateHistory({ seed: 21, days: 45, sessionsPerDay: 20, endTime });
  const chain = useDevChain(history, { write: { blockSpanSeconds: 86_400 } });
  const dir = useTempDir("mor-hostile-");
  let foreign: string;
  let clean: Record<string, string>;
  let cleanSeconds: number;
  let cleanDb: string;
  let cleanOut: string;

  beforeAll(async () => {
    // A second marketplace whose logs a faulty endpoint mixes into our answers.
    ({ contract: foreign } = await deployMarketplace(chain.rpcUrl));
    const written = await writeHistory(
      chain.rpcUrl,
      foreign as `0x${string}`,
      // Its bids without logs: the chain's head is past the times they were posted at.
      withoutBidLogs(generateHistory({ seed: 22, days: 3, sessionsPerDay: 30, endTime: foreignEndTime })),
    );
    chain.lastBlock = written.lastBlock;

    cleanDb = join(dir, "clean.sqlite");
    cleanOut = join(dir, "clean");
    const started = performance.now();
    // The clean run alone, before the trials: in here (runCli). The trials below run at once,
    // each as a process of its own (spawnCli): in one process their work would stall each other's
    // timeouts and the proxies', and the suite would test its harness instead of the endpoint.
    parseJson(await runCli(args(chain.rpcUrl, cleanDb, cleanOut)));
    cleanSeconds = (performance.now() - started) / 1000;
    clean = readPublished(cleanOut);
  });

  afterAll(() => {
    if (timings.length > 0) {
      const rows = timings
        .sort((a, b) => a.name.localeCompare(b.name))
        .map(
          (t) =>
            `${t.name.padEnd(40)} ${t.seconds.toFixed(1).padStart(5)} s  x${(t.seconds / cleanSeconds).toFixed(1).padStart(4)}  ${String(t.requests).padStart(5)} req  ${t.faults}`,
        );
      console.log(`clean run (direct, Multicall3): ${cleanSeconds.toFixed(1)} s\n${rows.join("\n")}`);
    }
  });

  const args = (rpcUrl: string, db: string, out: string, ...more: string[]) =>
    runArgs({ rpcUrl, contract: chain.contract }, { db, out }, "--json", ...more);

  /** The CLI run through a proxy of its own with `faults`; the proxy's stats afterwards. */
  const throughProxy = async (faults: FaultConfig, cliArgs: (url: string) => string[]) => {
    const proxy = await createFaultProxy(chain.rpcUrl, faults);
    try {
      const result = await spawnCli(cliArgs(proxy.url), { timeoutMs: 170_000 });
      return { result, stats: proxy.stats };
    } finally {
      await proxy.close();
    }
  };

  /** One sync and build through a faulty proxy into a new database: its files and the stats. */
  const faultyRun = async (name: string, faults: FaultConfig, flags = faultyFlags) => {
    const slug = name.replace(/\W+/g, "-");
    const started = performance.now();
    const { result, stats } = await throughProxy(faults, (url) =>
      args(url, join(dir, `${slug}.sqlite`), join(dir, slug), ...flags),
    );
    const seconds = (performance.now() - started) / 1000;
    const applied = Object.entries(stats.faults)
      .filter(([, n]) => n > 0)
      .map(([fault, n]) => `${fault}=${n}`)
      .join(" ");
    timings.push({ name, seconds, requests: stats.requests, faults: applied });
    if (result.code !== 0) throw new Error(`${name}: CLI exited ${result.code}\n${result.stderr}`);
    return { files: readPublished(join(dir, slug)), stats, result };
  };

  /** Byte-identical to the clean run's files, but for meta.json's count of foreign logs. */
  const expectCleanButForeignLogs = (
    check: ExpectStatic,
    files: Record<string, string>,
    stats: FaultProxyStats,
  ) => {
    const foreignLogs = stats.foreignLogKeys.size;
    const meta = files["meta.json"] as string;
    // Counted twice: for the chain, and for the publication.
    check(meta.split(`"foreignLogs":${foreignLogs}}`)).toHaveLength(3);
    check({
      ...files,
      "meta.json": meta.replaceAll(`"foreignLogs":${foreignLogs}}`, `"foreignLogs":0}`),
    }).toEqual(clean);
  };

  test("default: the clean run publishes what SPEC.md computes", async () => {
    const parsed = Object.fromEntries(
      Object.entries(clean)
        .filter(([path]) => path.endsWith(".json"))
        .map(([path, text]) => [path, JSON.parse(text)]),
    );
    const expected = await withRouterOf(expectedFor(history, { asOf: foreignEndTime }), parsed, [chain]);
    expect(diffFiles(parsed, expected)).toEqual([]);
    expect(JSON.parse(clean["meta.json"] as string).anomalies.foreignLogs).toBe(0);
  });

  // The longest run first (about twice any other): the concurrent tests start in this
  // order, up to maxConcurrency at once, so it runs beside the short ones instead of after them.
  test.concurrent.for(trialsOf([{ name: "all together", faults: allTogether }]))(
    "behavior: every fault class at once, foreign logs too: byte-identical but for the foreign-log count (trial $trial)",
    async ({ name, trial, faults }, { expect }) => {
      // Batches of 20, which the endpoint caps at 10: that class strikes too.
      const { files, stats } = await faultyRun(
        `${name} #${trial}`,
        { ...faults, foreignContract: foreign, foreignShare: 0.3 },
        faultyFlagsWith(20),
      );
      // Rare ones may not strike in a given run: at most two classes (all but an endpoint that
      // stays down are configured) may miss.
      const missed = Object.entries(stats.faults)
        .filter(([fault, n]) => n === 0 && fault !== "down")
        .map(([fault]) => fault);
      expect(missed.length, `missed: ${missed.join(", ")}`).toBeLessThanOrEqual(2);
      expectCleanButForeignLogs(expect, files, stats);
    },
  );

  test.concurrent("behavior: through the proxy without faults, the same files", async ({ expect }) => {
    const { files } = await faultyRun("proxy, no faults", {});
    expect(files).toEqual(clean);
  });

  test.concurrent.for(trialsOf(faultClasses))(
    "behavior: $name (trial $trial): byte-identical files",
    async ({ name, trial, faults }, { expect }) => {
      const { files, stats } = await faultyRun(`${name} #${trial}`, faults);
      // The fault really happened.
      const injected = Object.values(stats.faults).reduce((sum, n) => sum + n, 0);
      expect(injected).toBeGreaterThan(0);
      expect(files).toEqual(clean);
    },
  );

  test.concurrent.for(
    trialsOf([
      { name: "foreign logs mixed in", faults: { seed: 14, foreignContract: "", foreignShare: 0.5 } },
    ]),
  )(
    "behavior: logs of another contract are dropped and counted in meta.json, nothing else changes (trial $trial)",
    async ({ name, trial, faults }, { expect }) => {
      const { files, stats } = await faultyRun(`${name} #${trial}`, { ...faults, foreignContract: foreign });
      expect(stats.foreignLogKeys.size).toBeGreaterThan(10);
      expectCleanButForeignLogs(expect, files, stats);
    },
  );

  test.concurrent("behavior: every fault class at once, through Multicall3 (few, big requests): byte-identical but for the foreign-log count", async ({
    expect,
  }) => {
    const { files, stats } = await faultyRun(
      "all together, Multicall3",
      { ...allTogether, seed: 7, foreignContract: foreign, foreignShare: 0.3 },
      ["--rpc-timeout", "2000"],
    );
    const struck = Object.entries(stats.faults).filter(([, n]) => n > 0);
    expect(struck.length).toBeGreaterThanOrEqual(5);
    expectCleanButForeignLogs(expect, files, stats);
  });

  /** A database and publication from a clean run, copied: what a later run starts from. */
  const previousState = (name: string, from = { db: cleanDb, out: cleanOut }) => {
    const { db, out } = copyState(from, dir, name);
    return { db, out, before: { db: hashDatabase(db), out: treeState(out) } };
  };

  test.concurrent("behavior: a lagging backend (head behind the synced block, which it cannot serve yet) is no reorg", async ({
    expect,
  }) => {
    const { db, out } = previousState("lagging");
    const { result, stats } = await throughProxy(
      { seed: 15, staleHead: 1, staleLag: 3, nullNewestBlock: 6 },
      (url) => args(url, db, out, ...faultyFlags),
    );
    const summary = parseJson<{
      sync: { chains: Array<{ reorg: unknown; blocksSynced: number; toBlock: number }> };
    }>(result);
    expect(stats.faults.nullNewestBlock).toBeGreaterThanOrEqual(3);
    expect(summary.sync.chains[0]).toMatchObject({ reorg: null, blocksSynced: 0, toBlock: chain.lastBlock });
    expect(result.stderr).not.toMatch(/reorganised/);
    expect(readPublished(out)).toEqual(clean);
  });

  describe("an endpoint that stays down", () => {
    const expectTransientFailure = (check: ExpectStatic, result: CliResult) => {
      check(result.code, result.stderr).toBe(75);
      // What was wrong (endpoint, call, last error) and what to do.
      check(result.stderr).toMatch(/RPC endpoint http:\/\/127\.0\.0\.1:\d+/);
      check(result.stderr).toMatch(/Last error: /);
      check(result.stderr).toMatch(/Retry later/);
      // --json: the error as one object on stdout, nothing else.
      check(JSON.parse(result.stdout)).toMatchObject({ error: { name: "TransientError", exitCode: 75 } });
    };

    test.concurrent.for([
      { down: "503" as const, flags: [] },
      { down: "reset" as const, flags: [] },
      { down: "429" as const, flags: [] },
      { down: "hang" as const, flags: ["--rpc-timeout", "300"] },
    ])(
      "error: down ($down) from the first request: exit 75, database and files untouched",
      async ({ down, flags }, { expect }) => {
        const { db, out, before } = previousState(`down-${down}`);
        const { result, stats } = await throughProxy({ seed: 1, down }, (url) =>
          args(url, db, out, "--rpc-retries", "2", ...flags),
        );
        expectTransientFailure(expect, result);
        expect(stats.requests).toBeLessThanOrEqual(3);
        expect(hashDatabase(db)).toBe(before.db);
        expect(treeState(out)).toEqual(before.out);
      },
    );

    test.concurrent("error: the endpoint never returns the last synced block, yet reports it as its head: exit 75, nothing rolled back", async ({
      expect,
    }) => {
      const { db, out, before } = previousState("never-serves-synced-block");
      const { result } = await throughProxy({ seed: 1, nullNewestBlock: 1000 }, (url) =>
        args(url, db, out, ...faultyFlags),
      );
      expect(result.code, result.stderr).toBe(75);
      expect(result.stderr).toMatch(
        /RPC endpoint http:\/\/127\.0\.0\.1:\d+\/ does not return block \d+, the last one synced/,
      );
      expect(result.stderr).toMatch(/Nothing was changed\. Retry later/);
      expect(hashDatabase(db)).toBe(before.db);
      expect(treeState(out)).toEqual(before.out);
    });

    test.concurrent("error: eth_getLogs refused from the middle of a run on: exit 75 within the retries, nothing changed", async ({
      expect,
    }) => {
      // A database and publication some blocks behind the chain.
      const behind = { db: join(dir, "behind.sqlite"), out: join(dir, "behind") };
      parseJson(
        await spawnCli(args(chain.rpcUrl, behind.db, behind.out, "--to-block", String(chain.lastBlock - 8))),
      );
      const { db, out, before } = previousState("down-mid-run", behind);
      const { result, stats } = await throughProxy(
        { seed: 1, down: "unhealthy", downMethods: ["eth_getLogs"] },
        (url) => args(url, db, out, "--rpc-retries", "2"),
      );
      expectTransientFailure(expect, result);
      expect(result.stderr).toMatch(/no backend is currently healthy/);
      // The 8 new blocks go as one range (the size the last run ended with), split on each
      // refusal down to single blocks (7 splits); each block is then asked for at most
      // retries + 1 times.
      expect(stats.calls.eth_getLogs).toBeLessThanOrEqual(7 + 8 * 3);
      expect(hashDatabase(db)).toBe(before.db);
      expect(treeState(out)).toEqual(before.out);
    });
  });
});
