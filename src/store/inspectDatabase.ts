import Database from "better-sqlite3";
import { UserError } from "../errors/BaseError.js";
import { damagedDatabaseError } from "./DamagedDatabaseError.js";
import { checkSchemaVersion } from "./openDatabase.js";

/** What an existing database indexes, per chain. */
export type IndexedChain = { chainId: number; contract: string; fromBlock: number };

/**
 * What an existing database was indexed for (empty before its first synced range), read without
 * writing a byte: no pragma that writes, no migration, no lock file. A database written by a
 * newer version, a file that is not SQLite, and a SQLite file of another application (any table
 * but ours, whatever its user_version) are refused.
 */
export function inspectDatabase(path: string): IndexedChain[] {
  let sqlite: Database.Database | undefined;
  try {
    sqlite = new Database(path, { fileMustExist: true });
    sqlite.pragma("busy_timeout = 5000");
    const tables = sqlite
      .prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table'")
      .pluck()
      .all();
    if (tables.length === 0) return []; // empty: ours to create
    // Ours: the migrations' journal and the chains' table (1.0: the checkpoint), whatever
    // user_version says (0 after a first open killed between migrating and recording it).
    // Checked before the version, so another application's version is not taken for ours.
    const ours =
      tables.includes("__drizzle_migrations") && (tables.includes("chains") || tables.includes("checkpoint"));
    if (!ours) {
      const theirs = tables.filter((name) => !name.startsWith("sqlite_"));
      throw new UserError(`The database ${path} belongs to another application`, {
        details: `It holds tables mor-throughput did not create (${theirs.slice(0, 5).join(", ")}${theirs.length > 5 ? ", ..." : ""}). Nothing was written to it. Point --db at a mor-throughput database, or at a path where one can be created.`,
      });
    }
    checkSchemaVersion(sqlite, path);
    if (tables.includes("chains")) {
      return sqlite
        .prepare<[], IndexedChain>(
          "SELECT chain_id AS chainId, contract, from_block AS fromBlock FROM chains ORDER BY chain_id",
        )
        .all();
    }
    // Written by 1.0: one chain, in the checkpoint table (opening the database upgrades it).
    return sqlite
      .prepare<[], IndexedChain>(
        "SELECT chain_id AS chainId, contract, from_block AS fromBlock FROM checkpoint WHERE id = 1",
      )
      .all();
  } catch (error) {
    if (error instanceof UserError) throw error;
    if ((error as { code?: string }).code === "SQLITE_NOTADB") {
      throw new UserError(`${path} is not a SQLite database`, {
        details:
          "Expected a mor-throughput database, or a path where one can be created (--db). Nothing was written to it.",
        cause: error,
      });
    }
    const damaged = damagedDatabaseError(path, error);
    if (damaged) throw damaged;
    throw new UserError(`Cannot read the database ${path}`, {
      details: `Expected a mor-throughput SQLite database (--db). ${(error as Error).message}`,
      cause: error,
    });
  } finally {
    sqlite?.close();
  }
}
