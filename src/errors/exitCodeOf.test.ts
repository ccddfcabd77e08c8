import { describe, expect, test } from "vitest";
import {
  BaseError,
  type ExitCode,
  exitCodeOf,
  systemHintOf,
  TransientError,
  UserError,
} from "./BaseError.js";

/** An error as Node's fs or better-sqlite3 throws it: a message and a code. */
const system = (code: string, message = code) => Object.assign(new Error(message), { code });

describe("exitCodeOf", () => {
  test("default: every mapping, pinned", () => {
    const cases: Array<[string, unknown, ExitCode]> = [
      ["a user error", new UserError("bad flag"), 1],
      ["a transient error", new TransientError("endpoint down"), 75],
      ["our base error (a bug)", new BaseError("unreachable"), 2],
      ["a plain error (a bug)", new Error("oops"), 2],
      ["not an error at all", "a string", 2],
      ["disk full (fs)", system("ENOSPC"), 75],
      ["quota exceeded (fs)", system("EDQUOT"), 75],
      ["disk full (SQLite)", system("SQLITE_FULL", "database or disk is full"), 75],
      ["a busy database", system("SQLITE_BUSY", "database is locked"), 75],
      ["a busy database, extended code", system("SQLITE_BUSY_SNAPSHOT"), 75],
      ["a locked table", system("SQLITE_LOCKED"), 75],
      ["a read-only file system", system("EROFS"), 1],
      ["no permission", system("EACCES"), 1],
      ["not permitted", system("EPERM"), 1],
      ["a read-only database", system("SQLITE_READONLY"), 1],
      ["a database that cannot be opened", system("SQLITE_CANTOPEN"), 1],
      ["a damaged database", system("SQLITE_CORRUPT", "database disk image is malformed"), 1],
      ["a damaged database, extended code", system("SQLITE_CORRUPT_VTAB"), 1],
      ["not a database", system("SQLITE_NOTADB", "file is not a database"), 1],
      ["another code (a bug until it has a policy)", system("ECONNRESET"), 2],
    ];
    expect(cases.map(([name, error]) => [name, exitCodeOf(error)])).toEqual(
      cases.map(([name, , code]) => [name, code]),
    );
  });

  test("behavior: the cause chain is walked; the first error with a policy decides", () => {
    expect(exitCodeOf(new Error("wrapped", { cause: new TransientError("down") }))).toBe(75);
    expect(
      exitCodeOf(new Error("wrapped", { cause: new Error("twice", { cause: system("SQLITE_FULL") }) })),
    ).toBe(75);
    // Ours wins over the system error it wraps: it chose its code knowing the cause.
    expect(exitCodeOf(new UserError("cannot open", { cause: system("SQLITE_BUSY") }))).toBe(1);
    const loop = new Error("a cycle");
    (loop as { cause?: unknown }).cause = loop;
    expect(exitCodeOf(loop)).toBe(2);
  });

  test("behavior: an error of the system says what to do", () => {
    expect(systemHintOf(system("ENOSPC"))).toMatch(/free some space; the next run continues/);
    expect(systemHintOf(system("SQLITE_CORRUPT"))).toMatch(/restore it from a backup, or re-index/);
    expect(systemHintOf(new UserError("x"))).toBeUndefined();
  });
});
