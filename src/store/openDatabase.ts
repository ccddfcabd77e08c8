import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import Sqlite from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { BaseError, UserError } from "../errors/BaseError.js";
import { makeDirectory } from "../util/makeDirectory.js";
import { packageRoot } from "../util/packageRoot.js";

/**
 * The index's SQLite database, open: schema/*.ts declares it (drizzle-kit writes the committed
 * migrations from it, and drizzle's migrator applies them); the store's statements (statements/*.ts,
 * typed from the schema) query it. The sync sees it as a SyncDatabase, the build as an IndexReader.
 */
export type Database = {
  sqlite: Sqlite.Database;
  close(): void;
};

/** The committed migrations, shipped with the package. */
export function migrationsFolder(): string {
  return join(packageRoot(), "src", "store", "migrations");
}

/** How many migrations this build knows: PRAGMA user_version holds the count applied. */
export function knownSchemaVersion(folder = migrationsFolder()): number {
  const journal = JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/**
 * Opens (or creates) the SQLite database, sets the pragmas, and applies the committed
 * migrations. A database written by a newer version is refused before anything changes.
 */
export function openDatabase(path: string, migrations = migrationsFolder()): Database {
  if (path !== ":memory:") {
    try {
      makeDirectory(dirname(path));
    } catch (error) {
      throw new UserError(`Cannot create the database folder ${dirname(path)}`, {
        details: `Expected a writable location for --db. ${(error as Error).message}`,
        cause: error,
      });
    }
  }
  let sqlite: Sqlite.Database;
  try {
    sqlite = new Sqlite(path);
    sqlite.pragma("busy_timeout = 5000");
  } catch (error) {
    throw new UserError(`Cannot open the database ${path}`, {
      details: `Expected a writable SQLite file (--db). ${(error as Error).message}`,
      cause: error,
    });
  }
  const known = knownSchemaVersion(migrations);
  let version: number;
  try {
    // Before any pragma that writes (journal_mode): a newer database is left exactly as it was.
    version = checkSchemaVersion(sqlite, path, known);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = NORMAL");
    sqlite.pragma("foreign_keys = ON");
  } catch (error) {
    sqlite.close();
    if (error instanceof UserError) throw error;
    throw new UserError(`Cannot open the database ${path}`, {
      details: `Expected a writable SQLite file (--db). ${(error as Error).message}`,
      cause: error,
    });
  }
  if (version < known) {
    try {
      migrate(drizzle(sqlite), { migrationsFolder: migrations });
    } catch (error) {
      sqlite.close();
      throw new UserError(`Cannot apply migrations to ${path}`, {
        details: `Expected a mor-throughput database. ${(error as Error).message}`,
        cause: error,
      });
    }
    // drizzle applies a migration only when its journal time is later than the last one applied:
    // one stamped earlier is skipped without a word. The schema version is set only when every
    // committed migration is recorded as applied.
    const applied =
      sqlite.prepare<[], number>("SELECT count(*) FROM __drizzle_migrations").pluck().get() ?? 0;
    if (applied !== known) {
      sqlite.close();
      throw new BaseError(`${known - applied} of the committed migrations were not applied to ${path}`, {
        details: `The database records ${applied} of ${known}: a migration's journal time (meta/_journal.json, "when") is not later than the one before it. Nothing else was changed; this is a bug of this build.`,
      });
    }
    sqlite.pragma(`user_version = ${known}`);
  }
  return { sqlite, close: () => sqlite.close() };
}

/** The database's schema version (PRAGMA user_version); one newer than this build knows is refused. */
export function checkSchemaVersion(
  sqlite: Sqlite.Database,
  path: string,
  known = knownSchemaVersion(),
): number {
  const version = Number(sqlite.pragma("user_version", { simple: true }));
  if (version > known) {
    throw new UserError(`The database ${path} was written by a newer mor-throughput`, {
      details: `Its schema version is ${version}; this version knows up to ${known}. Upgrade mor-throughput, or use another --db.`,
    });
  }
  return version;
}
