import { lstatSync } from "node:fs";

/** Whether anything stands at `path`: a file, a directory, or a symlink, even a dangling one. */
export function pathExists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
