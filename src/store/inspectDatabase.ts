import Database from "better-sqlite3";
import { UserError } from "../errors/BaseError.js";
import type { IndexIdentity } from "../sync/checkIdentity.js";
import { checkSchemaVersion } from "./openStore.js";

/**
 * What an existing database was indexed for (undefined before its first synced range), read
 * without writing a byte: no pragma that writes, no migration, no lock file. A database written
 * by a newer version, or no mor-throughput database at all, is refused.
 */
export function inspectDatabase(path: string): IndexIdentity | undefined {
  let sqlite: Database.Database | undefined;
  try {
    sqlite = new Database(path, { fileMustExist: true });
    sqlite.pragma("busy_timeout = 5000");
    checkSchemaVersion(sqlite, path);
    const table = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'checkpoint'");
    if (!table.get()) return undefined;
    return sqlite
      .prepare("SELECT chain_id AS chainId, contract, from_block AS fromBlock FROM checkpoint WHERE id = 1")
      .get() as IndexIdentity | undefined;
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
