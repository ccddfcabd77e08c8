import { ExitCode } from "./ExitCode.js";

/** What an error of the system (Node's fs, SQLite) means for a cron: its exit code and what to do. */
export type SystemErrorPolicy = { exitCode: ExitCode; hint: string };

const diskFull: SystemErrorPolicy = {
  exitCode: ExitCode.transient,
  hint: "The disk is full: free some space; the next run continues where this one stopped.",
};
const busy: SystemErrorPolicy = {
  exitCode: ExitCode.transient,
  hint: "The database is busy: another process holds it. Retry later.",
};
const readOnly: SystemErrorPolicy = {
  exitCode: ExitCode.badInput,
  hint: "The path is read-only or not this user's to write: point --db or --out at a writable location.",
};
const corrupt: SystemErrorPolicy = {
  exitCode: ExitCode.badInput,
  hint: "The database file is damaged: restore it from a backup, or re-index into a new --db.",
};

/**
 * By error code, where a retry can help (a full disk, a busy file: 75) and where a person has to
 * act (a read-only path, a damaged file: 1). SQLite's extended codes (SQLITE_BUSY_SNAPSHOT, ...)
 * take their primary code's policy.
 */
const policies: Record<string, SystemErrorPolicy> = {
  ENOSPC: diskFull,
  EDQUOT: diskFull,
  SQLITE_FULL: diskFull,
  SQLITE_BUSY: busy,
  SQLITE_LOCKED: busy,
  EROFS: readOnly,
  EACCES: readOnly,
  EPERM: readOnly,
  SQLITE_READONLY: readOnly,
  SQLITE_CANTOPEN: readOnly,
  SQLITE_CORRUPT: corrupt,
  SQLITE_NOTADB: corrupt,
};

/** The policy for a system error's code, if it has one. */
export function systemErrorPolicy(code: unknown): SystemErrorPolicy | undefined {
  if (typeof code !== "string") return undefined;
  return policies[code] ?? policies[code.replace(/^(SQLITE_[A-Z]+)_.*$/, "$1")];
}
