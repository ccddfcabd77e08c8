import type { ChainView } from "../chain/ChainView.js";
import type { Logger } from "../log/createLogger.js";
import type { FollowTarget } from "./FollowTarget.js";
import { type FollowOptions, type FollowSummary, followChain } from "./followChain.js";
import { type EarlyAuditRead, readAuditCounters, startAuditRead } from "./readAuditCounters.js";
import { type EarlyRouterRead, readRouterInputs, startRouterRead } from "./readRouterInputs.js";
import { recallEndpointLimits } from "./recallEndpointLimits.js";
import { refillBids } from "./refillBids.js";
import { refillCloses } from "./refillCloses.js";
import { refreshModelNames, startNameRead } from "./refreshModelNames.js";
import type { SyncRun, SyncStore } from "./SyncStore.js";
import { type BidScanResult, type BidScanSummary, scanBidLogs } from "./scanBidLogs.js";

export type ChainSyncSummary = FollowSummary & {
  /** Models named by this chain's bids, their names read again. */
  models: number;
  /** Closes of a 1.0 database read again for the 1.1 figures. */
  refilled: number;
  /** Bids read again for their creation and deletion times: a 1.1 database's, and those reads that lagged left wrong. */
  bidsRefilled: number;
  /** The one-time scan of bid logs of a database indexed before 1.2 (its blocks below the checkpoint). */
  bidScan: BidScanSummary;
  /** The contract's own counters: read at the last synced block (or still those of it), or not available there. */
  audit: "read" | "unavailable" | "nothing to read" | "unchanged";
  /** The router's inputs (SPEC.md 1.3), likewise. */
  router: "read" | "unavailable" | "nothing to read" | "unchanged";
};

/**
 * One chain's part of a sync: the logs from the checkpoint to the target; then what databases of
 * earlier versions lack: the closes a 1.0 database left without the 1.1 figures, the bids a 1.1
 * database left without their times (or reads that lagged left wrong), the bid logs and upgrades
 * a database indexed before 1.2 never asked for (a one-time scan); every model's current name, the
 * contract's counters at the last synced block (for audit.json) and the router's inputs there (for
 * market.json's router); then when this run ended, for meta.json.
 *
 * The refills and the scan read at the latest block, as the ranges do, and write below the run's
 * first block: each of their writes carries the run (its lowest block), noted in the same
 * transaction, so that an upgrade the index cannot read rolls them back with the rest
 * (firstBlockReadThrough.ts). They come after the ranges, whose cuts are checked first.
 */
export async function syncChain(
  store: SyncStore,
  chain: ChainView,
  target: FollowTarget,
  options: FollowOptions & { logger: Logger; now: () => number },
): Promise<ChainSyncSummary> {
  const startedAt = options.now();
  // Each endpoint's batch cap, as the chain's runs learned it, holds from the first request: not
  // learned again by refused batches every run (an hourly run behind a capped endpoint).
  const endpoints = recallEndpointLimits(store, chain);
  const readNames = (ids: readonly string[]) => chain.readModelNames(ids);
  // Asked now, they travel with the follower's first request (the reorg check); the counters of
  // the known pairs travel with its first ranges. A run that finds nothing new makes no request
  // for either.
  const early = startNameRead(store, readNames);
  let earlyAudit: EarlyAuditRead | undefined;
  let earlyRouter: EarlyRouterRead | undefined;
  const followed = await followChain(store, chain, target, {
    ...options,
    rangeSizes: endpoints,
    startedAt,
    beforeRanges: (block) => {
      earlyAudit = startAuditRead(store, chain, block);
      earlyRouter = startRouterRead(store.router, chain, block);
    },
  });
  if (!followed.complete) {
    options.logger.warn("time limit reached: the next run continues from the last synced block", {
      chain: target.chainId,
      synced: followed.toBlock,
      target: followed.target,
    });
  }
  // What refills and the scan write carries this run: they rewrite records anywhere from the first
  // block indexed; the scan writes from where it stands.
  const run = (lowBlock: number): SyncRun => ({
    firstBlock: followed.toBlock - followed.blocksSynced + 1,
    head: followed.head,
    startedAt,
    wroteAt: options.now(),
    lowBlock,
  });
  const refilled = await refillCloses(
    store,
    (ids) => chain.readSessions(ids),
    options.logger,
    () => run(followed.fromBlock),
  );
  const bidsRefilled = await refillBids(
    store,
    (ids) => chain.readBids(ids),
    options.logger,
    () => run(followed.fromBlock),
  );
  const { upgrades: scannedUpgrades, ...bidScan }: BidScanResult = followed.complete
    ? await scanBidLogs(store, chain, {
        run,
        logger: options.logger,
        rangeSizes: endpoints,
        ...(options.shouldStop ? { shouldStop: options.shouldStop } : {}),
        ...(options.prefetch !== undefined ? { prefetch: options.prefetch } : {}),
        ...(options.sessionRetry ? { retry: options.sessionRetry } : {}),
        ...(target.acceptUpgrades ? { acceptUpgrades: target.acceptUpgrades } : {}),
      })
    : { blocks: 0, logs: 0, complete: store.bidScan() === undefined, upgrades: [] };
  if (!bidScan.complete)
    options.logger.warn("time limit reached during the bid log scan: the next run continues it", {
      chain: target.chainId,
      next: store.bidScan()?.next,
    });
  const names = await refreshModelNames(store, readNames, options.logger, early);
  const audit = await readAuditCounters(store, chain, options.logger, earlyAudit);
  const router = await readRouterInputs(
    store.router,
    chain,
    store.checkpoint()?.blockNumber,
    options.logger,
    earlyRouter,
  );
  if (store.checkpoint()) store.saveRunRecord({ targetBlock: followed.target, syncedAt: options.now() });
  endpoints.save();
  // The scan's upgrades are in blocks below the follower's.
  const upgrades = [...scannedUpgrades, ...followed.upgrades];
  return { ...followed, upgrades, models: names.models, refilled, bidsRefilled, bidScan, audit, router };
}
