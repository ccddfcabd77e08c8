import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { repoRoot } from "./sourceFiles.js";

type Journal = { entries: Array<{ idx: number; when: number; tag: string }> };

const folder = join(repoRoot, "src", "store", "migrations");
const journal = JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8")) as Journal;

/**
 * drizzle applies a migration only when its journal time ("when") is later than the last one a
 * database has applied: a new migration that `npm run db:generate` stamps with today's clock,
 * below a committed one stamped in the future, would never reach a database (openDatabase then
 * refuses it, but only at run time).
 */
describe("the committed migrations", () => {
  test("default: numbered in order, each with its SQL, each stamped later than the one before", () => {
    expect(journal.entries.length).toBeGreaterThan(3);
    journal.entries.forEach((entry, i) => {
      expect(entry.idx).toBe(i);
      expect(entry.tag.startsWith(String(i).padStart(4, "0"))).toBe(true);
      expect(existsSync(join(folder, `${entry.tag}.sql`))).toBe(true);
      if (i > 0) expect(entry.when).toBeGreaterThan(journal.entries[i - 1]?.when as number);
    });
  });
});
