import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { generateHistory } from "../../src/devchain/generateHistory.js";
import type { DevChain } from "../../tooling/devchain/startDevChain.js";
import { runArgs } from "../support/runArgs.js";
import { runCli } from "../support/runCli.js";
import { useDevChains } from "../support/useDevChains.js";
import { useTempDir } from "../support/useTempDir.js";

// biome-ignore lint/suspicious/noExplicitAny: the tests tamper with parsed files of every shape
type Json = Record<string, any>;

/**
 * `validate` checks the rules of SPEC.md, not only the schemas (issue 12): a real publication
 * passes, with --deep too; a copy with one rule broken fails, naming the file and the rule.
 */
describe("validate: the rules of SPEC.md", () => {
  const endTime = Date.UTC(2026, 7, 20, 15, 30) / 1000;
  const chains: DevChain[] = Object.values(
    useDevChains({
      first: [generateHistory({ seed: 21, days: 40, sessionsPerDay: 30, endTime })],
      second: [
        generateHistory({ seed: 22, days: 12, sessionsPerDay: 20, endTime: endTime - 7200 }),
        { chainId: 1337 },
      ],
    }),
  );
  const dir = useTempDir("mor-validate-");
  const out = join(dir, "out");
  let caseNumber = 0;

  beforeAll(async () => {
    const run = await runCli(runArgs(chains[0] as DevChain, { db: join(dir, "db.sqlite"), out }));
    expect(run.code, run.stderr).toBe(0);
  });

  const validate = async (target: string, ...flags: string[]) => {
    const result = await runCli(["validate", target, "--json", ...flags]);
    return { code: result.code, ...(JSON.parse(result.stdout) as { valid: boolean; problems: string[] }) };
  };

  /** A deployable copy of the publication (out/current), with `edit` applied to its API files. */
  function tampered(
    edit: (api: {
      read(path: string): Json;
      write(path: string, value: unknown): void;
      root: string;
    }) => void,
  ) {
    const copy = join(dir, `case-${++caseNumber}`);
    cpSync(join(out, "current"), copy, { recursive: true, dereference: true });
    const root = join(copy, "api", "throughput");
    edit({
      root,
      read: (path) => JSON.parse(readFileSync(join(root, path), "utf8")) as Json,
      write: (path, value) => writeFileSync(join(root, path), JSON.stringify(value)),
    });
    return copy;
  }

  test("default: a publication passes, its rules and (--deep) its consistency; a two-chain one too", async () => {
    expect(await validate(out)).toMatchObject({ code: 0, valid: true, problems: [] });
    expect(await validate(out, "--deep")).toMatchObject({ code: 0, valid: true, problems: [] });
    const two = join(dir, "two-chains");
    const run = await runCli([
      "run",
      ...["--rpc-url", chains[0]?.rpcUrl as string, "--rpc-url", chains[1]?.rpcUrl as string],
      ...["--contract", chains[0]?.contract as string, "--from-block", "0", "--confirmations", "0"],
      ...["--db", join(dir, "two.sqlite"), "--out", two],
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(await validate(two, "--deep")).toMatchObject({ code: 0, valid: true, problems: [] });
  });

  const cases: Array<[string, Parameters<typeof tampered>[0], RegExp]> = [
    [
      "a stuck-sessions file whose count differs from its list",
      (api) => {
        const stuck = api.read("stuck-sessions.json");
        api.write("stuck-sessions.json", { ...stuck, count: stuck.count + 1 });
      },
      /^stuck-sessions\.json: count is \d+, but sessions lists \d+$/,
    ],
    [
      "a daily series that is reversed",
      (api) => {
        const daily = api.read("rollup/daily.json");
        api.write("rollup/daily.json", { ...daily, series: daily.series.reverse() });
      },
      /^rollup\/daily\.json: \/series\/1\/ts \d+ is not after the bucket before \(\d+\): not ascending$/,
    ],
    [
      "a daily series with a gap",
      (api) => {
        const daily = api.read("rollup/daily.json");
        daily.series.splice(10, 1);
        api.write("rollup/daily.json", daily);
      },
      /^rollup\/daily\.json: \/series\/10\/ts \d+: a gap, the day \d+ is missing \(a series is dense\)$/,
    ],
    [
      "an hourly series past its retention",
      (api) => {
        const hourly = api.read("rollup/hourly.json");
        const first = hourly.series[0];
        const earlier = Array.from({ length: 400 - hourly.series.length }, (_, k) => ({
          ...first,
          ts: first.ts - 3600 * (400 - hourly.series.length - k),
        }));
        api.write("rollup/hourly.json", { ...hourly, series: [...earlier, ...hourly.series] });
      },
      /^rollup\/hourly\.json: \/series holds 400 hourly buckets, more than the retention of 336$/,
    ],
    [
      "a by-model series that does not span the daily range",
      (api) => {
        const byModel = api.read("rollup/by-model-daily.json");
        byModel.models[0].series.shift();
        api.write("rollup/by-model-daily.json", byModel);
      },
      /^rollup\/by-model-daily\.json: \/models\/0\/series spans \d+ day\(s\) from \d+ to \d+, not the daily rollup's \d+ day\(s\) from \d+ to \d+$/,
    ],
    [
      "by-provider items out of order",
      (api) => {
        const byProvider = api.read("rollup/by-provider-daily.json");
        byProvider.providers.reverse();
        api.write("rollup/by-provider-daily.json", byProvider);
      },
      /^rollup\/by-provider-daily\.json: \/providers\/1 \(0x[0-9a-fA-F]{40}\) is out of order: sorted ascending, lowercase, expected$/,
    ],
    [
      "a provider address that is not checksummed",
      (api) => {
        const leaderboard = api.read("providers.json");
        leaderboard.providers[0].provider = leaderboard.providers[0].provider.toLowerCase();
        api.write("providers.json", leaderboard);
      },
      /^providers\.json: \/providers\/0\/provider 0x[0-9a-f]{40} is not EIP-55 checksummed \(0x[0-9a-fA-F]{40}\)$/,
    ],
    [
      "windows that are not nested",
      (api) => {
        const summary = api.read("summary.json");
        summary["24h"].sessions = summary["7d"].sessions + 1;
        api.write("summary.json", summary);
      },
      /^summary\.json: \/: the 24h window is not inside the 7d window \(sessions \d+ > \d+\)$/,
    ],
    [
      "a stuck session listed twice",
      (api) => {
        const stuck = api.read("stuck-sessions.json");
        const sessions = [...stuck.sessions, stuck.sessions[stuck.sessions.length - 1]];
        api.write("stuck-sessions.json", { count: sessions.length, sessions });
      },
      /^stuck-sessions\.json: \/sessions\/\d+ \(\d+, 0x[0-9a-f]{64}, 31337\) appears twice$/,
    ],
    [
      "an audit whose totals disagree with its items",
      (api) => {
        const audit = api.read("audit.json");
        api.write("audit.json", { ...audit, matching: audit.matching - 1 });
      },
      /^audit\.json: matching is \d+, but \d+ items match$/,
    ],
    [
      "meta.json saying the backfill is incomplete while every chain caught up",
      (api) => {
        const meta = api.read("meta.json");
        api.write("meta.json", { ...meta, backfillComplete: false });
      },
      /^meta\.json: backfillComplete is false, but the chains say true$/,
    ],
    [
      "another bucket under a chain's rollup/",
      (api) =>
        writeFileSync(join(api.root, "chains/31337/rollup/weekly.json"), '{"bucket":"weekly","series":[]}'),
      /^chains\/31337\/rollup\/weekly\.json: not part of the API \(SPEC\.md allows no other file here\)$/,
    ],
    [
      "a chain's file missing",
      (api) => rmSync(join(api.root, "chains/31337/summary.json")),
      /^chains\/31337\/summary\.json: missing$/,
    ],
    [
      "market.json: models out of order",
      (api) => {
        const market = api.read("market.json");
        market.models.reverse();
        api.write("market.json", market);
      },
      /^market\.json: \/models\/1 \(0x[0-9a-f]{64}\) is out of order: sorted ascending, lowercase, expected$/,
    ],
    [
      "market.json: an offer created after the as-of",
      (api) => {
        const market = api.read("market.json");
        const pair = market.models.flatMap((m: Json) => m.providers).find((p: Json) => p.offers.length > 0);
        pair.offers[pair.offers.length - 1].createdAt = market.asOf + 1;
        api.write("market.json", market);
      },
      /^market\.json: \/models\/\d+\/providers\/\d+\/offers\/\d+: created at \d+, after the as-of \d+: not standing then$/,
    ],
    [
      "market.json: a pair's windows not nested",
      (api) => {
        const market = api.read("market.json");
        const pair = market.models[0].providers[0];
        pair.windows["7d"].sessions = pair.windows["30d"].sessions + 1;
        api.write("market.json", market);
      },
      /^market\.json: \/models\/0\/providers\/0\/windows: the 7d window is not inside the 30d window \(sessions \d+ > \d+\)$/,
    ],
    [
      "market.json: a window with tokens but no earnedPerMillionTokens",
      (api) => {
        const market = api.read("market.json");
        const pair = market.models
          .flatMap((m: Json) => m.providers)
          .find((p: Json) => p.windows.all.tokens > 0);
        delete pair.windows.all.earnedPerMillionTokens;
        api.write("market.json", market);
      },
      /^market\.json: \/models\/\d+\/providers\/\d+\/windows\/all: tokens \d+ but no earnedPerMillionTokens$/,
    ],
    [
      "market.json under a chain's folder",
      (api) => api.write("chains/31337/market.json", api.read("market.json")),
      /^chains\/31337\/market\.json: published at the top level only \(SPEC\.md\)$/,
    ],
    [
      "a publication without its dashboard",
      (api) => rmSync(join(api.root, "..", "..", "index.html")),
      /^index\.html: missing \(the dashboard is part of a publication\)$/,
    ],
    [
      "a dashboard without its script",
      (api) => {
        const assets = join(api.root, "..", "..", "assets");
        for (const name of readdirSync(assets)) if (name.endsWith(".js")) rmSync(join(assets, name));
      },
      /^assets\/dashboard-\w+\.js: missing \(index\.html loads it\)$/,
    ],
  ];

  test.each(cases)("error: %s", async (_name, edit, problem) => {
    const result = await validate(tampered(edit));
    expect(result.code).toBe(1);
    expect(result.problems).toContainEqual(expect.stringMatching(problem));
  });

  const deepCases: Array<[string, Parameters<typeof tampered>[0], RegExp]> = [
    [
      "a summary whose all differs from the monthly series' sum",
      (api) => {
        const summary = api.read("summary.json");
        summary.all.sessions += 1;
        api.write("summary.json", summary);
      },
      /^summary\.json: all is not the sum of the monthly series \(sessions \d+ ≠ \d+\)$/,
    ],
    [
      "a day the providers' series do not add up to",
      (api) => {
        const daily = api.read("rollup/daily.json");
        // A day whose tokens are counted: more tokens there break no rule of the file alone.
        daily.series.find((bucket: Json) => bucket.tokenSessions > 0).tokens += 7;
        api.write("rollup/daily.json", daily);
      },
      /^rollup\/by-provider-daily\.json: the providers' day \d+ does not add up to the daily rollup's \(tokens \d+ ≠ \d+\)$/,
    ],
    [
      "a model's pairs that do not add up to its models.json item",
      (api) => {
        const market = api.read("market.json");
        const model = market.models.find((m: Json) =>
          m.providers.some((p: Json) => p.windows.all.sessions > 1),
        );
        const pair = model.providers.find((p: Json) => p.windows.all.sessions > 1);
        pair.windows.all.sessions -= 1;
        api.write("market.json", market);
      },
      /^market\.json: \/models\/\d+ \(0x[0-9a-f]{64}\): its pairs' all windows do not add up to models\.json's \(sessions \d+ ≠ \d+\)$/,
    ],
    [
      "a one-chain publication whose chain folder differs from the top level",
      (api) => api.write("chains/31337/stuck-sessions.json", api.read("stuck-sessions.json")),
      /^chains\/31337\/stuck-sessions\.json: differs from stuck-sessions\.json, though the publication has this one chain$/,
    ],
    [
      "a releaseKey that is not the key of the files (readers would mix releases: docs/caching.md)",
      (api) => api.write("meta.json", { ...api.read("meta.json"), releaseKey: "0123456789abcdef" }),
      /^meta\.json: releaseKey 0123456789abcdef is not the key of the files beside it \([0-9a-f]{16}\)$/,
    ],
  ];

  test.each(deepCases)("error: --deep: %s (the files alone pass)", async (_name, edit, problem) => {
    const copy = tampered(edit);
    expect(await validate(copy)).toMatchObject({ code: 0, valid: true });
    const deep = await validate(copy, "--deep");
    expect(deep.code).toBe(1);
    expect(deep.problems).toContainEqual(expect.stringMatching(problem));
  });
});
