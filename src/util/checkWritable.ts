import { accessSync, constants, existsSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { UserError } from "../errors/BaseError.js";

/**
 * Fails before anything is created when `path` (a file or directory, existing or to be) cannot
 * be written: it must be writable itself, or its nearest existing ancestor a writable directory.
 */
export function checkWritable(path: string, flag: string): void {
  const full = resolve(path);
  let current = full;
  while (!existsSync(current) && dirname(current) !== current) current = dirname(current);
  try {
    if (current !== full && !statSync(current).isDirectory())
      throw new Error(`${current} is not a directory`);
    accessSync(current, constants.W_OK);
  } catch (error) {
    throw new UserError(`${flag} ${path} is not writable`, {
      details: `Expected a location this user can write to. ${(error as Error).message}`,
      cause: error,
    });
  }
}
