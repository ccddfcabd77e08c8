import type { ApiFiles, ChainFiles } from "../api/apiTypes.js";
import { UserError } from "../errors/BaseError.js";
import { computeAudit } from "./computeAudit.js";
import { computeChainFiles, type Labels } from "./computeChainFiles.js";
import { computeChanges } from "./computeChanges.js";
import { computeLeaderboards } from "./computeLeaderboards.js";
import { computeMarket } from "./computeMarket.js";
import { computeMeta } from "./computeMeta.js";
import { createDenseIndices } from "./createDenseIndices.js";
import type { ChainRecord, IndexReader, StuckRecord } from "./IndexReader.js";
import { pairBids } from "./pairBids.js";
import { tallyCloses } from "./tallyCloses.js";

export type PublicationOptions = {
  /** Seconds after endsAt before an unclosed session counts as stuck. */
  stuckGrace: number;
  /** How often the publisher expects to update (meta.json). */
  updateInterval: number;
  generator: string;
};

export type Publication = {
  /** The top-level files: every configured chain together. */
  files: ApiFiles;
  /** Each configured chain alone (chains/{chainId}/). */
  chains: Map<number, ChainFiles>;
  /** Chains the database holds that the last sync's configuration left out. */
  leftOut: number[];
};

/**
 * Every file of SPEC.md 1.2 from the index, as of the last synced blocks: the configured chains
 * together as of the smallest of their as-of times, and each chain alone as of its own. Nothing
 * here reads the clock: the same database gives the same files.
 */
export function computePublication(reader: IndexReader, options: PublicationOptions): Publication {
  const stored = reader.chains();
  const configured = stored
    .filter((chain) => chain.position !== null)
    .sort((a, b) => (a.position as number) - (b.position as number));
  if (configured.length === 0) {
    throw new UserError("The database holds no synced block yet", {
      details:
        "Run `mor-throughput sync` (or `run`) first, with the same --db. A sync writes no block while a chain's head is not yet as many blocks past the start as its confirmation depth: wait until the chain has grown, or lower the depth with --confirmations (0 on a local chain).",
    });
  }
  const refill = reader.countClosesToRefill();
  if (refill > 0) {
    throw new UserError(
      `${refill} closes of this database were indexed by mor-throughput 1.0 and lack the 1.1 figures`,
      {
        details:
          "Run `mor-throughput sync` (or `run`) once with the same --db: it reads them again (no re-indexing).",
      },
    );
  }
  const bids = reader.bids();
  const providers = reader.providers();
  const modelIds = reader.models();
  const names = new Map<string, string>();
  for (const row of reader.modelNames()) if (row.name) names.set(`${row.chainId}:${row.modelRef}`, row.name);
  const indices = createDenseIndices(bids, providers.keys());
  const labelsFor = (chainIds: readonly number[]): Labels => ({
    modelIds,
    providers,
    // The name on the first chain, in configuration order, where it reads non-empty.
    modelName: (ref) => chainIds.map((chainId) => names.get(`${chainId}:${ref}`)).find((name) => name) ?? "",
  });
  const stuckFor = (chains: readonly ChainRecord[], asOf: number): StuckRecord[] =>
    chains
      .flatMap((chain) => reader.stuck(chain.chainId, asOf - options.stuckGrace))
      .sort((a, b) => a.openedAt - b.openedAt || compare(a.sessionId, b.sessionId) || a.chainId - b.chainId);

  const chainIds = configured.map((chain) => chain.chainId);
  const asOf = Math.min(...configured.map((chain) => chain.blockTimestamp));
  const labels = labelsFor(chainIds);
  const tally = tallyCloses(reader.closeDays(chainIds), asOf, indices);
  const top = computeChainFiles(tally, indices, labels, stuckFor(configured, asOf));
  const audit = computeAudit(
    tally,
    bids,
    configured.map((chain) => ({ ...chain, pairStats: reader.pairStats(chain.chainId) })),
    labels,
    asOf,
  );
  // Counted once per chain; the publication's are their sums, but for the distinct models and
  // providers, which a second chain may share.
  const perChain = configured.map((chain) => ({
    ...chain,
    counts: reader.counts([chain.chainId]),
    anomalies: reader.anomalies([chain.chainId]),
    upgrades: reader.upgrades(chain.chainId),
  }));
  const totals = (pick: (chain: (typeof perChain)[number]) => Record<string, number>) =>
    perChain.map(pick).reduce((sum, one) => {
      for (const [key, value] of Object.entries(one)) sum[key] = (sum[key] ?? 0) + value;
      return sum;
    }, {});
  const counts =
    perChain.length === 1
      ? (perChain[0]?.counts as Record<string, number>)
      : { ...totals((c) => c.counts), ...reader.distinctCounts(chainIds) };
  const bidsByPair = pairBids(indices, bids, reader.bidTimes(chainIds), configured, asOf);
  const files: ApiFiles = {
    ...top,
    ...computeLeaderboards(tally, indices, labels),
    "audit.json": audit,
    "market.json": computeMarket(tally, indices, labels, bidsByPair, reader.routerReads(chainIds), asOf),
    "changes.json": computeChanges(indices, labels, bidsByPair, asOf),
    "meta.json": computeMeta({
      generator: options.generator,
      asOf,
      chains: perChain,
      stuckGrace: options.stuckGrace,
      updateInterval: options.updateInterval,
      audit,
      counts,
      anomalies: totals((c) => c.anomalies),
    }),
  };

  const chains = new Map<number, ChainFiles>();
  for (const chain of configured) {
    if (configured.length === 1) {
      chains.set(chain.chainId, top);
      continue;
    }
    const own = tallyCloses(reader.closeDays([chain.chainId]), chain.blockTimestamp, indices);
    chains.set(
      chain.chainId,
      computeChainFiles(own, indices, labelsFor([chain.chainId]), stuckFor([chain], chain.blockTimestamp)),
    );
  }
  return {
    files,
    chains,
    leftOut: stored.filter((chain) => chain.position === null).map((chain) => chain.chainId),
  };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
