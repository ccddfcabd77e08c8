import { createHash } from "node:crypto";

/**
 * A short hash of a set of files: every path and its bytes, in path order. Equal sets give equal
 * hashes, whatever order the map was filled in; a string and its UTF-8 bytes hash alike.
 */
export function contentHash(files: ReadonlyMap<string, string | Uint8Array>): string {
  const hash = createHash("sha256");
  for (const path of [...files.keys()].sort()) {
    hash.update(path);
    hash.update("\0");
    hash.update(files.get(path) as string | Uint8Array);
    hash.update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}
