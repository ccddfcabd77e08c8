import { accessSync, constants, mkdtempSync, rmdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { UserError } from "../errors/BaseError.js";
import { pathExists } from "./pathExists.js";

/**
 * Fails before anything is created when `path` (a file or directory, existing or to be) cannot
 * be written: it must be writable itself, or its nearest existing ancestor a directory that takes
 * a new entry. That is tried (a directory made and removed at once): permission bits do not tell
 * for root, on a read-only mount, or below /proc, where creating anything fails with ENOENT.
 */
export function checkWritable(path: string, flag: string): void {
  const full = resolve(path);
  let current = full;
  while (!pathExists(current) && dirname(current) !== current) current = dirname(current);
  try {
    if (current === full) accessSync(current, constants.W_OK);
    else {
      if (!statSync(current).isDirectory()) throw new Error(`${current} is not a directory`);
      try {
        rmdirSync(mkdtempSync(join(current, ".mor-throughput-probe-")));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
        throw new Error(`${current} does not take new entries (${code})`, { cause: error });
      }
    }
  } catch (error) {
    throw new UserError(`${flag} ${path} is not writable`, {
      details: `Expected a location this user can write to. ${(error as Error).message}`,
      cause: error,
    });
  }
}
