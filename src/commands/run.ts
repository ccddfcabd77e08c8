import { randomInt } from "node:crypto";
import { existsSync } from "node:fs";
import { Command } from "commander";
import { UserError } from "../errors/BaseError.js";
import { fetchSnapshot } from "../publish/fetchSnapshot.js";
import { bootstrapDatabase } from "./bootstrapDatabase.js";
import { connectChains } from "./connectChains.js";
import { runCommand } from "./context.js";
import { helpAfter } from "./helpText.js";
import { addBuildOptions, addChainOptions, addDbOption, addLogOptions } from "./options/addOptions.js";
import { parseInteger } from "./options/parseValue.js";
import { settleChainOptions, settleOutputOptions } from "./options/settleOptions.js";
import { checkPaths } from "./resources.js";
import { type RunSummary, renderRunSummary } from "./summary/renderRunSummary.js";
import { syncAndBuild } from "./syncAndBuild.js";

export function runCommandDefinition(): Command {
  const command = new Command("run").description(
    "sync every configured chain, then build: what the cron calls",
  );
  addLogOptions(addBuildOptions(addDbOption(addChainOptions(command))));
  command
    .option(
      "--bootstrap <site>",
      "start a new database from the snapshot a site publishes, verified against the chains before it is used (docs/publishing.md)",
    )
    .option(
      "--bootstrap-hours <n>",
      "hours of the snapshot --bootstrap recomputes from the chains (default: 3)",
    )
    .option(
      "--seed <n>",
      "seed of --bootstrap's random hours: the same seed, the same hours (default: a random one, in the summary)",
    );
  command.addHelpText(
    "after",
    helpAfter([
      "npx mor-throughput run                    # Base and Arbitrum One through their public endpoints",
      "RPC_URL_8453=https://base.example RPC_URL_42161=https://arb.example npx mor-throughput run",
      "npx mor-throughput run --time-limit 1800 --update-interval 3600   # in a cron job: 30 min of sync a run",
      "npx mor-throughput run --rpc-url http://127.0.0.1:8545 --contract 0x… --from-block 0 --confirmations 0 --db /tmp/t.sqlite --out /tmp/out",
      "npx mor-throughput run --bootstrap https://example.github.io/mor-throughput/   # a fork's first run: start from that site's snapshot",
    ]),
  );
  return command.action((raw) =>
    runCommand(
      raw,
      async (context): Promise<RunSummary> => {
        const options = settleChainOptions(raw, context.env);
        const output = settleOutputOptions(raw, context.env);
        const indexed = checkPaths({ db: output.db, create: true, out: output.out });
        const bootstrap = settleBootstrap(raw, output.db);
        const fetched = bootstrap && (await fetchSnapshot(bootstrap.site));
        const chains = await connectChains(options, context.logger, indexed);
        const started =
          bootstrap && fetched
            ? await bootstrapDatabase(fetched, chains, output, bootstrap, context.logger)
            : undefined;
        const run = await syncAndBuild(chains, output, options, context);
        return started ? { ...run, bootstrap: started } : run;
      },
      renderRunSummary,
    ),
  );
}

/** --bootstrap's site and random draw, checked: a site URL, and no database at --db yet. */
function settleBootstrap(
  raw: { bootstrap?: string; bootstrapHours?: string; seed?: string },
  db: string,
): { site: string; hours: number; seed: number } | undefined {
  if (raw.bootstrap === undefined) {
    const stray =
      raw.bootstrapHours !== undefined ? "--bootstrap-hours" : raw.seed !== undefined ? "--seed" : undefined;
    if (stray)
      throw new UserError(`${stray} is an option of --bootstrap`, {
        details: "Expected --bootstrap <site> with it, or neither.",
      });
    return undefined;
  }
  if (!/^https?:\/\//i.test(raw.bootstrap))
    throw new UserError(`Not a site URL: --bootstrap ${raw.bootstrap}`, {
      details:
        "Expected the http(s) URL of a published site, e.g. https://example.github.io/mor-throughput/.",
    });
  if (existsSync(db))
    throw new UserError(`--bootstrap starts a new database, and ${db} exists`, {
      details:
        "Expected --db to name no file yet: without --bootstrap the run goes on from this database; to start again from the site, move it away.",
    });
  return {
    site: raw.bootstrap,
    hours: parseInteger("--bootstrap-hours", raw.bootstrapHours ?? 3, { min: 1, max: 1000 }),
    seed: raw.seed === undefined ? randomInt(2 ** 31) : parseInteger("--seed", raw.seed, { min: 0 }),
  };
}
