import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { join } from "node:path";

/**
 * Every entry below `dir` (hidden ones included) by relative path: a file's sha256, a symlink's
 * target, a directory as "dir". What "nothing changed on disk" compares; {} when `dir` is absent.
 */
export function treeState(dir: string): Record<string, string> {
  const state: Record<string, string> = {};
  if (!existsSync(dir)) return state;
  const walk = (path: string, rel: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const full = join(path, entry.name);
      const key = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isSymbolicLink()) state[key] = `-> ${readlinkSync(full)}`;
      else if (entry.isDirectory()) {
        state[key] = "dir";
        walk(full, key);
      } else state[key] = createHash("sha256").update(readFileSync(full)).digest("hex");
    }
  };
  walk(dir, "");
  return state;
}
