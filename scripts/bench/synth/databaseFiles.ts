import { closeSync, existsSync, fsyncSync, openSync, statSync } from "node:fs";
import Database from "better-sqlite3";

/**
 * Writes a freshly written (or copied) database out of the page cache before it is timed: a
 * database a cron has used for a while has no gigabyte of dirty pages that the timed command's
 * first fsync would have to wait for.
 */
export function flushToDisk(path: string): void {
  for (const file of [path, `${path}-wal`]) {
    if (!existsSync(file)) continue;
    const fd = openSync(file, "r+");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }
}

/** Size on disk and what the database holds besides its closes. */
export function databaseStats(path: string): {
  bytes: number;
  open: number;
  models: number;
  providers: number;
} {
  const bytes = statSync(path).size + (existsSync(`${path}-wal`) ? statSync(`${path}-wal`).size : 0);
  const db = new Database(path, { readonly: true });
  try {
    const row = db
      .prepare(
        `SELECT (SELECT COUNT(*) FROM sessions WHERE close_block IS NULL) AS open,
                (SELECT COUNT(*) FROM models) AS models, (SELECT COUNT(*) FROM providers) AS providers`,
      )
      .get() as { open: number; models: number; providers: number };
    return { bytes, ...row };
  } finally {
    db.close();
  }
}
