import { Command } from "commander";
import { buildCommand } from "./commands/build.js";
import { checkCommand } from "./commands/check.js";
import { demoCommand } from "./commands/demo.js";
import { helpAfter } from "./commands/helpText.js";
import { parseCommandLine } from "./commands/parseCommandLine.js";
import { runCommandDefinition } from "./commands/run.js";
import { serveCommand } from "./commands/serve.js";
import { syncCommand } from "./commands/sync.js";
import { validateCommand } from "./commands/validate.js";
import { ignoreClosedPipes } from "./util/ignoreClosedPipes.js";
import { packageVersion } from "./util/packageVersion.js";

ignoreClosedPipes(process.stdout, process.stderr);

/** Assembles the commands; each verb lives in commands/<verb>.ts. */
const program = new Command("mor-throughput")
  .description("Index the inference marketplace contract and publish the throughput rollup API.")
  .version(packageVersion())
  .showHelpAfterError()
  .addHelpText(
    "after",
    helpAfter([
      "npx mor-throughput demo                 # two local chains, indexed, published and served",
      "npx mor-throughput run                  # index Base and Arbitrum One, publish into out/",
      "npx mor-throughput run --help           # every flag of run",
    ]),
  );

program.addCommand(syncCommand());
program.addCommand(buildCommand());
program.addCommand(runCommandDefinition());
program.addCommand(serveCommand());
program.addCommand(validateCommand());
program.addCommand(checkCommand());
program.addCommand(demoCommand());

await parseCommandLine(program, process.argv);
