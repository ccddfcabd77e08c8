import type { SyncRunSummary } from "../../sync/syncChains.js";
import type { BuildSummary } from "../runBuild.js";
import { renderBuildSummary } from "./renderBuildSummary.js";
import { renderSyncSummary } from "./renderSyncSummary.js";

export type RunSummary = { sync: SyncRunSummary; build: BuildSummary };

/** The human summary of `run` (and `demo`), made from the object `--json` prints. */
export function renderRunSummary(run: RunSummary): string[] {
  return [...renderSyncSummary(run.sync), ...renderBuildSummary(run.build)];
}
