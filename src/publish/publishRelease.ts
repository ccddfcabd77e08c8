import { randomBytes } from "node:crypto";
import {
  closeSync,
  existsSync,
  fsyncSync,
  lstatSync,
  openSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { UserError } from "../errors/BaseError.js";
import { makeDirectory } from "../util/makeDirectory.js";
import { contentHash } from "./contentHash.js";

/** Releases live beside each other; `current` names the published one. */
export const releasesDir = ".releases";
export const currentLink = "current";
/** Files of ours in the output directory that are not part of a release. */
const ownEntries = new Set([releasesDir, currentLink, ".lock", ".gitkeep"]);

export type PublishResult = { releaseId: string; changed: boolean; path: string };

/**
 * Publishes a complete set of files atomically. The set is written beside the published one
 * (out/.releases/<content hash>/), then the `current` symlink is swapped with one rename(2);
 * top-level entries (out/api, ...) are symlinks through `current`. A reader that resolves
 * `current` (or any path through it) once sees one complete set, old or new, never a mix.
 * The previous release is kept, for readers still inside it.
 */
export function publishRelease(
  outDir: string,
  files: ReadonlyMap<string, string | Uint8Array>,
): PublishResult {
  checkOutputDirectory(outDir);
  const releaseId = contentHash(files);
  const releases = join(outDir, releasesDir);
  const release = join(releases, releaseId);
  makeDirectory(releases);

  if (!existsSync(release)) {
    const staging = join(releases, `.tmp-${process.pid}-${randomBytes(4).toString("hex")}`);
    const directories = new Set<string>([staging]);
    for (const [path, content] of files) {
      const file = join(staging, path);
      writeFileDurably(file, content);
      for (let dir = dirname(file); dir.startsWith(staging); dir = dirname(dir)) directories.add(dir);
    }
    for (const dir of directories) fsyncDirectory(dir);
    renameSync(staging, release);
    fsyncDirectory(releases);
  }

  const target = join(releasesDir, releaseId);
  const linkPath = join(outDir, currentLink);
  const previous = readLinkOrUndefined(linkPath);
  const changed = previous !== target;
  if (changed) {
    const tmpLink = join(outDir, `.current-${process.pid}-${randomBytes(4).toString("hex")}`);
    symlinkSync(target, tmpLink);
    renameSync(tmpLink, linkPath);
  }

  // Top-level entries point through `current`, so the swap above switched them all at once.
  const topLevel = new Set([...files.keys()].map((path) => path.split("/")[0] as string));
  for (const name of topLevel) {
    const entry = join(outDir, name);
    if (readLinkOrUndefined(entry) === undefined) symlinkSync(join(currentLink, name), entry);
  }
  for (const name of readdirSync(outDir)) {
    if (ownEntries.has(name) || topLevel.has(name)) continue;
    if (name.startsWith(".current-")) {
      // A new link left by a publisher killed before its rename.
      if (!isOwnedByLiveProcess(name)) unlinkSync(join(outDir, name));
      continue;
    }
    if (readLinkOrUndefined(join(outDir, name))?.startsWith(`${currentLink}/`))
      unlinkSync(join(outDir, name));
  }
  fsyncDirectory(outDir);

  // Keep the new release and the one it replaced; drop older ones and abandoned staging.
  const keep = new Set([releaseId, previous?.slice(releasesDir.length + 1)]);
  for (const name of readdirSync(releases)) {
    if (keep.has(name)) continue;
    if (name.startsWith(".tmp-") && isOwnedByLiveProcess(name)) continue;
    rmSync(join(releases, name), { recursive: true, force: true });
  }
  return { releaseId, changed, path: release };
}

/**
 * Refuses an output directory that holds anything mor-throughput did not write there: a
 * publish must never delete or shadow someone else's files. Creates nothing (a directory that
 * does not exist yet passes).
 */
export function checkOutputDirectory(outDir: string): void {
  if (!existsSync(outDir)) return;
  if (!lstatSync(outDir).isDirectory()) {
    throw new UserError(`The output path ${outDir} is not a directory`, {
      details: "Expected a directory (--out).",
    });
  }
  const foreign = readdirSync(outDir).filter((name) => {
    if (ownEntries.has(name) || name.startsWith(".current-")) return false;
    return !readLinkOrUndefined(join(outDir, name))?.startsWith(`${currentLink}/`);
  });
  if (foreign.length > 0) {
    throw new UserError(`The output directory ${outDir} holds files mor-throughput did not publish`, {
      details: `Found: ${foreign.slice(0, 5).join(", ")}${foreign.length > 5 ? ", ..." : ""}. Expected an empty directory, or one this tool published into (--out).`,
    });
  }
}

function writeFileDurably(path: string, content: string | Uint8Array): void {
  makeDirectory(dirname(path));
  const fd = openSync(path, "w", 0o644);
  try {
    writeSync(fd, typeof content === "string" ? Buffer.from(content) : content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function fsyncDirectory(path: string): void {
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function readLinkOrUndefined(path: string): string | undefined {
  try {
    return readlinkSync(path);
  } catch {
    return undefined;
  }
}

/** `.tmp-<pid>-…` or `.current-<pid>-…` of another process that is still running. */
function isOwnedByLiveProcess(name: string): boolean {
  const pid = Number(name.split("-")[1]);
  if (!Number.isSafeInteger(pid) || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
