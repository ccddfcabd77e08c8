import type { Logger } from "../log/createLogger.js";
import { publishApi } from "../publish/publishApi.js";
import { computePublication } from "../rollup/computePublication.js";
import { createIndexReader } from "../store/createIndexReader.js";
import { dumpSnapshot } from "../store/dumpSnapshot.js";
import type { Database } from "../store/openDatabase.js";
import { packageVersion } from "../util/packageVersion.js";

export type BuildSummary = {
  out: string;
  releaseId: string;
  /** meta.json's releaseKey: the key readers ask this release's other files with (?v=). */
  releaseKey: string;
  changed: boolean;
  asOf: number;
  chains: Array<{ chainId: number; toBlock: number; asOf: number }>;
  files: string[];
  closedSessions: number;
  stuckSessions: number;
  audit: { pairs: number; matching: number; complete: boolean };
  /** The snapshot of the index published (--snapshot), as meta.json names it; null: none. */
  snapshot: { path: string; bytes: number; sha256: string } | null;
  durationMs: number;
};

export type BuildOptions = { out: string; stuckGrace: number; updateInterval: number; snapshot?: boolean };

/**
 * The build: the store's snapshot (store) → every file of SPEC.md (rollup) → validated and
 * published atomically (publish). One read transaction gives a consistent snapshot even while a
 * sync writes; with `snapshot`, the index's snapshot (store/dumpSnapshot.ts) is read in the same
 * one, so that it holds exactly what the files were computed from.
 */
export function runBuild(store: Database, options: BuildOptions, logger: Logger): BuildSummary {
  const started = performance.now();
  const generator = `mor-throughput ${packageVersion()}`;
  const { publication, snapshot } = store.sqlite.transaction(() => ({
    publication: computePublication(createIndexReader(store), { ...options, generator }),
    snapshot: options.snapshot ? dumpSnapshot(store.sqlite) : undefined,
  }))();
  for (const chainId of publication.leftOut) {
    logger.warn(
      `chain ${chainId} is in the database but not in the configuration of the last sync: left out of the publication`,
      {
        chain: chainId,
        include: `sync it again with the other chains (--rpc-url or RPC_URL_${chainId})`,
      },
    );
  }
  const { files } = publication;
  const audit = files["audit.json"];
  if (!audit.complete) {
    const pairs = audit.items.filter((item) => !item.match);
    logger.warn(
      `the index disagrees with the contract's own counters on ${pairs.length} of ${audit.pairs} pairs`,
      {
        pairs: pairs.slice(0, 10).map((item) => `${item.chainId}/${item.modelId}/${item.provider}`),
        todo: "re-index from the contract's creation block (a new --db without --from-block) to complete the record",
      },
    );
  }
  const published = publishApi(options.out, files, publication.chains, snapshot);
  logger.debug(published.changed ? "published" : "published set unchanged", {
    out: options.out,
    release: published.releaseId,
  });
  const meta = files["meta.json"];
  return {
    out: options.out,
    releaseId: published.releaseId,
    releaseKey: published.releaseKey,
    changed: published.changed,
    asOf: meta.asOf,
    chains: meta.chains.map((chain) => ({
      chainId: chain.chainId,
      toBlock: chain.toBlock,
      asOf: chain.asOf,
    })),
    files: published.paths,
    closedSessions: files["summary.json"].all.sessions,
    stuckSessions: files["stuck-sessions.json"].count,
    audit: { pairs: audit.pairs, matching: audit.matching, complete: audit.complete },
    snapshot: published.snapshot ?? null,
    durationMs: Math.round(performance.now() - started),
  };
}
