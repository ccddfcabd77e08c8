import { UserError } from "../errors/BaseError.js";

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
  for (let cause = error, depth = 0; cause instanceof Error && depth < 8; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string" && /^SQLITE_(CORRUPT|NOTADB)/.test(code)) {
      return new DamagedDatabaseError(`The database ${path} is damaged (${cause.message})`, {
        details:
          "Nothing was published. Restore it from a backup, or re-index: move it away and run again (a full backfill). " +
          "In the publish workflow, delete the newest throughput-db- entry (Actions → Caches): the next run restores the one before.",
        cause: error,
      });
    }
    cause = cause.cause;
  }
  return undefined;
}
