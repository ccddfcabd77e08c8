import { Command } from "commander";
import { packageVersion } from "../util/packageVersion.js";
import { buildCommand } from "./build.js";
import { checkCommand } from "./check.js";
import { demoCommand } from "./demo.js";
import { helpAfter } from "./helpText.js";
import { runCommandDefinition } from "./run.js";
import { serveCommand } from "./serve.js";
import { syncCommand } from "./sync.js";
import { validateCommand } from "./validate.js";
import { verifyCommand } from "./verify.js";

/** The CLI's commands, assembled; each verb lives in commands/<verb>.ts. */
export function createProgram(): Command {
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
  program.addCommand(verifyCommand());
  program.addCommand(checkCommand());
  program.addCommand(demoCommand());
  return program;
}
