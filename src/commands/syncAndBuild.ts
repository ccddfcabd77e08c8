import type { ChainContext } from "../chain/connectChain.js";
import { createSyncStore } from "../store/createSyncStore.js";
import { runSync } from "../sync/runSync.js";
import type { CommandContext } from "./context.js";
import type { OutputOptions } from "./options/parseOptions.js";
import { withResources } from "./resources.js";
import { runBuild } from "./runBuild.js";
import type { RunSummary } from "./summary/renderRunSummary.js";

/**
 * What `run` (and the demo) do once connected: check every path before creating anything, lock
 * the output directory and the database, sync, then build and publish.
 */
export async function syncAndBuild(
  chain: ChainContext,
  { db, out, stuckGrace }: OutputOptions,
  { logger, progress }: Pick<CommandContext, "logger" | "progress">,
): Promise<RunSummary> {
  return withResources({ db, create: true, chain, out }, async (store) => {
    const sync = await runSync(createSyncStore(store), chain, logger, progress.update).finally(() =>
      progress.done(),
    );
    return { sync, build: runBuild(store, { out, stuckGrace }, logger) };
  });
}
