import { UserError } from "../errors/BaseError.js";
import { causeChain } from "../errors/causeChain.js";

/**
 * A database SQLite reports as damaged (corrupt pages, a file that stopped being a database):
 * a person restores or re-indexes it (exit 1); no retry helps, and it is not a bug of ours.
 */
export class DamagedDatabaseError extends UserError {
  override name = "DamagedDatabaseError";
}

/**
 * The error to end with when `error` (or one of its causes: drizzle wraps SQLite's errors) says
 * the database at `path` is damaged; undefined for any other error.
 */
export function damagedDatabaseError(path: string, error: unknown): DamagedDatabaseError | undefined {
  for (const cause of causeChain(error)) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string" && /^SQLITE_(CORRUPT|NOTADB)/.test(code)) {
      return new DamagedDatabaseError(`The database ${path} is damaged (${cause.message})`, {
        details:
          "Nothing was published. Restore it from a backup, or re-index: move it away and run again (a full backfill). " +
          "In the publish workflow, fall back to the last good database: node scripts/publish-cache.mjs fall-back --ref refs/heads/main (docs/operating.md).",
        cause: error,
      });
    }
  }
  return undefined;
}
