import { Command } from "commander";
import { connectChain } from "../config/connectChain.js";
import { parseChainOptions, parseOutputOptions } from "../config/parseOptions.js";
import { runSync } from "../sync/runSync.js";
import { runCommand } from "./context.js";
import { addChainOptions, addDbOption, addLogOptions } from "./options.js";
import { withResources } from "./resources.js";
import { renderSyncSummary } from "./summary/renderSyncSummary.js";

export function syncCommand(): Command {
  const command = new Command("sync").description(
    "follow the contract's logs from the start block to the target block into SQLite",
  );
  addLogOptions(addDbOption(addChainOptions(command)));
  return command.action((raw) =>
    runCommand(
      raw,
      async ({ logger, progress }) => {
        const options = parseChainOptions(raw);
        const { db } = parseOutputOptions(raw);
        const chain = await connectChain(options, logger);
        return withResources({ db, create: true, chain }, (store) =>
          runSync(store, chain, logger, progress.update),
        ).finally(() => progress.done());
      },
      renderSyncSummary,
    ),
  );
}
