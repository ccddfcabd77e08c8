import { auditFile } from "./auditFile.js";
import type { ChainHistory } from "./chainHistory.js";
import { changesFile } from "./changesFile.js";
import { leaderboards } from "./leaderboards.js";
import { marketFile } from "./marketFile.js";
import { readChain } from "./readChain.js";
import { rollupFiles } from "./rollupFiles.js";

export type { ChainHistory } from "./chainHistory.js";

/**
 * Every file of SPEC.md 1.2.0 except meta.json, computed independently of src/ from the chains'
 * histories, keyed by path below out/api/throughput/: the seven files of the first table,
 * models.json, providers.json, audit.json and market.json for the union of the chains (in the order given:
 * the configuration order), then chains/{chainId}/<the seven files> for each chain alone.
 *
 * The publication's as-of is the smallest of the chains' as-ofs: the top-level files hold only
 * the closes at or before it; each chain's own files use that chain's as-of and model names.
 */
export function expectedPublication(
  chains: ChainHistory[],
  options: { grace?: number } = {},
): Record<string, unknown> {
  if (chains.length === 0) throw new Error("expectedPublication: no chain");
  const ids = chains.map((c) => c.chainId);
  if (new Set(ids).size !== ids.length)
    throw new Error(`expectedPublication: a chain twice (${ids.join(", ")})`);
  const grace = options.grace ?? 3600;
  const views = chains.map(readChain);
  const asOf = Math.min(...chains.map((c) => c.asOf));
  const name = (modelId: string): string => {
    for (const view of views) {
      const found = view.name(modelId);
      if (found !== "") return found;
    }
    return "";
  };
  const closed = views.flatMap((v) => v.closed).filter((c) => c.closedAt <= asOf);
  const files: Record<string, unknown> = {
    ...rollupFiles({ closed, open: views.flatMap((v) => v.open), asOf, grace, name }),
    ...leaderboards(closed, asOf, name),
    "audit.json": auditFile(chains, asOf),
    "market.json": marketFile(chains, closed, asOf, name),
    "changes.json": changesFile(chains, asOf),
  };
  for (const view of views) {
    const own = rollupFiles({
      closed: view.closed,
      open: view.open,
      asOf: view.asOf,
      grace,
      name: view.name,
    });
    for (const [path, value] of Object.entries(own)) files[`chains/${view.chainId}/${path}`] = value;
  }
  return files;
}
