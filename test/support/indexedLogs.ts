import type { WriteHistoryResult } from "../../src/devchain/writeHistory.js";

/**
 * The session logs a sync over blocks [fromBlock, toBlock] indexes, from what writeHistory
 * reported (one result or several appends): the `indexed` option of expectedFor.
 */
export function indexedLogs(
  written: WriteHistoryResult | WriteHistoryResult[],
  range: { fromBlock?: number; toBlock?: number } = {},
): { opened: Set<string>; closed: Set<string> } {
  const from = range.fromBlock ?? 0;
  const to = range.toBlock ?? Number.POSITIVE_INFINITY;
  const opened = new Set<string>();
  const closed = new Set<string>();
  for (const result of Array.isArray(written) ? written : [written]) {
    for (const [id, blocks] of result.logBlocks) {
      if (blocks.opened !== undefined && blocks.opened >= from && blocks.opened <= to) opened.add(id);
      if (blocks.closed !== undefined && blocks.closed >= from && blocks.closed <= to) closed.add(id);
    }
  }
  return { opened, closed };
}
