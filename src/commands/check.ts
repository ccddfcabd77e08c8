import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Command } from "commander";
import { createThroughputClient } from "../api/client/createThroughputClient.js";
import { type Freshness, freshnessOf } from "../api/client/freshnessOf.js";
import { ThroughputClientError } from "../api/client/ThroughputClientError.js";
import { createValidator } from "../api/createValidator.js";
import { apiPath, fileSchemas } from "../api/fileSchemas.js";
import type { Meta } from "../api/responseTypes.js";
import { TransientError, UserError } from "../errors/BaseError.js";
import { runCommand } from "./context.js";
import { helpAfter } from "./helpText.js";
import { addLogOptions } from "./options/addOptions.js";
import { parseInteger } from "./options/parseValue.js";

export type CheckResult = Freshness & {
  site: string;
  asOf: number;
  /** Chains whose first backfill is still in progress. */
  backfilling: number[];
};

/**
 * `check <site>`: the monitor of a publication. Reads its meta.json (from the site's URL, or a
 * published directory) and exits 1 once it is stale, older than twice the update interval it
 * announces (or --max-age): the schedule that updates it has stopped, or its runs keep failing.
 */
export function checkCommand(): Command {
  const command = new Command("check")
    .description("check that a publication is fresh: exit 1 once it is older than twice its update interval")
    .argument(
      "<site>",
      "the site's URL (e.g. https://you.github.io/mor-throughput/) or a published directory",
    )
    .option("--max-age <seconds>", "stale past this age (default: twice meta.json's updateIntervalSeconds)");
  addLogOptions(command);
  command.addHelpText(
    "after",
    helpAfter([
      "npx mor-throughput check https://you.github.io/mor-throughput/   # from a monitor, a cron elsewhere",
      "npx mor-throughput check out --max-age 10800 --json",
    ]),
  );
  return command.action((site: string, raw) =>
    runCommand(
      raw,
      async (): Promise<CheckResult> => {
        const maxAge =
          raw.maxAge === undefined ? undefined : parseInteger("--max-age", raw.maxAge, { min: 1 });
        const meta = /^https?:\/\//i.test(site) ? await fetchMeta(site) : readMeta(site);
        const freshness = freshnessOf(meta);
        const maxAgeSeconds = maxAge ?? freshness.maxAgeSeconds;
        const result: CheckResult = {
          site,
          asOf: meta.asOf,
          ...freshness,
          maxAgeSeconds,
          stale: freshness.ageSeconds > maxAgeSeconds,
          backfilling: meta.chains.filter((chain) => !chain.caughtUp).map((chain) => chain.chainId),
        };
        if (result.stale) {
          throw new UserError(
            `The publication at ${site} is stale: updated ${duration(result.ageSeconds)} ago, ${maxAge === undefined ? `every ${duration(result.intervalSeconds)} expected` : `past --max-age ${duration(maxAge)}`}`,
            {
              details:
                'Is its schedule still on (GitHub disables a scheduled workflow after 60 days without activity), and are its runs succeeding? See docs/publishing.md, "Is the publication fresh?".',
              data: { ...result },
            },
          );
        }
        return result;
      },
      (result) => [
        `${result.site} is fresh: updated ${duration(result.ageSeconds)} ago, every ${duration(result.intervalSeconds)} expected`,
        ...(result.backfillComplete
          ? []
          : [
              `the history is partial: a backfill is in progress${result.backfilling.length > 0 ? ` (chains ${result.backfilling.join(", ")})` : ""}`,
            ]),
      ],
    ),
  );
}

async function fetchMeta(site: string): Promise<Meta> {
  try {
    // Past every cache: a copy a CDN serves stale for up to an hour would look an hour older.
    return await (await createThroughputClient(site).snapshot()).meta();
  } catch (error) {
    if (!(error instanceof ThroughputClientError)) throw error;
    if (error.status === undefined || error.status >= 500 || error.status === 429) {
      throw new TransientError(`Cannot reach ${site}`, {
        details: `${error.shortMessage}${error.details ? `: ${error.details}` : ""}. Try again later.`,
        cause: error,
      });
    }
    throw new UserError(`Nothing is published at ${site}: ${error.shortMessage}`, {
      details:
        "Expected the site's root, the folder holding index.html and api/ (the URL the dashboard is at).",
      cause: error,
    });
  }
}

function readMeta(dir: string): Meta {
  const path = join(dir, apiPath, "meta.json");
  if (!existsSync(path)) {
    throw new UserError(`Nothing is published in ${dir}: no ${apiPath}/meta.json`, {
      details: "Expected a published directory (--out of `run` or `build`), or the site's URL.",
    });
  }
  let meta: unknown;
  try {
    meta = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new UserError(`${path} is not JSON`, { details: (error as Error).message, cause: error });
  }
  const problems = createValidator().validate(fileSchemas["meta.json"], meta);
  if (problems.length > 0)
    throw new UserError(`${path} does not match its schema`, { details: problems.slice(0, 10).join("\n") });
  return meta as Meta;
}

/** "45 s", "12 min", "3 h 20 min", "2 d 5 h". */
function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`;
}
