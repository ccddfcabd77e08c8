import { Command } from "commander";
import { buildCommand } from "./commands/build.js";
import { demoCommand } from "./commands/demo.js";
import { runCommandDefinition } from "./commands/run.js";
import { serveCommand } from "./commands/serve.js";
import { syncCommand } from "./commands/sync.js";
import { validateCommand } from "./commands/validate.js";
import { packageVersion } from "./util/packageVersion.js";

/** Assembles the commands; each verb lives in commands/<verb>.ts. */
const program = new Command("mor-throughput")
  .description("Index the inference marketplace contract and publish the throughput rollup API.")
  .version(packageVersion())
  .showHelpAfterError();

program.addCommand(syncCommand());
program.addCommand(buildCommand());
program.addCommand(runCommandDefinition());
program.addCommand(serveCommand());
program.addCommand(validateCommand());
program.addCommand(demoCommand());

await program.parseAsync(process.argv);
