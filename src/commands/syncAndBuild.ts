import type { ChainContext } from "../config/connectChain.js";
import type { OutputOptions } from "../config/parseOptions.js";
import { runBuild } from "../publish/runBuild.js";
import { runSync } from "../sync/runSync.js";
import { packageVersion } from "../util/packageVersion.js";
import { type CommandContext, generatorName } from "./context.js";
import { checkDatabase, checkOutput, lockOutput, openDatabase } from "./resources.js";
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
  checkDatabase(db, { create: true, chain });
  checkOutput(out);
  const outputLock = lockOutput(out);
  try {
    const database = openDatabase(db, { create: true });
    try {
      const sync = await runSync(database.store, chain, logger, progress.update).finally(() =>
        progress.done(),
      );
      const build = runBuild(
        database.store,
        { out, stuckGrace, generator: generatorName(packageVersion()) },
        logger,
      );
      return { sync, build };
    } finally {
      database.close();
    }
  } finally {
    outputLock.release();
  }
}
