import type { SyncRunSummary } from "../../sync/syncChains.js";
import type { BootstrapSummary } from "../bootstrapDatabase.js";
import type { BuildSummary } from "../runBuild.js";
import { renderBuildSummary } from "./renderBuildSummary.js";
import { renderSyncSummary } from "./renderSyncSummary.js";

export type RunSummary = { sync: SyncRunSummary; build: BuildSummary; bootstrap?: BootstrapSummary };

/** The human summary of `run` (and `demo`), made from the object `--json` prints. */
export function renderRunSummary(run: RunSummary): string[] {
  return [
    ...renderBootstrap(run.bootstrap),
    ...renderSyncSummary(run.sync),
    ...renderBuildSummary(run.build),
  ];
}

function renderBootstrap(bootstrap: BootstrapSummary | undefined): string[] {
  if (!bootstrap) return [];
  return [
    `bootstrapped from ${bootstrap.site} (snapshot ${bootstrap.snapshot.bytes} bytes, sha256 ${bootstrap.snapshot.sha256.slice(0, 12)}…), verified first (seed ${bootstrap.seed}):`,
    ...bootstrap.chains.map(
      (chain) =>
        `  chain ${chain.chainId}: ${chain.pairs} pair(s) agree with the contract's counters at block ${chain.toBlock}; hours ${chain.hours.map((hour) => `${hour.hour} (${hour.closes} closes)`).join(", ") || "none"} agree; ${chain.requests} request(s)`,
    ),
  ];
}
