import { existsSync, statSync } from "node:fs";
import { Command } from "commander";
import { UserError } from "../errors/BaseError.js";
import { validateDirectory } from "../publish/validateDirectory.js";
import { validateSite } from "../publish/validateSite.js";
import { runCommand } from "./context.js";
import { helpAfter } from "./helpText.js";
import { addLogOptions, addOutOption } from "./options/addOptions.js";
import { settleOutputOptions } from "./options/settleOptions.js";

export function validateCommand(): Command {
  const command = new Command("validate")
    .description(
      "check a publication: every file present, valid against its schema and the rules of SPEC.md; a directory, or one release of a site (an http(s) URL)",
    )
    .argument("[dir]", "published directory (default: --out, else out), or the URL of a site")
    .option(
      "--deep",
      "also check that the files agree with each other (the summary with the series, meta.json's releaseKey with the files, ...)",
    );
  addLogOptions(addOutOption(command));
  command.addHelpText(
    "after",
    helpAfter([
      "npx mor-throughput validate out --deep",
      "npx mor-throughput validate out/current --json",
      "npx mor-throughput validate https://example.github.io/mor-throughput/ --deep",
    ]),
  );
  return command.action((dir: string | undefined, raw) =>
    runCommand(
      raw,
      async ({ env }) => {
        const target = dir ?? settleOutputOptions(raw, env).out;
        if (/^https?:\/\//i.test(target)) {
          const { site, problems } = await validateSite(target, { deep: raw.deep === true });
          if (problems.length > 0) {
            throw new UserError(`${site} is not a valid publication (${problems.length} problem(s))`, {
              details: problems.join("\n"),
              data: { dir: site, valid: false, problems },
            });
          }
          return { dir: site, valid: true, problems };
        }
        const missing = !existsSync(target)
          ? `No directory at ${target}`
          : !statSync(target).isDirectory()
            ? `${target} is not a directory`
            : undefined;
        if (missing) {
          throw new UserError(missing, {
            details: "Expected a directory that `run` or `build` published into (--out), or its current/.",
            data: { dir: target, valid: false, problems: [missing] },
          });
        }
        const problems = validateDirectory(target, { deep: raw.deep === true });
        if (problems.length > 0) {
          throw new UserError(`${target} is not a valid publication (${problems.length} problem(s))`, {
            details: problems.join("\n"),
            data: { dir: target, valid: false, problems },
          });
        }
        return { dir: target, valid: true, problems };
      },
      (result) => [`${result.dir} is valid`],
    ),
  );
}
