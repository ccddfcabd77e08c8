import type { ConnectedChain } from "../chain/connectChain.js";
import type { CommandContext } from "./context.js";
import { noBlockToPublish } from "./noBlockToPublish.js";
import type { ChainOptions, OutputOptions } from "./options/settleOptions.js";
import { withResources } from "./resources.js";
import { runBuild } from "./runBuild.js";
import { runSync } from "./runSync.js";
import type { RunSummary } from "./summary/renderRunSummary.js";

/**
 * What `run` (and the demo) do once connected: check every path before creating anything, lock
 * the output directory and the database, sync every chain, then build and publish. A sync that
 * leaves no chain a block says why (noBlockToPublish) instead of a build refusing an empty database.
 */
export async function syncAndBuild(
  chains: readonly ConnectedChain[],
  output: OutputOptions,
  sync: Partial<Pick<ChainOptions, "timeLimit" | "acceptUpgrades">>,
  { logger, progress }: Pick<CommandContext, "logger" | "progress">,
): Promise<RunSummary> {
  const { db, out } = output;
  return withResources({ db, create: true, chains, out }, async (store) => {
    const synced = await runSync(store, chains, {
      logger,
      timeLimit: sync.timeLimit,
      acceptUpgrades: sync.acceptUpgrades,
      onProgress: progress.update,
    });
    progress.done();
    const nothing = noBlockToPublish(synced, chains);
    if (nothing) throw nothing;
    return { sync: synced, build: runBuild(store, output, logger) };
  });
}
