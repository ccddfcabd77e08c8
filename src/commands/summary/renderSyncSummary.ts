import type { SyncRunSummary } from "../../sync/runSync.js";
import { integer } from "../formatInteger.js";

/** The human summary of a sync, made from the object `--json` prints. */
export function renderSyncSummary(sync: SyncRunSummary): string[] {
  const lines: string[] = [];
  if (sync.reorg) {
    lines.push(
      `reorg: ${sync.reorg.depth} block(s) rolled back to ${sync.reorg.ancestor === null ? "the start" : `block ${integer.format(sync.reorg.ancestor)}`}`,
    );
  }
  lines.push(
    sync.blocksSynced === 0
      ? `synced: nothing new, chain ${sync.chainId} up to block ${integer.format(sync.toBlock)} (head ${integer.format(sync.head)})`
      : `synced: chain ${sync.chainId} blocks ${integer.format(sync.toBlock - sync.blocksSynced + 1)}–${integer.format(sync.toBlock)} (head ${integer.format(sync.head)}): ${integer.format(sync.sessionsOpened)} sessions opened, ${integer.format(sync.sessionsClosed)} closed, ${integer.format(sync.models)} models`,
  );
  if (!sync.complete) {
    lines.push(
      `time limit: stopped at block ${integer.format(sync.toBlock)} of ${integer.format(sync.target)}; the next run continues`,
    );
  }
  lines.push(
    `rpc: ${integer.format(sync.rpc.httpRequests)} requests, ${integer.format(sync.rpc.rpcCalls)} calls, ${integer.format(sync.rpc.retries)} retries (${sync.rpc.reader}) in ${(sync.durationMs / 1000).toFixed(1)} s`,
  );
  return lines;
}
