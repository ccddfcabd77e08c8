import { Command } from "commander";
import { connectChain } from "../chain/connectChain.js";
import { createSyncStore } from "../store/createSyncStore.js";
import { runSync } from "../sync/runSync.js";
import { runCommand } from "./context.js";
import { addChainOptions, addDbOption, addLogOptions } from "./options/addOptions.js";
import { parseChainOptions, parseOutputOptions } from "./options/parseOptions.js";
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
          runSync(createSyncStore(store), chain, logger, progress.update),
        ).finally(() => progress.done());
      },
      renderSyncSummary,
    ),
  );
}
