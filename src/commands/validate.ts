import { Command } from "commander";
import { UserError } from "../errors/BaseError.js";
import { validateDirectory } from "../publish/validateDirectory.js";
import { runCommand } from "./context.js";
import { addLogOptions, addOutOption } from "./options/addOptions.js";
import { settleOutputOptions } from "./options/settleOptions.js";

export function validateCommand(): Command {
  const command = new Command("validate")
    .description("validate a published directory against the schemas")
    .argument("[dir]", "published directory (default: --out, else out)");
  addLogOptions(addOutOption(command));
  return command.action((dir: string | undefined, raw) =>
    runCommand(raw, async ({ logger, json, env }) => {
      const target = dir ?? settleOutputOptions(raw, env).out;
      const problems = validateDirectory(target);
      if (json)
        process.stdout.write(
          `${JSON.stringify({ dir: target, valid: problems.length === 0, problems }, null, 2)}\n`,
        );
      if (problems.length > 0) {
        throw new UserError(`${target} is not a valid publication (${problems.length} problem(s))`, {
          details: problems.join("\n"),
        });
      }
      logger.info(`${target} is valid`);
      return undefined;
    }),
  );
}
