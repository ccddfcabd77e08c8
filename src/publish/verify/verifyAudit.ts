import type { MetaChain } from "../../api/apiTypes.js";
import type { Audit } from "../../api/responseTypes.js";
import type { ChainView } from "../../chain/ChainView.js";
import { ExitCode, exitCodeOf } from "../../errors/BaseError.js";
import type { Difference } from "./Difference.js";

export type AuditChecked =
  | { pairs: number; block: number }
  /** Why the counters were not compared: the contract has no getProviderModelStats, or the node cannot answer at that block (pruned). */
  | { pairs: number; block: number; skipped: string };

const counters = ["totalCount", "successCount", "totalDuration"] as const;

/**
 * The site's audit.json counters of a chain's pairs (`contract`: getProviderModelStats as the
 * indexer read it at its last synced block) against the contract's own, read again at that block
 * (meta.json's toBlock): one batched read for every pair. A node that does not serve the state
 * of that block (pruned) makes the check skipped, not failed; one that does not answer, exit 75.
 */
export async function verifyAudit(
  view: ChainView,
  chain: MetaChain,
  audit: Audit,
): Promise<{ audit: AuditChecked; differences: Difference[] }> {
  const items = audit.items.filter((item) => item.chainId === chain.chainId);
  const block = chain.toBlock;
  if (audit.unavailable.includes(chain.chainId))
    return {
      audit: { pairs: 0, block, skipped: "the site found no getProviderModelStats" },
      differences: [],
    };
  if (items.length === 0) return { audit: { pairs: 0, block }, differences: [] };
  let read: Awaited<ReturnType<ChainView["readPairStats"]>>;
  try {
    read = await view.readPairStats(
      items.map(({ modelId, provider }) => ({ modelId, provider })),
      block,
    );
  } catch (error) {
    if (exitCodeOf(error) === ExitCode.transient) throw error;
    const reason = error instanceof Error ? (error.message.split("\n")[0] as string) : String(error);
    return {
      audit: { pairs: items.length, block, skipped: `the node cannot answer at block ${block}: ${reason}` },
      differences: [],
    };
  }
  if (!read.available)
    return {
      audit: { pairs: items.length, block, skipped: `getProviderModelStats: ${read.reason}` },
      differences: [],
    };
  const differences: Difference[] = [];
  items.forEach((item, i) => {
    const onChain = read.available ? read.counters[i] : undefined;
    for (const field of counters) {
      const published = item.contract[field];
      const computed = onChain?.[field];
      if (published !== computed)
        differences.push({
          file: "audit.json",
          bucket: `${chain.chainId} ${item.modelId} ${item.provider}`,
          field: `contract.${field}`,
          published: String(published),
          computed: computed === undefined ? null : String(computed),
        });
    }
  });
  return { audit: { pairs: items.length, block }, differences };
}
