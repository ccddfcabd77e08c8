import type { History } from "../../src/devchain/history.js";

/**
 * Every user address in the history, lowercase 0x-prefixed and deduplicated: what must never
 * appear in a published file. Search case-insensitively (published text may checksum them), and
 * for the bare 40 hex digits too (a padded topic holds them without 0x).
 */
export function userAddresses(history: History): string[] {
  return [...new Set(history.sessions.map((s) => s.user.toLowerCase()))].sort();
}
