import { existsSync, readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { setImmediate as yieldToEvents } from "node:timers/promises";
import { beforeAll, describe, expect, test } from "vitest";
import { generateHistory } from "../../src/devchain/generateHistory.js";
import { killCli } from "../support/killCli.js";
import { readPublished } from "../support/readPublished.js";
import { runArgs } from "../support/runArgs.js";
import { runCli, spawnCli } from "../support/runCli.js";
import { useDevChain } from "../support/useDevChain.js";
import { useFaultProxy } from "../support/useFaultProxy.js";
import { useTempDir } from "../support/useTempDir.js";

const endTime = Date.UTC(2026, 4, 12, 9, 0, 0) / 1000;

describe("readers and other runs while publishing", () => {
  const chain = useDevChain(generateHistory({ seed: 41, days: 30, sessionsPerDay: 40, endTime }));
  // A slow endpoint: a run through it takes seconds, long enough for a second one to start.
  const proxy = useFaultProxy(chain, { seed: 1, slow: 1, slowMs: 200 });
  const dir = useTempDir("mor-concurrency-");
  const db = join(dir, "clean.sqlite");
  let clean: Record<string, string>;

  beforeAll(async () => {
    const run = await runCli(args(chain.rpcUrl, db, join(dir, "clean")));
    expect(run.code, run.stderr).toBe(0);
    clean = readPublished(join(dir, "clean"));
  });

  const args = (rpcUrl: string, database: string, out: string, ...more: string[]) =>
    runArgs({ rpcUrl, contract: chain.contract }, { db: database, out }, ...more);
  const build = (out: string, grace: number, cli = runCli) =>
    cli(["build", "--db", db, "--out", out, "--stuck-grace", String(grace)]);

  test("behavior: a reader polling out/ while sets are published only ever sees one complete set", async () => {
    // The two sets: the same database built with two grace periods.
    for (const [name, grace] of [
      ["set-a", 3600],
      ["set-b", 86_400],
    ] as const) {
      expect((await build(join(dir, name), grace)).code).toBe(0);
    }
    // The same database: the same run time in both (the reader below compares whole files).
    const sets = [
      readPublished(join(dir, "set-a"), { keepRunTime: true }),
      readPublished(join(dir, "set-b"), { keepRunTime: true }),
    ];
    expect(sets[0]).not.toEqual(sets[1]);
    const out = join(dir, "polled");
    expect((await build(out, 3600)).code).toBe(0);

    // One publisher switching between the two sets, one reader polling as fast as it can. The
    // publisher is a process of its own: in here, its synchronous writes would never let the
    // reader look in the middle of one.
    let publishing = true;
    const publisher = (async () => {
      try {
        for (let k = 1; k <= 8; k++) {
          const result = await build(out, k % 2 === 0 ? 3600 : 86_400, spawnCli);
          expect(result.code, result.stderr).toBe(0);
        }
      } finally {
        publishing = false;
      }
    })();
    const seen = { setReads: [0, 0], fileReads: 0 };
    while (publishing) {
      // A reader that resolves `current` once, then reads everything below it.
      const release = realpathSync(join(out, "current"));
      const files = readPublished(release, { keepRunTime: true });
      const index = sets.findIndex((set) => JSON.stringify(set) === JSON.stringify(files));
      expect(index, `a mixed or partial set in ${release}`).toBeGreaterThanOrEqual(0);
      (seen.setReads[index] as number)++;
      // A reader that fetches files one by one through out/api: each file whole, of one set.
      for (const path of Object.keys(sets[0] as Record<string, string>)) {
        const text = readFileSync(join(out, "api", "throughput", path), "utf8");
        expect([sets[0]?.[path], sets[1]?.[path]]).toContain(text);
        seen.fileReads++;
      }
      await yieldToEvents();
    }
    await publisher;
    console.log("reader:", seen);
    expect(seen.setReads[0]).toBeGreaterThan(0);
    expect(seen.setReads[1]).toBeGreaterThan(0);
  });

  test("error: a second run on the same database, or into the same output directory, refuses and never interleaves", async () => {
    for (const shared of ["database", "output directory"] as const) {
      const first = { db: join(dir, `first-${shared}.sqlite`), out: join(dir, `first-${shared}`) };
      const second =
        shared === "database"
          ? { db: first.db, out: join(dir, `second-${shared}`) }
          : { db: join(dir, `second-${shared}.sqlite`), out: first.out };
      let secondRun: Promise<Awaited<ReturnType<typeof runCli>>> | undefined;
      // The first run, a process slowed by the proxy; the second (in here) starts once the first
      // is syncing.
      const firstRun = killCli(
        args(proxy.url, first.db, first.out, "--no-multicall", "--rpc-batch-size", "20"),
        {
          onLine: (line) => {
            if (/^syncing/.test(line)) secondRun = runCli(args(chain.rpcUrl, second.db, second.out));
          },
        },
      );
      const firstResult = await firstRun;
      const secondResult = await (secondRun as Promise<Awaited<ReturnType<typeof runCli>>>);
      expect(secondResult.code, secondResult.stderr).toBe(75);
      const held = shared === "database" ? `the database ${first.db}` : `the output directory ${first.out}`;
      expect(secondResult.stderr).toContain(`Another mor-throughput run is using ${held}`);
      expect(secondResult.stderr).toMatch(/Runs never interleave: wait for the other one to finish/);
      // The first one was not disturbed; the second one wrote nothing.
      expect(firstResult.code, firstResult.stderr).toBe(0);
      expect(readPublished(first.out)).toEqual(clean);
      if (shared === "database") expect(existsSync(join(second.out, "current"))).toBe(false);
      else expect(existsSync(second.db)).toBe(false);
    }
  });
});
