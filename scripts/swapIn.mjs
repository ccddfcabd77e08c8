import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { basename, dirname, join } from "node:path";

/**
 * Builds a folder atomically: `write` fills a fresh folder beside `target` (same file system),
 * which then replaces `target` by two renames. A reader of `target` sees the old build or the new
 * one, never a half-written or half-deleted one; a build that fails leaves `target` as it was.
 * Two builds at once each write their own folder; the last to finish wins.
 */
export async function swapIn(target, write) {
  const name = basename(target);
  const next = join(dirname(target), `.${name}.next-${process.pid}`);
  const old = join(dirname(target), `.${name}.old-${process.pid}`);
  rmSync(next, { recursive: true, force: true });
  mkdirSync(next);
  try {
    await write(next);
  } catch (error) {
    rmSync(next, { recursive: true, force: true });
    throw error;
  }
  if (existsSync(target)) renameSync(target, old);
  renameSync(next, target);
  rmSync(old, { recursive: true, force: true });
}
