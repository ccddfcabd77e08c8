import { snapshotPath } from "../api/fileSchemas.js";
import { contentHash } from "./contentHash.js";

/**
 * The files of the API that are not keyed: meta.json (readers fetch it fresh to learn the key),
 * and the snapshot of the index, which changes with every synced block (its chains' last block,
 * the block hashes kept for reorgs) where the API files may not: meta.json names it with its
 * SHA-256, which readers ask it under instead (`?v=<sha256>`).
 */
const unkeyed = new Set(["meta.json", snapshotPath]);

/**
 * meta.json's `releaseKey`: the content hash of every other file of the API but the snapshot, by path below
 * api/throughput/. Readers ask for those files with `?v=<releaseKey>` (docs/caching.md), so the
 * key must change whenever one of them does, and only then: a publication whose files are all
 * unchanged (only meta.json differs) keeps its key, and browsers keep their cached copies.
 */
export function releaseKey(apiFiles: ReadonlyMap<string, string | Uint8Array>): string {
  return contentHash(new Map([...apiFiles].filter(([path]) => !unkeyed.has(path))));
}
