import { Command } from "commander";
import { runCommand } from "./context.js";
import { helpAfter } from "./helpText.js";
import { addBuildOptions, addDbOption, addLogOptions } from "./options/addOptions.js";
import { settleOutputOptions } from "./options/settleOptions.js";
import { withResources } from "./resources.js";
import { runBuild } from "./runBuild.js";
import { renderBuildSummary } from "./summary/renderBuildSummary.js";

export function buildCommand(): Command {
  const command = new Command("build").description(
    "compute every file of the API from the database, validate it, publish it atomically",
  );
  addLogOptions(addBuildOptions(addDbOption(command)));
  command.addHelpText(
    "after",
    helpAfter([
      "npx mor-throughput build --db data/throughput.sqlite --out out",
      "npx mor-throughput build --stuck-grace 7200 --json",
    ]),
  );
  return command.action((raw) =>
    runCommand(
      raw,
      async ({ logger, env }) => {
        const output = settleOutputOptions(raw, env);
        return withResources({ db: output.db, create: false, out: output.out }, (store) =>
          runBuild(store, output, logger),
        );
      },
      renderBuildSummary,
    ),
  );
}
