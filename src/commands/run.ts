import { Command } from "commander";
import { connectChain } from "../config/connectChain.js";
import { parseChainOptions, parseOutputOptions } from "../config/parseOptions.js";
import { runBuild } from "../publish/runBuild.js";
import { runSync } from "../sync/runSync.js";
import { packageVersion } from "../util/packageVersion.js";
import { generatorName, runCommand } from "./context.js";
import { addBuildOptions, addChainOptions, addDbOption, addLogOptions } from "./options.js";
import { checkDatabase, checkOutput, lockOutput, openDatabase } from "./resources.js";
import { type RunSummary, renderRunSummary } from "./summary/renderRunSummary.js";

export function runCommandDefinition(): Command {
  const command = new Command("run").description("sync, then build: what the cron calls");
  addLogOptions(addBuildOptions(addDbOption(addChainOptions(command))));
  return command.action((raw) =>
    runCommand(
      raw,
      async ({ logger, progress }): Promise<RunSummary> => {
        const options = parseChainOptions(raw);
        const { db, out, stuckGrace } = parseOutputOptions(raw);
        const chain = await connectChain(options, logger);
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
      },
      renderRunSummary,
    ),
  );
}
