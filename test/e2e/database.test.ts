import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type DevChain, startDevChain } from "../../src/devchain/startDevChain.js";
import { oneSessionHistory } from "../support/oneSessionHistory.js";
import { chainArgs, runArgs } from "../support/runArgs.js";
import { runCli } from "../support/runCli.js";
import { treeState } from "../support/treeState.js";

/**
 * --db pointing at a file that is not a mor-throughput database (issue 12): refused before a byte
 * is written, exit 1, and the message says so.
 */
describe("a database that is not ours", () => {
  const endTime = Date.UTC(2026, 6, 1) / 1000;
  let chain: DevChain;
  let dir: string;
  let caseNumber = 0;

  beforeAll(async () => {
    chain = await startDevChain(oneSessionHistory(endTime));
    dir = mkdtempSync(join(tmpdir(), "mor-database-"));
  });
  afterAll(async () => {
    await chain?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

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
