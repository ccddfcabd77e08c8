import { cpSync } from "node:fs";
import { join } from "node:path";

/**
 * A copy of a database and its publication (symlinks as they are) under `dir`, as
 * `<name>.sqlite` and `<name>/`: what a later run starts from.
 */
export function copyState(
  from: { db: string; out: string },
  dir: string,
  name: string,
): { db: string; out: string } {
  const db = join(dir, `${name}.sqlite`);
  const out = join(dir, name);
  cpSync(from.db, db);
  cpSync(from.out, out, { recursive: true, verbatimSymlinks: true });
  return { db, out };
}
