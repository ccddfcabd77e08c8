import { Command } from "commander";
import { connectChains } from "./connectChains.js";
import { runCommand } from "./context.js";
import { helpAfter } from "./helpText.js";
import { addChainOptions, addDbOption, addLogOptions } from "./options/addOptions.js";
import { settleChainOptions, settleOutputOptions } from "./options/settleOptions.js";
import { checkPaths, withResources } from "./resources.js";
import { runSync } from "./runSync.js";
import { renderSyncSummary } from "./summary/renderSyncSummary.js";

export function syncCommand(): Command {
  const command = new Command("sync").description(
    "follow the contract's logs on every configured chain from the start block to the target block into SQLite",
  );
  addLogOptions(addDbOption(addChainOptions(command)));
  command.addHelpText(
    "after",
    helpAfter([
      "npx mor-throughput sync --chain base --rpc-url https://base.example --to-block finalized",
      "npx mor-throughput sync --time-limit 600 --json",
    ]),
  );
  return command.action((raw) =>
    runCommand(
      raw,
      async ({ logger, progress, env }) => {
        const options = settleChainOptions(raw, env);
        const { db } = settleOutputOptions(raw, env);
        const indexed = checkPaths({ db, create: true });
        const chains = await connectChains(options, logger, indexed);
        return withResources({ db, create: true, chains }, (store) =>
          runSync(store, chains, {
            logger,
            timeLimit: options.timeLimit,
            onProgress: progress.update,
            acceptUpgrades: options.acceptUpgrades,
          }),
        );
      },
      renderSyncSummary,
    ),
  );
}
