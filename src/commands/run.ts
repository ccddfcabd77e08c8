import { Command } from "commander";
import { connectChains } from "./connectChains.js";
import { runCommand } from "./context.js";
import { addBuildOptions, addChainOptions, addDbOption, addLogOptions } from "./options/addOptions.js";
import { settleChainOptions, settleOutputOptions } from "./options/settleOptions.js";
import { type RunSummary, renderRunSummary } from "./summary/renderRunSummary.js";
import { syncAndBuild } from "./syncAndBuild.js";

export function runCommandDefinition(): Command {
  const command = new Command("run").description(
    "sync every configured chain, then build: what the cron calls",
  );
  addLogOptions(addBuildOptions(addDbOption(addChainOptions(command))));
  return command.action((raw) =>
    runCommand(
      raw,
      async (context): Promise<RunSummary> => {
        const options = settleChainOptions(raw, context.env);
        const output = settleOutputOptions(raw, context.env);
        const chains = await connectChains(options, context.logger);
        return syncAndBuild(chains, output, options.timeLimit, context);
      },
      renderRunSummary,
    ),
  );
}
