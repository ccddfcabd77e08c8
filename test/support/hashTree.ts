import { createHash } from "node:crypto";
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { join } from "node:path";

/**
 * A fingerprint of a file or a directory tree: every entry's path, kind and bytes (a symlink by
 * its target, not followed). Equal fingerprints: nothing was added, removed or changed.
 */
export function hashTree(path: string): string {
  const hash = createHash("sha256");
  const walk = (entry: string, name: string) => {
    const stat = lstatSync(entry);
    if (stat.isSymbolicLink()) {
      hash.update(`link ${name} -> ${readlinkSync(entry)}\n`);
    } else if (stat.isDirectory()) {
      hash.update(`dir ${name}\n`);
      for (const child of readdirSync(entry).sort()) walk(join(entry, child), `${name}/${child}`);
    } else {
      hash.update(`file ${name} ${stat.size}\n`);
      hash.update(readFileSync(entry));
    }
  };
  if (!existsSync(path)) return "missing";
  walk(path, ".");
  return hash.digest("hex");
}

/** A database's fingerprint: the file and its WAL / shared-memory siblings, when present. */
export function hashDatabase(path: string): string {
  return [path, `${path}-wal`, `${path}-journal`].map(hashTree).join(" ");
}
