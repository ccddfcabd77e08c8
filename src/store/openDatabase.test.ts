import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { BaseError } from "../errors/BaseError.js";
import { knownSchemaVersion, migrationsFolder, openDatabase } from "./openDatabase.js";

type Journal = { entries: Array<{ idx: number; when: number; tag: string }> };

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The committed migrations in a folder of their own, with one more added (its journal time given). */
function withOneMore(when: (last: number) => number): string {
  const dir = mkdtempSync(join(tmpdir(), "mor-migrations-"));
  dirs.push(dir);
  cpSync(migrationsFolder(), dir, { recursive: true });
  const path = join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(path, "utf8")) as Journal;
  const last = journal.entries.at(-1) as Journal["entries"][number];
  const tag = `${String(journal.entries.length).padStart(4, "0")}_later`;
  journal.entries.push({ ...last, idx: last.idx + 1, when: when(last.when), tag });
  writeFileSync(path, JSON.stringify(journal));
  writeFileSync(join(dir, `${tag}.sql`), "ALTER TABLE `chains` ADD `later_column` integer;");
  return dir;
}

describe("openDatabase's migrations", () => {
  test("default: a migration added later is applied to a database at the last version", () => {
    const dir = withOneMore((last) => last + 1);
    const db = join(dir, "db.sqlite");
    openDatabase(db).close();
    const store = openDatabase(db, dir);
    const columns = store.sqlite.prepare("SELECT name FROM pragma_table_info('chains')").pluck().all();
    expect(columns).toContain("later_column");
    expect(store.sqlite.pragma("user_version", { simple: true })).toBe(knownSchemaVersion() + 1);
    store.close();
  });

  test("error: a migration stamped no later than the last applied is not skipped in silence", () => {
    // drizzle-kit stamps a new migration with the clock; the committed ones lie in the future.
    const dir = withOneMore((last) => last - 1);
    const db = join(dir, "db.sqlite");
    openDatabase(db).close();
    expect(() => openDatabase(db, dir)).toThrow(BaseError);
    expect(() => openDatabase(db, dir)).toThrow(/1 of the committed migrations were not applied/);
    // The version still says the last applied one: the next open tries again.
    const store = openDatabase(db);
    expect(store.sqlite.pragma("user_version", { simple: true })).toBe(knownSchemaVersion());
    store.close();
  });
});
