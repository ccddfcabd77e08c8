import { closeSync, copyFileSync, mkdirSync, openSync, statSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { beforeAll, describe, expect, test } from "vitest";
import { generateHistory } from "../../src/devchain/generateHistory.js";
import { acquireLock } from "../../src/store/acquireLock.js";
import { openDatabase } from "../../src/store/openDatabase.js";
import { oneSessionHistory } from "../support/oneSessionHistory.js";
import { chainArgs, runArgs } from "../support/runArgs.js";
import { runCli } from "../support/runCli.js";
import { treeState } from "../support/treeState.js";
import { useDevChain } from "../support/useDevChain.js";
import { useTempDir } from "../support/useTempDir.js";

/**
 * --db pointing at a file that is not a mor-throughput database (issue 12): refused before a byte
 * is written, exit 1, and the message says so.
 */
describe("a database that is not ours", () => {
  const endTime = Date.UTC(2026, 6, 1) / 1000;
  const chain = useDevChain(oneSessionHistory(endTime));
  const dir = useTempDir("mor-database-");
  let caseNumber = 0;

  /** Another application's SQLite files, each written by `make` into a folder of its own. */
  const foreign: Record<string, (path: string) => void> = {
    "tables, user_version 0": (path) =>
      sqlite(
        path,
        "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes VALUES (1, 'x')",
      ),
    "tables, its own user_version": (path) =>
      sqlite(path, "CREATE TABLE users (id INTEGER PRIMARY KEY); PRAGMA user_version = 1"),
    "another drizzle app": (path) =>
      sqlite(
        path,
        "CREATE TABLE __drizzle_migrations (id INTEGER PRIMARY KEY, hash TEXT, created_at NUMERIC); CREATE TABLE posts (id INTEGER PRIMARY KEY); PRAGMA user_version = 2",
      ),
    "a user_version past ours": (path) =>
      sqlite(path, "CREATE TABLE things (id INTEGER PRIMARY KEY); PRAGMA user_version = 42"),
    "in WAL mode": (path) =>
      sqlite(
        path,
        "PRAGMA journal_mode = WAL; CREATE TABLE items (id INTEGER PRIMARY KEY); INSERT INTO items VALUES (1)",
      ),
  };

  async function refused(kind: string, command: "build" | "sync" | "run") {
    const caseDir = join(dir, `case-${++caseNumber}`);
    mkdirSync(caseDir);
    const db = join(caseDir, "app.sqlite");
    foreign[kind]?.(db);
    const out = join(caseDir, "out");
    const args =
      command === "build"
        ? ["build", "--db", db, "--out", out]
        : command === "run"
          ? runArgs(chain, { db, out })
          : ["sync", ...chainArgs(chain, db)];
    const before = treeState(caseDir);
    const result = await runCli(args, { timeoutMs: 60_000 });
    return { result, changed: treeState(caseDir), before, caseDir };
  }

  test.each(Object.keys(foreign))(
    "error: build, sync and run refuse another application's SQLite file (%s), exit 1, not a byte written",
    async (kind) => {
      for (const command of ["build", "sync", "run"] as const) {
        const { result, changed, before, caseDir } = await refused(kind, command);
        expect(result.code, `${command}: ${result.stderr}`).toBe(1);
        expect(result.stderr.split(caseDir).join("<dir>")).toMatch(
          /^error: The database <dir>\/app\.sqlite belongs to another application\nIt holds tables mor-throughput did not create \(\w+(, \w+)*\)\. Nothing was written to it\./,
        );
        // The file byte for byte, and nothing beside it: no lock file, no journal, no output directory.
        expect(changed, command).toEqual(before);
      }
    },
  );

  test("error: a file that is not SQLite at all is refused the same way", async () => {
    const caseDir = join(dir, "text");
    mkdirSync(caseDir);
    const db = join(caseDir, "notes.txt");
    writeFileSync(db, "not a database, but somebody's notes\n".repeat(200));
    const before = treeState(caseDir);
    for (const args of [
      ["build", "--db", db, "--out", join(caseDir, "out")],
      runArgs(chain, { db, out: join(caseDir, "out") }),
    ]) {
      const result = await runCli(args, { timeoutMs: 60_000 });
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr.split(caseDir).join("<dir>")).toMatch(
        /^error: <dir>\/notes\.txt is not a SQLite database\nExpected a mor-throughput database, or a path where one can be created \(--db\)\. Nothing was written to it\./,
      );
      expect(treeState(caseDir)).toEqual(before);
    }
  });
});

function sqlite(path: string, sql: string): void {
  const db = new Database(path);
  db.exec(sql);
  db.close();
}

/**
 * A database with corrupt pages in the middle (a disk, a copy or a cache gone wrong): exit 1 with
 * what to do, not an internal error, and the locks released (issue 12).
 */
describe("a damaged database", () => {
  const endTime = Date.UTC(2026, 6, 1) / 1000;
  const chain = useDevChain(generateHistory({ seed: 12, days: 20, sessionsPerDay: 60, endTime }));
  const dir = useTempDir("mor-damaged-");
  const good = join(dir, "good.sqlite");

  beforeAll(async () => {
    const run = await runCli(runArgs(chain, { db: good, out: join(dir, "good-out") }));
    expect(run.code, run.stderr).toBe(0);
  });

  /** A copy of the good database with a fifth of its pages, from the middle on, overwritten. */
  function damagedCopy(name: string): string {
    const path = join(dir, name);
    copyFileSync(good, path);
    const pageSize = 4096;
    const pages = statSync(path).size / pageSize;
    const fd = openSync(path, "r+");
    for (let page = Math.floor(pages * 0.4); page < Math.floor(pages * 0.6); page++)
      writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, page * pageSize);
    closeSync(fd);
    return path;
  }

  test.each(["build", "run"] as const)(
    "error: %s exits 1, says to restore or re-index, and leaves no lock held",
    async (command) => {
      const db = damagedCopy(`${command}.sqlite`);
      const out = join(dir, `${command}-out`);
      const args = command === "build" ? ["build", "--db", db, "--out", out] : runArgs(chain, { db, out });
      const result = await runCli(args);
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr.split(dir).join("<dir>")).toMatch(
        new RegExp(
          `(^|\\n)error: The database <dir>/${command}\\.sqlite is damaged \\(database disk image is malformed\\)\\n` +
            "Nothing was published\\. Restore it from a backup, or re-index: move it away and run again \\(a full backfill\\)\\.",
        ),
      );
      expect(result.stderr).not.toMatch(/\n\s+at /); // no stack
      // Both locks are free: another process takes them at once.
      for (const path of [`${db}.lock`, join(out, ".lock")]) acquireLock(path, path).release();
      // The same output directory takes a good database's publication.
      const rebuilt = await runCli(["build", "--db", good, "--out", out]);
      expect(rebuilt.code, rebuilt.stderr).toBe(0);
    },
  );
});

/** Another run holds the database or the output directory: a cron's "try again later", 75. */
describe("a database in use", () => {
  const dir = useTempDir("mor-in-use-");
  const db = join(dir, "db.sqlite");
  beforeAll(async () => {
    openDatabase(db).close();
  });

  test.each([
    ["the database", (_out: string) => `${db}.lock`],
    ["the output directory", (out: string) => join(out, ".lock")],
  ])("error: a second run while another holds %s exits 75 and says to wait", async (what, lockPath) => {
    const out = join(dir, `out-${what.replaceAll(" ", "-")}`);
    const lock = acquireLock(lockPath(out), what);
    try {
      const result = await runCli(["build", "--db", db, "--out", out, "--json"]);
      expect(result.code, result.stderr).toBe(75);
      const held = what === "the database" ? `the database ${db}` : `the output directory ${out}`;
      expect(JSON.parse(result.stdout)).toEqual({
        error: {
          name: "LockedError",
          message: `Another mor-throughput run is using ${held}`,
          details: expect.stringMatching(/Runs never interleave: wait for the other one to finish/),
          exitCode: 75,
        },
      });
    } finally {
      lock.release();
    }
  });
});
