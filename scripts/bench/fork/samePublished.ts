import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const snapshot = "api/throughput/snapshot.ndjson.gz";
const meta = "api/throughput/meta.json";

/** The files below `root`, relative to it, sorted; the snapshot left out. */
function filesBelow(root: string): string[] {
  return (readdirSync(root, { recursive: true }) as string[])
    .filter((path) => path !== snapshot && statSync(join(root, path)).isFile())
    .sort();
}

/** A file's bytes, meta.json without what depends on when and how the database came to be. */
function comparable(root: string, path: string): Buffer {
  const bytes = readFileSync(join(root, path));
  if (path !== meta) return bytes;
  // updatedAt: when the sync ran; snapshot: the database's own history (its sync_runs) differs.
  const {
    updatedAt: _,
    snapshot: __,
    ...rest
  } = JSON.parse(bytes.toString("utf8")) as Record<string, unknown>;
  return Buffer.from(JSON.stringify(rest));
}

/**
 * Whether two published sites hold the same files with the same bytes, but for the snapshot and,
 * in meta.json, the run's time and the snapshot's name: what two deployments of the same chains
 * publish alike whatever their database's own history.
 */
export function samePublished(left: string, right: string): boolean {
  const files = filesBelow(left);
  const others = filesBelow(right);
  if (files.length !== others.length || files.some((path, i) => path !== others[i])) return false;
  return files.every((path) => comparable(left, path).equals(comparable(right, path)));
}
