import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";

/**
 * A database's fingerprint: the bytes of the file and of its WAL and rollback journal, when
 * present (not its lock or shared-memory files, which a refused run may touch). Equal
 * fingerprints: nothing in the database changed.
 */
export function hashDatabase(path: string): string {
  return [path, `${path}-wal`, `${path}-journal`]
    .map((file) =>
      existsSync(file) ? createHash("sha256").update(readFileSync(file)).digest("hex") : "missing",
    )
    .join(" ");
}
