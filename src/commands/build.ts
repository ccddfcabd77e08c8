import { Command } from "commander";
import { runCommand } from "./context.js";
import { addBuildOptions, addDbOption, addLogOptions } from "./options/addOptions.js";
import { parseOutputOptions } from "./options/parseOptions.js";
import { withResources } from "./resources.js";
import { runBuild } from "./runBuild.js";
import { renderBuildSummary } from "./summary/renderBuildSummary.js";

export function buildCommand(): Command {
  const command = new Command("build").description(
    "compute every file of the API from the database, validate it, publish it atomically",
  );
  addLogOptions(addBuildOptions(addDbOption(command)));
  return command.action((raw) =>
    runCommand(
      raw,
      async ({ logger }) => {
        const { db, out, stuckGrace } = parseOutputOptions(raw);
        return withResources({ db, create: false, out }, (store) =>
          runBuild(store, { out, stuckGrace }, logger),
        );
      },
      renderBuildSummary,
    ),
  );
}
