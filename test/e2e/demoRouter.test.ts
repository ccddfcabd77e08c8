import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type DemoNetwork, startDemoNetwork } from "../../src/devchain/startDemoNetwork.js";
import { withRouterOf } from "../support/expected/withRouter.js";
import { readPublishedJson } from "../support/readPublished.js";
import { parseJson, runCli } from "../support/runCli.js";
import { useTempDir } from "../support/useTempDir.js";

/**
 * The demo's network (the `demo` command's generator: two years on Arbitrum One then Base, prices
 * inside the deployed bounds, stakes from the 0.1 MOR minimum to past 2^63 wei), indexed as the
 * demo indexes it: every model's router order equals the one read from each chain's state and
 * scored by the proxy-router's default scorer worked out apart from src/ (routerOrder).
 */
type Market = {
  models: Array<{
    modelId: string;
    router: Array<{ chainId: number; available: boolean; bids: Array<{ stake: number; score: number }> }>;
  }>;
};

describe("the demo's router order", () => {
  const dir = useTempDir("mor-demo-router-");
  let network: DemoNetwork | undefined;
  beforeAll(async () => {
    network = await startDemoNetwork({
      seed: 1,
      days: 735,
      sessionsPerDay: 6,
      endTime: Date.UTC(2026, 10, 20, 12, 0, 0) / 1000,
    });
  }, 240_000);
  afterAll(async () => {
    await network?.stop();
  });

  test("default: every model's order on both chains is the proxy-router's for the same state", async () => {
    const chains = network?.chains ?? [];
    const out = join(dir, "out");
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
});
