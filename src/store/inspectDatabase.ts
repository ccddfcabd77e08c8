import Database from "better-sqlite3";
import { UserError } from "../errors/BaseError.js";
import { checkSchemaVersion } from "./openStore.js";

/** What an existing database indexes, per chain. */
export type IndexedChain = { chainId: number; contract: string; fromBlock: number };

/**
 * What an existing database was indexed for (empty before its first synced range), read without
 * writing a byte: no pragma that writes, no migration, no lock file. A database written by a
 * newer version, a file that is not SQLite, and a SQLite file of another application are refused.
 */
export function inspectDatabase(path: string): IndexedChain[] {
  let sqlite: Database.Database | undefined;
  try {
    sqlite = new Database(path, { fileMustExist: true });
    sqlite.pragma("busy_timeout = 5000");
    const version = checkSchemaVersion(sqlite, path);
    const tables = sqlite
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
      .pluck()
      .all() as string[];
    if (version === 0) {
      if (tables.length === 0) return [];
      throw new UserError(`The database ${path} belongs to another application`, {
        details: `It holds tables mor-throughput did not create (${tables.slice(0, 5).join(", ")}${tables.length > 5 ? ", ..." : ""}). Nothing was written to it. Point --db at a mor-throughput database, or at a path where one can be created.`,
      });
    }
    if (tables.includes("chains")) {
      return sqlite
        .prepare(
          "SELECT chain_id AS chainId, contract, from_block AS fromBlock FROM chains ORDER BY chain_id",
        )
        .all() as IndexedChain[];
    }
    // Written by 1.0: one chain, in the checkpoint table (opening the database upgrades it).
    if (tables.includes("checkpoint")) {
      return sqlite
        .prepare("SELECT chain_id AS chainId, contract, from_block AS fromBlock FROM checkpoint WHERE id = 1")
        .all() as IndexedChain[];
    }
    return [];
  } catch (error) {
    if (error instanceof UserError) throw error;
    throw new UserError(`Cannot read the database ${path}`, {
      details: `Expected a mor-throughput SQLite database (--db). ${(error as Error).message}`,
      cause: error,
    });
  } finally {
    sqlite?.close();
  }
}
