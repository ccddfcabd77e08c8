import { randomInt } from "node:crypto";
import { Command } from "commander";
import { UserError } from "../errors/BaseError.js";
import { fetchRelease } from "../publish/fetchRelease.js";
import { pickHours, retainedHours } from "../publish/verify/pickHours.js";
import { verifyRelease } from "../publish/verify/verifyRelease.js";
import { connectChains } from "./connectChains.js";
import { runCommand } from "./context.js";
import { helpAfter } from "./helpText.js";
import { addEndpointOptions, addLogOptions } from "./options/addOptions.js";
import { parseInteger } from "./options/parseValue.js";
import { settleChainOptions } from "./options/settleOptions.js";
import { renderVerifySummary, type VerifySummary } from "./summary/renderVerifySummary.js";

const collect = (value: string, previous: string[] = []) => [...previous, value];

export function verifyCommand(): Command {
  const command = new Command("verify")
    .description(
      "check one release of a published site against the chains: hours drawn at random recomputed from their closes, the audit's counters read again",
    )
    .argument("<site>", "the site's URL (the folder of index.html and api/)")
    .option("--hours <n>", "hours drawn at random inside the hourly retention (default: 3)")
    .option("--hour <time>", "an hour to check (ISO time), repeatable, instead of a random draw", collect)
    .option(
      "--seed <n>",
      "seed of the random draw: the same seed, the same hours (default: a random one, printed)",
    );
  addLogOptions(addEndpointOptions(command));
  command.addHelpText(
    "after",
    helpAfter([
      "RPC_URL_8453=https://base.example RPC_URL_42161=https://arb.example npx mor-throughput verify https://example.github.io/mor-throughput/",
      "npx mor-throughput verify http://127.0.0.1:8080/ --rpc-url http://127.0.0.1:8545 --hour 2026-09-01T10:00Z --json",
    ]),
  );
  return command.action((site: string, raw) =>
    runCommand(
      raw,
      async ({ env, logger }): Promise<VerifySummary> => {
        if (!/^https?:\/\//i.test(site))
          throw new UserError(`Not a site URL: ${site}`, {
            details: "Expected an http(s) URL, e.g. http://127.0.0.1:8080/.",
          });
        const count = parseInteger("--hours", raw.hours ?? 3, { min: 1, max: 1000 });
        const seed =
          raw.seed === undefined ? randomInt(2 ** 31) : parseInteger("--seed", raw.seed, { min: 0 });
        const release = await fetchRelease(site);
        const { meta } = release;
        const options = settleChainOptions(raw, env);
        const known = new Map(meta.chains.map((chain) => [chain.chainId, chain.contract]));
        const chains = await connectChains(options, logger, [], known);
        for (const chain of chains)
          if (!known.has(chain.chainId))
            throw new UserError(
              `The endpoint serves chain ${chain.chainId}, which the site does not publish`,
              {
                details: `The site publishes chains ${[...known.keys()].join(", ")}. Expected an endpoint of one of them.`,
              },
            );
        const asOfs = meta.chains
          .filter((c) => chains.some((chain) => chain.chainId === c.chainId))
          .map((c) => c.asOf);
        const hours = pickHours(retainedHours(asOfs), { given: raw.hour ?? [], count, seed });
        const verified = await verifyRelease(release, chains, hours, logger);
        const summary: VerifySummary = {
          site: release.site,
          releaseKey: typeof meta.releaseKey === "string" ? meta.releaseKey : undefined,
          seed: raw.hour ? undefined : seed,
          hours: hours.map((ts) => new Date(ts * 1000).toISOString()),
          siteRequests: release.requests,
          requests: verified.chains.reduce((sum, chain) => sum + chain.requests.httpRequests, 0),
          ...verified,
          agree: verified.differences.length === 0,
        };
        if (!summary.agree)
          throw new UserError(
            `${release.site} differs from the chain (${summary.differences.length} difference(s))`,
            {
              details: renderVerifySummary(summary).join("\n"),
              data: summary,
            },
          );
        return summary;
      },
      renderVerifySummary,
    ),
  );
}
