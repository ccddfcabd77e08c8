import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { pathExists } from "./pathExists.js";

/**
 * `mkdir -p`, one level at a time. Node's `mkdirSync(path, { recursive: true })` spins forever
 * below a directory that exists but refuses new entries with ENOENT (a path under /proc on Linux,
 * a dangling symlink): it steps back to the parent (EEXIST), forward again, and so on.
 */
export function makeDirectory(path: string): void {
  const missing: string[] = [];
  for (let current = resolve(path); !pathExists(current); current = dirname(current)) {
    missing.unshift(current);
    if (dirname(current) === current) break;
  }
  for (const directory of missing) {
    try {
      mkdirSync(directory);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
}
