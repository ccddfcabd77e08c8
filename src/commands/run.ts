import { Command } from "commander";
import { connectChain } from "../chain/connectChain.js";
import { runCommand } from "./context.js";
import { addBuildOptions, addChainOptions, addDbOption, addLogOptions } from "./options/addOptions.js";
import { parseChainOptions, parseOutputOptions } from "./options/parseOptions.js";
import { type RunSummary, renderRunSummary } from "./summary/renderRunSummary.js";
import { syncAndBuild } from "./syncAndBuild.js";

export function runCommandDefinition(): Command {
  const command = new Command("run").description("sync, then build: what the cron calls");
  addLogOptions(addBuildOptions(addDbOption(addChainOptions(command))));
  return command.action((raw) =>
    runCommand(
      raw,
      async (context): Promise<RunSummary> => {
        const options = parseChainOptions(raw);
        const output = parseOutputOptions(raw);
        const chain = await connectChain(options, context.logger);
        return syncAndBuild(chain, output, context);
      },
      renderRunSummary,
    ),
  );
}
