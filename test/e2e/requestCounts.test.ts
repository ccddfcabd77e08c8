import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startVirtualChain, type VirtualChain } from "../../tooling/virtualChain/startVirtualChain.js";
import { paidEndpoint } from "../../tooling/virtualChain/virtualLimits.js";
import { scenarioSpec } from "../../tooling/virtualChain/virtualScenarios.js";
import { parseJson, runCli } from "../support/runCli.js";

/**
 * What a run costs the endpoint, counted by a virtual chain: a cold run of a small chain, and a
 * run an hour later when nothing happened (the publishing workflow's steady state).
 */
type Summary = { sync: { chains: Array<{ sessionsClosed: number; toBlock: number; target: number }> } };

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "mor-requests-"));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const run = async (chain: VirtualChain, name: string, ...flags: string[]) => {
  chain.resetStats();
  const summary = parseJson<Summary>(
    await runCli([
      "run",
      "--rpc-url",
      chain.url,
      "--db",
      join(dir, `${name}.sqlite`),
      "--out",
      join(dir, name),
      "--json",
      ...flags,
    ]),
  );
  return { summary, requests: chain.stats.requests, calls: chain.stats.calls };
};

describe("requests a run makes", () => {
  test("default: a cold run of a small chain: at most one request per 50 closed sessions", async () => {
    const spec = scenarioSpec("acceptance");
    const chain = await startVirtualChain(spec);
    try {
      const { summary, requests } = await run(chain, "acceptance", "--contract", spec.contract);
      const closed = summary.sync.chains[0]?.sessionsClosed ?? 0;
      expect(closed).toBeGreaterThan(1_300);
      expect(requests).toBeLessThanOrEqual(closed / 50);
    } finally {
      await chain.close();
    }
  });

  test("behavior: a cold run of a small chain without Multicall3: at most one request per 50 closed sessions", async () => {
    const spec = { ...scenarioSpec("acceptance"), multicall: false };
    const chain = await startVirtualChain(spec);
    try {
      const { summary, requests } = await run(chain, "no-multicall", "--contract", spec.contract);
      const closed = summary.sync.chains[0]?.sessionsClosed ?? 0;
      expect(closed).toBeGreaterThan(1_300);
      expect(requests).toBeLessThanOrEqual(closed / 50);
    } finally {
      await chain.close();
    }
  });

  test.for([
    { scenario: "base" as const, limits: "none" },
    { scenario: "base" as const, limits: "paid" },
    { scenario: "arbitrum" as const, limits: "paid" },
  ])(
    "behavior: an hourly run when nothing happened ($scenario, $limits limits): at most 5 requests",
    async ({ scenario, limits }) => {
      // Full length, few sessions: an hour of Base is 1,800 blocks, of Arbitrum 14,400 (past the
      // 10,000-block cap of the paid endpoint).
      const { spike: _, ...full } = scenarioSpec(scenario);
      const spec = { ...full, sessions: 300 };
      const chain = await startVirtualChain(spec, limits === "paid" ? paidEndpoint : {});
      try {
        const name = `${scenario}-${limits}`;
        // The backfill starts at the creation block: as fast as the test allows, from a late block.
        const from = ["--from-block", String(spec.head - 200_000)];
        const first = await run(chain, name, ...from);
        expect(first.summary.sync.chains[0]?.toBlock).toBe(first.summary.sync.chains[0]?.target);
        chain.advance(Math.round(3600 / spec.blockTime));
        const hourly = await run(chain, name, ...from);
        expect(hourly.summary.sync.chains[0]?.toBlock).toBe(hourly.summary.sync.chains[0]?.target);
        expect(hourly.calls.eth_getLogs).toBeGreaterThan(0);
        expect(hourly.requests).toBeLessThanOrEqual(5);
      } finally {
        await chain.close();
      }
    },
  );

  test("behavior: a batch cap is remembered: an hourly run behind a capped endpoint refuses nothing, pays only the cap's size", async () => {
    // Few sessions on Base's full length: the hourly run asks for 1,800 blocks' logs and the
    // hashes of the newest 128 (about 130 calls in its largest batch). Behind a cap of 25 calls a
    // batch they take at least 6 requests however they are sent; learning the cap again every run
    // would cost refused batches on top. The same runs told the cap learned (--rpc-batch-size)
    // behind an endpoint without one are what the cap itself costs.
    const { spike: _, ...full } = scenarioSpec("base");
    const spec = { ...full, sessions: 300 };
    const from = ["--from-block", String(spec.head - 200_000)];
    const hour = Math.round(3600 / spec.blockTime);
    const capped = await startVirtualChain(spec, { batchCap: 25 });
    const told = await startVirtualChain(spec);
    try {
      const first = await run(capped, "capped", ...from);
      expect(capped.stats.batchRefusals).toBeGreaterThan(0);
      expect(first.summary.sync.chains[0]?.toBlock).toBe(first.summary.sync.chains[0]?.target);
      const stored = new Database(join(dir, "capped.sqlite"), { readonly: true });
      const learned = stored.prepare("SELECT batch_cap FROM chains").pluck().get() as number;
      stored.close();
      // Halving from 100 and trying between: at most the cap, at least half of it.
      expect(learned).toBeLessThanOrEqual(25);
      expect(learned).toBeGreaterThanOrEqual(13);
      const asTold = ["--rpc-batch-size", String(learned)];
      await run(told, "told", ...from, ...asTold);
      for (const hours of [1, 2]) {
        capped.advance(hour);
        told.advance(hour);
        const hourly = await run(capped, "capped", ...from);
        const baseline = await run(told, "told", ...from, ...asTold);
        expect(hourly.calls.eth_getLogs, `hour ${hours}`).toBeGreaterThan(0);
        expect(capped.stats.batchRefusals, `hour ${hours}`).toBe(0);
        expect(hourly.requests, `hour ${hours}`).toBeLessThanOrEqual(baseline.requests);
        // Not learned again, nor forgotten.
        expect(hourly.requests, `hour ${hours}`).toBeLessThanOrEqual(Math.ceil(130 / learned) + 4);
      }
    } finally {
      await capped.close();
      await told.close();
    }
  });
});
