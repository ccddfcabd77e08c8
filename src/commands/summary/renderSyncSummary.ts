import type { SyncRunSummary } from "../../sync/syncChains.js";
import { integer } from "../formatInteger.js";
import { noBlockYet } from "../noBlockYet.js";

/** The human summary of a sync, made from the object `--json` prints: a few lines per chain. */
export function renderSyncSummary(sync: SyncRunSummary): string[] {
  const lines: string[] = [];
  for (const chain of sync.chains) {
    const name = `${chain.name} (${chain.chainId})`;
    if (chain.reorg) {
      lines.push(
        `${name} reorg: ${chain.reorg.depth} block(s) rolled back to ${chain.reorg.ancestor === null ? "the start" : `block ${integer.format(chain.reorg.ancestor)}`}`,
      );
    }
    const none = noBlockYet(chain);
    lines.push(
      none
        ? `${name} synced: no block yet: ${none.text}`
        : chain.blocksSynced === 0
          ? `${name} synced: nothing new, up to block ${integer.format(chain.toBlock)} (head ${integer.format(chain.head)})`
          : `${name} synced: blocks ${integer.format(chain.toBlock - chain.blocksSynced + 1)}–${integer.format(chain.toBlock)} (head ${integer.format(chain.head)}): ${integer.format(chain.sessionsOpened)} sessions opened, ${integer.format(chain.sessionsClosed)} closed, ${integer.format(chain.models)} models`,
    );
    for (const upgrade of chain.upgrades) {
      const changed = [
        ...upgrade.replaced.map((f) => `${f} replaced`),
        ...upgrade.removed.map((f) => `${f} removed`),
      ];
      lines.push(
        `${name} contract upgraded at block ${integer.format(upgrade.blockNumber)}: ${changed.length === 0 ? "nothing the index reads changed" : `${changed.join(", ")}; ${upgrade.status} (${integer.format(upgrade.compared)} stored records read back)`}`,
      );
    }
    if (!chain.complete) {
      lines.push(
        `${name} time limit: stopped at block ${integer.format(chain.toBlock)} of ${integer.format(chain.target)}; the next run continues`,
      );
    }
    if (chain.bidScan.blocks > 0 || !chain.bidScan.complete) {
      lines.push(
        `${name} bid log scan (a database indexed before 1.2): ${integer.format(chain.bidScan.blocks)} blocks, ${integer.format(chain.bidScan.logs)} bid logs${chain.bidScan.complete ? ", done" : "; the next run continues"}`,
      );
    }
    lines.push(
      `${name} rpc: ${integer.format(chain.rpc.httpRequests)} requests, ${integer.format(chain.rpc.rpcCalls)} calls, ${integer.format(chain.rpc.retries)} retries (${chain.rpc.reader})`,
    );
    for (const endpoint of chain.rpc.endpoints ?? [])
      lines.push(
        `${name} rpc ${endpoint.url}: ${integer.format(endpoint.httpRequests)} requests, ${integer.format(endpoint.rpcCalls)} calls, ${integer.format(endpoint.retries)} retries`,
      );
  }
  for (const chainId of sync.leftOut)
    lines.push(`chain ${chainId}: in the database, left out of this run's configuration`);
  lines.push(`sync took ${(sync.durationMs / 1000).toFixed(1)} s`);
  return lines;
}
