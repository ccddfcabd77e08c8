import { join } from "node:path";
import { createPublicClient, type Hex, http } from "viem";
import { describe, expect, test } from "vitest";
import { bidDeletedTopic } from "../../src/chain/abi.js";
import { presets } from "../../src/chain/presets.js";
import type { HistorySession } from "../../src/devchain/history.js";
import { diffFiles } from "../support/diffFiles.js";
import { expectedPublication } from "../support/expected/expectedPublication.js";
import { id } from "../support/expected/historyFixtures.js";
import { withRouterOf } from "../support/expected/withRouter.js";
import {
  arbitrumMarketEnd,
  marketBids,
  marketEnd,
  marketHistories,
  marketModels,
  marketProviders,
} from "../support/marketHistories.js";
import { readPublishedJson } from "../support/readPublished.js";
import { runArgs } from "../support/runArgs.js";
import { parseJson, runCli } from "../support/runCli.js";
import { useDevChains } from "../support/useDevChains.js";
import { useTempDir } from "../support/useTempDir.js";

type Window = { sessions: number; tokens: number; earned: string; earnedPerMillionTokens?: string };
type Market = {
  asOf: number;
  models: Array<{
    modelId: string;
    name: string;
    providers: Array<{
      provider: string;
      offers: Array<{ chainId: number; bidId: string; pricePerSecond: string; createdAt: number }>;
      windows: Record<"24h" | "7d" | "30d" | "all", Window>;
    }>;
    /** SPEC.md 1.3: the router's order on each chain. */
    router: Array<{ chainId: number; available: boolean; bids: Array<{ provider: string; stake: number }> }>;
  }>;
};

/**
 * market.json (SPEC.md 1.2) end to end: two dev chains running the test marketplace's bid rules,
 * synced and published by the real CLI, against the independent calculator.
 */
describe("market.json, end to end through the CLI", () => {
  const histories = marketHistories();
  const { base, arbitrum } = useDevChains({
    base: [histories.base, { chainId: presets.base.chainId, at: presets.base.contract }],
    arbitrum: [histories.arbitrum, { chainId: presets.arbitrum.chainId, at: presets.arbitrum.contract }],
  });
  const dir = useTempDir("mor-market-");

  test("default: every case of SPEC.md 1.2 on two chains equals the calculator's market.json", async () => {
    const out = join(dir, "both");
    const run = await runCli([
      "run",
      ...["--rpc-url", base.rpcUrl, "--rpc-url", arbitrum.rpcUrl],
      ...["--from-block", "0", "--confirmations", "0"],
      ...["--db", join(dir, "both.sqlite"), "--out", out],
    ]);
    expect(run.code, run.stderr).toBe(0);
    const published = readPublishedJson(out);
    const expected = expectedPublication([
      { chainId: 8453, history: histories.base, asOf: marketEnd },
      { chainId: 42161, history: histories.arbitrum, asOf: arbitrumMarketEnd },
    ]);
    expect(diffFiles(published, await withRouterOf(expected, published, [base, arbitrum]))).toEqual([]);

    // The cases are really there.
    const market = published["market.json"] as Market;
    const { a, a2, b2, d, f } = marketBids;
    const { p1, p2, p3, p4 } = marketProviders;
    const model = (modelId: string) => market.models.find((m) => m.modelId === modelId);
    const pair = (modelId: string, provider: string) =>
      model(modelId)?.providers.find((p) => p.provider === provider);
    const offers = (modelId: string, provider: string) =>
      pair(modelId, provider)?.offers.map((o) => [o.chainId, o.bidId]);
    expect(market.asOf).toBe(marketEnd);
    // Re-posted on Base (a deleted, a2 standing); a on Arbitrum deleted after the as-of: standing.
    expect(offers(marketModels.served, p1)).toEqual([
      [8453, a2],
      [42161, a],
    ]);
    // Deleted before the as-of, then posted again.
    expect(offers(marketModels.served, p2)).toEqual([[8453, b2]]);
    expect(pair(marketModels.served, p2)?.windows.all.sessions).toBe(2);
    // Served, then withdrawn: a pair without an offer.
    expect(offers(marketModels.gone, p3)).toEqual([]);
    expect(pair(marketModels.gone, p3)?.windows.all.sessions).toBe(1);
    // Offered, never served: posted at the as-of itself (Base), and on Arbitrum; e comes after the as-of.
    expect(model(marketModels.offered)?.name).toBe("beta-235b");
    expect(
      model(marketModels.offered)?.providers.map((p) => [p.provider, p.offers.map((o) => o.bidId)]),
    ).toEqual(
      [
        [p2, [d]],
        [p3, [f]],
      ].sort((x, y) => ((x[0] as string).toLowerCase() < (y[0] as string).toLowerCase() ? -1 : 1)),
    );
    expect(pair(marketModels.offered, p2)?.offers[0]?.createdAt).toBe(marketEnd);
    // The unreadable bid's provider is in no pair.
    expect(market.models.some((m) => m.providers.some((p) => p.provider === p4))).toBe(false);
    // The router's order (1.3). Base's is unavailable (an active bid's getBid reverts): an entry
    // for each model offered there, without bids. On Arbitrum, stakes reduced to 64 bits as the
    // router does: 2^63 - 1 wei scores 1, 2^63 + 1 wraps below the minimum and scores 0.
    expect(model(marketModels.served)?.router).toEqual([{ chainId: 8453, available: false, bids: [] }]);
    expect(model(marketModels.gone)?.router).toEqual([]);
    const stakes = model(marketModels.offered)
      ?.router.find((entry) => entry.chainId === 42161)
      ?.bids.map((bid) => [bid.provider, bid.stake]);
    expect(stakes?.sort()).toEqual(
      [
        [p1, 1],
        [p3, 0],
      ].sort(),
    );
    // (served, p1): v1, v2, oversize v2 and disputed receipts; earnedPerMillionTokens over the
    // signed v2 receipts with tokens only, exact.
    const all = pair(marketModels.served, p1)?.windows.all as Window;
    expect(all.sessions).toBe(7);
    const sessions = [...histories.base.sessions, ...histories.arbitrum.sessions];
    const seconds = (label: string) => {
      const s = sessions.find((x) => x.sessionId === sessionIdOf(label)) as HistorySession;
      return BigInt(Math.max(0, Math.min(s.close?.closedAt ?? 0, s.endsAt) - s.openedAt));
    };
    const earned =
      seconds("a v2") * 10n ** 15n +
      seconds("a late") * 10n ** 15n +
      seconds("a2 v2") * (3n * 10n ** 14n + 7n) +
      seconds("arb a") * 6n * 10n ** 14n;
    const tokens = 1545n + 30n + 10n + 330n;
    expect(BigInt(all.tokens)).toBe(tokens);
    expect(all.earnedPerMillionTokens).toBe(((1_000_000n * earned) / tokens).toString());
  });

  test("behavior: a sync from a later block knows a bid from its session only, and its deletion from before the index", async () => {
    // Base from the block after a's re-post (its deletion): a's posting and deletion are before
    // the index; its session that closes later names it.
    const client = createPublicClient({ transport: http(base.rpcUrl) });
    const deletionsOfA = await client.request({
      method: "eth_getLogs",
      params: [{ address: base.contract, fromBlock: "0x0", toBlock: "latest", topics: [bidDeletedTopic] }],
    });
    const deletion = deletionsOfA.find(
      (log) => Number(log.data) === 0 && log.topics[2] === marketModels.served,
    );
    const fromBlock = Number(deletion?.blockNumber) + 1;
    const from = await client.getBlock({ blockNumber: BigInt(fromBlock) });
    const out = join(dir, "late");
    const run = await runCli([
      ...runArgs(base, { db: join(dir, "late.sqlite"), out }).map((arg, k, all) =>
        all[k - 1] === "--from-block" ? String(fromBlock) : arg,
      ),
      "--json",
    ]);
    expect(run.code, run.stderr).toBe(0);
    parseJson(run);
    const logs = base.written.logBlocks;
    const indexed = (kind: "opened" | "closed") =>
      histories.base.sessions
        .filter((s) => (logs.get(s.sessionId.toLowerCase() as Hex)?.[kind] ?? -1) >= fromBlock)
        .map((s) => s.sessionId);
    const expected = expectedPublication([
      {
        chainId: 8453,
        history: histories.base,
        asOf: marketEnd,
        indexed: { opened: indexed("opened"), closed: indexed("closed") },
        bidsIndexedFrom: Number(from.timestamp),
      },
    ]);
    const published = readPublishedJson(out);
    const routed = await withRouterOf(expected, published, [base]);
    expect(
      diffFiles({ "market.json": published["market.json"] }, { "market.json": routed["market.json"] }),
    ).toEqual([]);
    const market = published["market.json"] as Market;
    // a is known only from its session "a late" (closed in the index), and was deleted before it.
    const p1 = market.models
      .find((m) => m.modelId === marketModels.served)
      ?.providers.find((p) => p.provider === marketProviders.p1);
    expect(p1?.offers.map((o) => o.bidId)).toEqual([marketBids.a2]);
    expect(p1?.windows.all.sessions).toBeGreaterThan(0);
  });
});

/** The id of a session of marketHistories by its label. */
const sessionIdOf = (label: string) => id(`market ${label}`);
