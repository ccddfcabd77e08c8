import { dirname } from "node:path";
import Database from "better-sqlite3";
import { UserError } from "../errors/BaseError.js";
import { makeDirectory } from "../util/makeDirectory.js";
import { LockedError } from "./LockedError.js";

export type Lock = { release(): void };

/**
 * An exclusive lock held for the life of the process: an open write transaction on a small
 * SQLite file. The operating system drops it when the process ends, however it ends (SIGKILL
 * included), so a crashed run never leaves a stale lock behind.
 */
export function acquireLock(path: string, what: string): Lock {
  let db: Database.Database;
  try {
    makeDirectory(dirname(path));
    db = new Database(path);
    db.pragma("busy_timeout = 0");
    db.pragma("journal_mode = MEMORY"); // no -journal file beside the lock
    db.exec("BEGIN EXCLUSIVE");
  } catch (error) {
    const busy = (error as { code?: string }).code?.startsWith("SQLITE_BUSY");
    if (busy) {
      throw new LockedError(`Another mor-throughput run is using ${what}`, {
        details: `The lock ${path} is held. Runs never interleave: wait for the other one to finish.`,
        cause: error,
      });
    }
    throw new UserError(`Cannot create the lock file ${path}`, {
      details: `Expected a writable location for ${what}. ${(error as Error).message}`,
      cause: error,
    });
  }
  return {
    release() {
      try {
        db.exec("ROLLBACK");
      } finally {
        db.close();
      }
    },
  };
}
