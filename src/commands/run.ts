import { Command } from "commander";
import { connectChains } from "./connectChains.js";
import { runCommand } from "./context.js";
import { helpAfter } from "./helpText.js";
import { addBuildOptions, addChainOptions, addDbOption, addLogOptions } from "./options/addOptions.js";
import { settleChainOptions, settleOutputOptions } from "./options/settleOptions.js";
import { checkPaths } from "./resources.js";
import { type RunSummary, renderRunSummary } from "./summary/renderRunSummary.js";
import { syncAndBuild } from "./syncAndBuild.js";

export function runCommandDefinition(): Command {
  const command = new Command("run").description(
    "sync every configured chain, then build: what the cron calls",
  );
  addLogOptions(addBuildOptions(addDbOption(addChainOptions(command))));
  command.addHelpText(
    "after",
    helpAfter([
      "npx mor-throughput run                    # Base and Arbitrum One through their public endpoints",
      "RPC_URL_8453=https://base.example RPC_URL_42161=https://arb.example npx mor-throughput run",
      "npx mor-throughput run --time-limit 1800 --update-interval 3600   # in a cron job: 30 min of sync a run",
      "npx mor-throughput run --rpc-url http://127.0.0.1:8545 --contract 0x… --from-block 0 --confirmations 0 --db /tmp/t.sqlite --out /tmp/out",
    ]),
  );
  return command.action((raw) =>
    runCommand(
      raw,
      async (context): Promise<RunSummary> => {
        const options = settleChainOptions(raw, context.env);
        const output = settleOutputOptions(raw, context.env);
        const indexed = checkPaths({ db: output.db, create: true, out: output.out });
        const chains = await connectChains(options, context.logger, indexed);
        return syncAndBuild(chains, output, options, context);
      },
      renderRunSummary,
    ),
  );
}
