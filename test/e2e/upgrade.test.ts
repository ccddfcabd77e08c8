import { join } from "node:path";
import Database from "better-sqlite3";
import { beforeAll, describe, expect, test } from "vitest";
import { generateHistory } from "../../src/devchain/generateHistory.js";
import { knownSchemaVersion } from "../../src/store/openDatabase.js";
import { diffFiles } from "../support/diffFiles.js";
import { expectedOn } from "../support/expectedFor.js";
import { readPublishedJson } from "../support/readPublished.js";
import { runArgs } from "../support/runArgs.js";
import { parseJson, runCli } from "../support/runCli.js";
import { useDevChain } from "../support/useDevChain.js";
import { useTempDir } from "../support/useTempDir.js";
import { writeVersion1Database } from "../support/writeVersion1Database.js";
import { writeVersion11Database } from "../support/writeVersion11Database.js";

/**
 * A database written by mor-throughput 1.0 (one chain, no 1.1 figures) or 1.1 (no bid logs, bids
 * without their times) upgrades in place: the committed migrations move its rows, the next sync
 * reads its closes and bids again for what they lack and scans its blocks once for bid logs (no
 * block is indexed again), and the files equal SPEC.md 1.2's.
 */
const endTime = Date.UTC(2026, 9, 1) / 1000;

describe("a 1.0 database", () => {
  const history = generateHistory({ seed: 51, days: 40, sessionsPerDay: 20, endTime });
  const chain = useDevChain(history);
  const dir = useTempDir("mor-upgrade-");

  beforeAll(async () => {
    const synced = await runCli(runArgs(chain, { db: join(dir, "v11.sqlite"), out: join(dir, "v11") }));
    expect(synced.code, synced.stderr).toBe(0);
    writeVersion1Database(join(dir, "v11.sqlite"), join(dir, "v10.sqlite"));
  });

  test("error: build alone cannot publish the 1.1 figures before a sync read them: exit 1, says what to do", async () => {
    const db = join(dir, "build-first.sqlite");
    writeVersion1Database(join(dir, "v11.sqlite"), db);
    const result = await runCli(["build", "--db", db, "--out", join(dir, "build-first")]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /closes of this database were indexed by mor-throughput 1\.0 and lack the 1\.1 figures/,
    );
    expect(result.stderr).toMatch(/Run `mor-throughput sync` \(or `run`\) once with the same --db/);
  });

  test("default: upgraded in place by the next run, nothing indexed again, every file as SPEC.md 1.1 says", async () => {
    const db = join(dir, "v10.sqlite");
    const closes = new Database(db, { readonly: true });
    const before = closes
      .prepare("SELECT COUNT(*) FROM closes WHERE closed_at IS NOT NULL")
      .pluck()
      .get() as number;
    expect(closes.pragma("user_version", { simple: true })).toBe(1);
    closes.close();

    const summary = parseJson<{
      sync: { chains: Array<{ blocksSynced: number; refilled: number; reorg: unknown }> };
    }>(await runCli([...runArgs(chain, { db, out: join(dir, "upgraded") }), "--json"]));
    expect(summary.sync.chains[0]).toMatchObject({ blocksSynced: 0, reorg: null, refilled: before });
    expect(
      diffFiles(
        readPublishedJson(join(dir, "upgraded")),
        await expectedOn(chain, history, { asOf: endTime }),
      ),
    ).toEqual([]);
    const upgraded = new Database(db, { readonly: true });
    // Every committed migration applied (their count: the journal's entries).
    expect(upgraded.pragma("user_version", { simple: true })).toBe(knownSchemaVersion());
    expect(
      upgraded
        .prepare("SELECT COUNT(*) FROM closes WHERE tps IS NULL AND closed_at IS NOT NULL")
        .pluck()
        .get(),
    ).toBe(0);
    upgraded.close();
  });
});

describe("a 1.1 database", () => {
  const history = generateHistory({ seed: 52, days: 30, sessionsPerDay: 20, endTime });
  const chain = useDevChain(history);
  const dir = useTempDir("mor-upgrade-11-");

  beforeAll(async () => {
    const synced = await runCli(runArgs(chain, { db: join(dir, "v12.sqlite"), out: join(dir, "v12") }));
    expect(synced.code, synced.stderr).toBe(0);
  });

  test("default: upgraded in place by the next run: its bids read again, its blocks scanned once for bid logs, market.json as SPEC.md 1.2 says", async () => {
    const db = join(dir, "v11.sqlite");
    writeVersion11Database(join(dir, "v12.sqlite"), db);
    // Before a sync, a build publishes what it knows and says the market is not complete.
    const early = await runCli(["build", "--db", db, "--out", join(dir, "early")]);
    expect(early.code, early.stderr).toBe(0);
    const earlyMeta = readPublishedJson(join(dir, "early"))["meta.json"] as {
      marketComplete: boolean;
      chains: Array<{ marketComplete: boolean }>;
    };
    expect([earlyMeta.marketComplete, earlyMeta.chains[0]?.marketComplete]).toEqual([false, false]);

    const sessionBids = new Set(history.sessions.map((s) => s.bidId.toLowerCase())).size;
    const summary = parseJson<{
      sync: {
        chains: Array<{
          blocksSynced: number;
          refilled: number;
          bidsRefilled: number;
          bidScan: { blocks: number; logs: number; complete: boolean };
          rpc: { rpcCalls: number };
        }>;
      };
    }>(await runCli([...runArgs(chain, { db, out: join(dir, "upgraded") }), "--json"]));
    const posts = history.bids.length;
    const deletions = history.bids.filter((b) => b.deletedAt !== undefined).length;
    const reposts = posts - new Set(history.bids.map((b) => `${b.provider}:${b.modelId}`)).size;
    expect(summary.sync.chains[0]).toMatchObject({
      blocksSynced: 0,
      refilled: 0,
      bidsRefilled: sessionBids,
      bidScan: { blocks: chain.lastBlock + 1, logs: posts + deletions + reposts, complete: true },
    });
    const published = readPublishedJson(join(dir, "upgraded"));
    expect(diffFiles(published, await expectedOn(chain, history, { asOf: endTime }))).toEqual([]);
    expect((published["meta.json"] as { marketComplete: boolean }).marketComplete).toBe(true);
    // The same files as the database synced by 1.2 from the start.
    expect(published["market.json"]).toEqual(readPublishedJson(join(dir, "v12"))["market.json"]);
    // The scan is done: the next run scans nothing.
    const again = parseJson<{ sync: { chains: Array<{ bidScan: { blocks: number } }> } }>(
      await runCli([...runArgs(chain, { db, out: join(dir, "upgraded") }), "--json"]),
    );
    expect(again.sync.chains[0]?.bidScan.blocks).toBe(0);
  });
});
