import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, test } from "vitest";
import { inspectDatabase } from "./inspectDatabase.js";
import { knownSchemaVersion, openDatabase } from "./openDatabase.js";

describe("inspectDatabase", () => {
  const dir = mkdtempSync(join(tmpdir(), "mor-inspect-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("default: a database this version created, before its first synced range, indexes nothing yet", () => {
    const path = join(dir, "fresh.sqlite");
    openDatabase(path).close();
    expect(inspectDatabase(path)).toEqual([]);
  });

  test("behavior: a first open killed between migrating and recording the version (user_version 0) is still ours", () => {
    const path = join(dir, "interrupted.sqlite");
    openDatabase(path).close();
    const sqlite = new Database(path);
    sqlite.pragma("user_version = 0");
    sqlite.close();
    expect(inspectDatabase(path)).toEqual([]);
    const store = openDatabase(path);
    expect(store.sqlite.pragma("user_version", { simple: true })).toBe(knownSchemaVersion());
    store.close();
  });

  test("error: our tables' names alone, without the migrations' journal, are another application's", () => {
    const path = join(dir, "lookalike.sqlite");
    const sqlite = new Database(path);
    sqlite.exec("CREATE TABLE chains (id INTEGER); PRAGMA user_version = 2");
    sqlite.close();
    expect(() => inspectDatabase(path)).toThrow(`The database ${path} belongs to another application`);
  });
});
