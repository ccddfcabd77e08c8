import { createHash } from "node:crypto";

/**
 * What the store remembers an endpoint's limits under (its batch cap, its log range size): a
 * SHA-256 of its URL, never the URL, which may hold a key or a password. Every part of the URL
 * counts, credentials too: two keys of one provider may be two plans with different limits. The
 * URL is taken as parsed (the host's case, an empty path's slash do not matter).
 */
export function endpointKey(url: string): string {
  let href = url;
  try {
    href = new URL(url).href;
  } catch {
    // Not a URL: connecting to it fails before anything is remembered; hashed as given.
  }
  return createHash("sha256").update(`mor-throughput endpoint\n${href}`).digest("hex");
}
