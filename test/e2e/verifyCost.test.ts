import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { floorHour } from "../../src/api/periods.js";
import { presets } from "../../src/chain/presets.js";
import { startVirtualChain, type VirtualChain } from "../../tooling/virtualChain/startVirtualChain.js";
import { paidEndpoint } from "../../tooling/virtualChain/virtualLimits.js";
import { scenarioHeadTime } from "../../tooling/virtualChain/virtualScenarios.js";
import type { VirtualChainSpec } from "../../tooling/virtualChain/virtualSpec.js";
import { parseJson, runCli } from "../support/runCli.js";
import { useServedDirectories } from "../support/useServedDirectories.js";
import { useTempDir } from "../support/useTempDir.js";

/**
 * What verify costs on a busy chain, counted by the chain (a virtual chain of Base's block time,
 * behind a paid endpoint's limits): four days of 8,000 sessions, a quarter of them in one hour,
 * so the hours checked hold hundreds to thousands of closes among 1,800 blocks each.
 */
const day = 86_400;
const blockTime = 2;
const head = 40_000_000;
const spikeAt = floorHour(scenarioHeadTime - day);
const spec: VirtualChainSpec = {
  chainId: presets.base.chainId,
  contract: presets.base.contract,
  seed: 7,
  blockTime,
  head,
  headTime: scenarioHeadTime,
  creationBlock: head - (4 * day) / blockTime,
  historyStart: scenarioHeadTime - 4 * day + 600,
  historyEnd: scenarioHeadTime - 2 * 3600,
  sessions: 8_000,
  spike: { at: spikeAt, seconds: 3600, share: 0.25 },
};
const iso = (ts: number) => new Date(ts * 1000).toISOString();

describe("verify on a busy chain", () => {
  const dir = useTempDir("mor-verify-cost-");
  const serve = useServedDirectories();
  let chain: VirtualChain;
  let site: string;
  beforeAll(async () => {
    chain = await startVirtualChain(spec, paidEndpoint);
    const out = join(dir, "out");
    parseJson(
      await runCli(["run", "--rpc-url", chain.url, "--db", join(dir, "db.sqlite"), "--out", out, "--json"]),
    );
    site = await serve(out);
  });
  afterAll(async () => {
    await chain?.close();
  });

  test("three hours of hundreds to thousands of closes each: exact, in a few dozen requests", async () => {
    const hourly = JSON.parse(
      readFileSync(join(dir, "out", "api", "throughput", "chains", "8453", "rollup", "hourly.json"), "utf8"),
    ) as { series: Array<{ ts: number; sessions: number }> };
    // The spike's hour and the two busiest others.
    const hours = [...hourly.series].sort((a, b) => b.sessions - a.sessions).slice(0, 3);
    expect(hours[0]?.ts).toBe(spikeAt);
    chain.resetStats();
    const result = await runCli([
      "verify",
      site,
      "--rpc-url",
      chain.url,
      ...hours.flatMap((hour) => ["--hour", iso(hour.ts)]),
      "--json",
    ]);
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as {
      agree: boolean;
      requests: number;
      chains: Array<{ hours: Array<{ closes: number }> }>;
    };
    expect(report.agree).toBe(true);
    const closes = report.chains[0]?.hours.map((hour) => hour.closes) ?? [];
    expect(Math.max(...closes)).toBeGreaterThan(1_000);
    expect(Math.min(...closes)).toBeGreaterThan(10);
    // What verify says it sent is what the chain received.
    expect(report.requests).toBe(chain.stats.requests);
    expect(report.requests).toBeLessThanOrEqual(40);
  });
});
