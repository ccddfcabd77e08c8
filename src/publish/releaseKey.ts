import { contentHash } from "./contentHash.js";

/** The one file of the API that is not keyed: readers fetch it fresh to learn the key. */
const unkeyed = "meta.json";

/**
 * meta.json's `releaseKey`: the content hash of every other file of the API, by path below
 * api/throughput/. Readers ask for those files with `?v=<releaseKey>` (docs/caching.md), so the
 * key must change whenever one of them does, and only then: a publication whose files are all
 * unchanged (only meta.json differs) keeps its key, and browsers keep their cached copies.
 */
export function releaseKey(apiFiles: ReadonlyMap<string, string | Uint8Array>): string {
  return contentHash(new Map([...apiFiles].filter(([path]) => path !== unkeyed)));
}
