import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type DemoNetwork, startDemoNetwork } from "../../src/devchain/startDemoNetwork.js";
import { apiPathsOf } from "../../src/publish/fetchRelease.js";
import { releaseKey } from "../../src/publish/releaseKey.js";
import { withRouterOf } from "../support/expected/withRouter.js";
import { readPublishedJson } from "../support/readPublished.js";
import { parseJson, runCli } from "../support/runCli.js";
import { useServedDirectories } from "../support/useServedDirectories.js";
import { useTempDir } from "../support/useTempDir.js";

/**
 * The demo's network (the `demo` command's generator: two years on Arbitrum One then Base, prices
 * inside the deployed bounds, stakes from the 0.1 MOR minimum to past 2^63 wei), indexed as the
 * demo indexes it: every model's router order equals the one read from each chain's state and
 * scored by the proxy-router's default scorer worked out apart from src/ (routerOrder); the site,
 * served locally while its chains still run (its last 15 days written a block per hour, as verify
 * needs: startDemoNetwork), passes `verify` (Base's busiest hours, both chains' audit counters),
 * and the same site with one hour's tokens changed does not.
 */
type Market = {
  models: Array<{
    modelId: string;
    router: Array<{ chainId: number; available: boolean; bids: Array<{ stake: number; score: number }> }>;
  }>;
};

const api = "api/throughput";

describe("the demo's site", () => {
  const dir = useTempDir("mor-demo-site-");
  const out = join(dir, "out");
  const serve = useServedDirectories();
  let network: DemoNetwork | undefined;
  beforeAll(async () => {
    network = await startDemoNetwork({
      seed: 1,
      days: 735,
      sessionsPerDay: 6,
      endTime: Date.UTC(2026, 10, 20, 12, 0, 0) / 1000,
      // As on a real chain, a close in a block of its own hour, where verify draws its hours.
      hourlyDays: 15,
    });
    const chains = network.chains;
    parseJson(
      await runCli([
        "run",
        ...chains.flatMap((chain) => ["--rpc-url", chain.rpcUrl]),
        ...[
          "--from-block",
          "0",
          "--confirmations",
          "0",
          "--db",
          join(dir, "demo.sqlite"),
          "--out",
          out,
          "--json",
        ],
      ]),
    );
  }, 240_000);
  afterAll(async () => {
    await network?.stop();
  });

  test("default: every model's order on both chains is the proxy-router's for the same state", async () => {
    const chains = network?.chains ?? [];
    const published = readPublishedJson(out);
    const market = published["market.json"] as Market;
    const bare = { ...market, models: market.models.map((model) => ({ ...model, router: [] })) };
    const expected = await withRouterOf({ "market.json": bare }, published, chains);
    expect((expected["market.json"] as Market).models.map((model) => model.router)).toEqual(
      market.models.map((model) => model.router),
    );
    // The demo shows what the router does with real stakes: available on both chains, a stake
    // term of 1 (ten times the minimum or more) and of 0 (reduced to 64 bits, or below the minimum).
    const entries = market.models.flatMap((model) => model.router);
    expect(new Set(entries.map((entry) => entry.chainId))).toEqual(new Set([8453, 42161]));
    expect(entries.every((entry) => entry.available)).toBe(true);
    const stakes = new Set(entries.flatMap((entry) => entry.bids.map((bid) => bid.stake)));
    expect(stakes.has(1) && stakes.has(0)).toBe(true);
  });

  /** Base's three busiest published hours: the demo's activity moved to Base in December 2025. */
  const busiestHours = () => {
    const hourly = JSON.parse(
      readFileSync(join(out, api, "chains", "8453", "rollup", "hourly.json"), "utf8"),
    ) as { series: Array<{ ts: number; sessions: number }> };
    return [...hourly.series].sort((a, b) => b.sessions - a.sessions).slice(0, 3);
  };
  const verify = (site: string) =>
    runCli([
      "verify",
      site,
      ...(network?.chains ?? []).flatMap((chain) => ["--rpc-url", chain.rpcUrl]),
      ...busiestHours().flatMap((hour) => ["--hour", new Date(hour.ts * 1000).toISOString()]),
      "--json",
    ]);
  type Checked = { chainId: number; hours: Array<{ ts: number; closes: number }>; audit: { pairs: number } };

  test("verify: Base's three busiest hours and both chains' audit agree (exit 0); one hour's tokens changed is found and named (exit 1)", async () => {
    const honest = await verify(await serve(out));
    expect(honest.code, honest.stdout + honest.stderr).toBe(0);
    const report = JSON.parse(honest.stdout) as { agree: boolean; requests: number; chains: Checked[] };
    expect(report.agree).toBe(true);
    const base = report.chains.find((chain) => chain.chainId === 8453) as Checked;
    const arbitrum = report.chains.find((chain) => chain.chainId === 42161) as Checked;
    // Every hour checked on Base holds closes, recomputed from the chain as the hourly file has them.
    expect(base.hours.map((hour) => hour.ts)).toEqual(
      busiestHours()
        .map((hour) => hour.ts)
        .sort((a, b) => a - b),
    );
    expect(base.hours.every((hour) => hour.closes > 0)).toBe(true);
    // Arbitrum's history ends in December 2025, so the same hours hold no close there (its files
    // publish none either); its contract's counters are still read again against the audit.
    expect(arbitrum.hours.every((hour) => hour.closes === 0)).toBe(true);
    expect(base.audit.pairs > 0 && arbitrum.audit.pairs > 0).toBe(true);
    // Both chains: connecting, the block searches, three hours' logs and reads, the audit.
    expect(report.requests).toBeLessThanOrEqual(80);

    // The same site, Base's busiest drawn hour with a token more, its release key made right again.
    const root = join(dir, "tampered");
    cpSync(join(out, "current"), root, { recursive: true, dereference: true });
    const path = join(root, api, "chains", "8453", "rollup", "hourly.json");
    const hourly = JSON.parse(readFileSync(path, "utf8"));
    const busiest = [...base.hours].sort((a, b) => b.closes - a.closes)[0] as Checked["hours"][number];
    const bucket = hourly.series.find((each: { ts: number }) => each.ts === busiest.ts);
    bucket.tokens += 1;
    writeFileSync(path, `${JSON.stringify(hourly, null, 2)}\n`);
    const metaPath = join(root, api, "meta.json");
    const meta = JSON.parse(readFileSync(metaPath, "utf8"));
    const files = new Map(apiPathsOf(meta).map((file) => [file, readFileSync(join(root, api, file))]));
    writeFileSync(metaPath, JSON.stringify({ ...meta, releaseKey: releaseKey(files) }, null, 2));
    const tampered = await verify(await serve(root));
    expect(tampered.code, tampered.stderr).toBe(1);
    const found = JSON.parse(tampered.stdout);
    expect(found.differences).toHaveLength(1);
    expect(found.differences[0]).toMatchObject({
      file: "chains/8453/rollup/hourly.json",
      bucket: busiest.ts,
      field: "tokens",
    });
    expect(Number(found.differences[0].published)).toBe(Number(found.differences[0].computed) + 1);
  });
});
