import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { getAddress, keccak256, stringToHex } from "viem";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { generateHistory } from "../../src/devchain/generateHistory.js";
import type { HistoryBid, HistorySession } from "../../src/devchain/history.js";
import { postedBidId } from "../../src/devchain/postedBidId.js";
import { writeHistory } from "../../src/devchain/writeHistory.js";
import { signedClose } from "../../tooling/devchain/signedClose.js";
import type { DevChain } from "../../tooling/devchain/startDevChain.js";
import { startVirtualChain, type VirtualChain } from "../../tooling/virtualChain/startVirtualChain.js";
import { paidEndpoint } from "../../tooling/virtualChain/virtualLimits.js";
import { scenarioSpec } from "../../tooling/virtualChain/virtualScenarios.js";
import { readPublishedJson } from "../support/readPublished.js";
import { runArgs } from "../support/runArgs.js";
import { parseJson, runCli } from "../support/runCli.js";
import { useDevChains } from "../support/useDevChains.js";
import { useTempDir } from "../support/useTempDir.js";
import { writeVersion12Database } from "../support/writeVersion12Database.js";

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

/** A run through `urls` (a pool when several), each served by one of `chains` (their stats reset). */
const runVia = async (urls: string[], chains: VirtualChain[], name: string, ...flags: string[]) => {
  for (const chain of chains) chain.resetStats();
  return parseJson<Summary>(
    await runCli([
      "run",
      ...urls.flatMap((url) => ["--rpc-url", url]),
      "--db",
      join(dir, `${name}.sqlite`),
      "--out",
      join(dir, name),
      "--json",
      ...flags,
    ]),
  );
};

const run = async (chain: VirtualChain, name: string, ...flags: string[]) => {
  const summary = await runVia([chain.url], [chain], name, ...flags);
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
    "behavior: an hourly run when nothing happened ($scenario, $limits limits): at most 6 requests (5, and one for the router's order)",
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
        // SPEC.md 1.3's router order is read again at the new last synced block: one request more.
        expect(hourly.requests).toBeLessThanOrEqual(6);
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
      const learned = stored.prepare("SELECT batch_cap FROM endpoint_limits").pluck().get() as number;
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

describe("limits remembered per endpoint", () => {
  // As in the test of the remembered cap above: Base's full length, few sessions, an hour apart.
  const { spike: _, ...full } = scenarioSpec("base");
  const spec = { ...full, sessions: 300 };
  const from = ["--from-block", String(spec.head - 200_000)];
  const hour = Math.round(3600 / spec.blockTime);

  test("behavior: after runs behind a capped endpoint, a run through another one starts uncapped; the capped one, back, refuses nothing; no URL is stored", async () => {
    const chain = await startVirtualChain(spec, { batchCap: 25 });
    // The same chain through another URL is another endpoint to the indexer (an operator who
    // changed --rpc-url), with a key in its path as providers have it.
    const key = "Zx9kQ2mN4pR7sT1uV3wY5";
    const other = `${chain.url}v2/${key}`;
    try {
      await run(chain, "switched", ...from);
      expect(chain.stats.batchRefusals).toBeGreaterThan(0);
      chain.advance(hour);
      await run(chain, "switched", ...from);
      expect(chain.stats.batchRefusals).toBe(0);

      chain.setLimits({});
      chain.advance(hour);
      const switched = await runVia([other], [chain], "switched", ...from);
      expect(switched.sync.chains[0]?.toBlock).toBe(switched.sync.chains[0]?.target);
      // The newest 128 blocks' hashes travel in one request: no longer held at the old cap.
      expect(chain.stats.largestBatch).toBeGreaterThan(25);

      chain.setLimits({ batchCap: 25 });
      chain.advance(hour);
      const back = await run(chain, "switched", ...from);
      expect(back.calls.eth_getLogs).toBeGreaterThan(0);
      expect(chain.stats.batchRefusals).toBe(0);
      expect(back.requests).toBeLessThanOrEqual(Math.ceil(130 / 13) + 4);

      const path = join(dir, "switched.sqlite");
      for (const file of [path, `${path}-wal`]) {
        if (!existsSync(file)) continue;
        const bytes = readFileSync(file);
        expect(bytes.includes(key)).toBe(false);
        expect(bytes.includes(new URL(chain.url).host)).toBe(false);
      }
    } finally {
      await chain.close();
    }
  });

  test("behavior: a 1.2 database (one batch cap and range size per chain): its next hourly run behind its capped endpoint refuses nothing and costs what it did; the values become that endpoint's", async () => {
    const chain = await startVirtualChain(spec, { batchCap: 25 });
    try {
      await run(chain, "indexed", ...from);
      expect(chain.stats.batchRefusals).toBeGreaterThan(0);
      writeVersion12Database(join(dir, "indexed.sqlite"), join(dir, "v12.sqlite"));
      const v12 = new Database(join(dir, "v12.sqlite"), { readonly: true });
      const kept = v12.prepare("SELECT range_size AS rangeSize, batch_cap AS batchCap FROM chains").get() as {
        rangeSize: number;
        batchCap: number;
      };
      v12.close();
      expect(kept.batchCap).toBeLessThanOrEqual(25);
      chain.advance(hour);
      const hourly = await run(chain, "v12", ...from);
      expect(hourly.calls.eth_getLogs).toBeGreaterThan(0);
      expect(chain.stats.batchRefusals).toBe(0);
      expect(hourly.requests).toBeLessThanOrEqual(Math.ceil(130 / kept.batchCap) + 4);
      const upgraded = new Database(join(dir, "v12.sqlite"), { readonly: true });
      const limits = upgraded
        .prepare("SELECT endpoint, batch_cap AS batchCap FROM endpoint_limits")
        .all() as Array<{ endpoint: string; batchCap: number }>;
      upgraded.close();
      expect(limits).toEqual([
        { endpoint: expect.stringMatching(/^[0-9a-f]{64}$/), batchCap: kept.batchCap },
      ]);
    } finally {
      await chain.close();
    }
  });

  test("behavior: a pool of a paid and a free endpoint: the free one's cap stays its own, the paid one is not held at it the next runs", async () => {
    const paid = await startVirtualChain(spec);
    const free = await startVirtualChain(spec, { batchCap: 10 });
    const both = [paid, free];
    const urls = [paid.url, free.url];
    try {
      const first = await runVia(urls, both, "pool", ...from);
      expect(first.sync.chains[0]?.toBlock).toBe(first.sync.chains[0]?.target);
      expect(free.stats.batchRefusals).toBeGreaterThan(0);

      for (const chain of both) chain.advance(hour);
      const hourly = await runVia(urls, both, "pool", ...from);
      expect(hourly.sync.chains[0]?.toBlock).toBe(hourly.sync.chains[0]?.target);
      expect(free.stats.batchRefusals).toBe(0);

      // The free endpoint dropped from the configuration: the paid one alone costs what it costs.
      for (const chain of both) chain.advance(hour);
      const alone = await run(paid, "pool", ...from);
      expect(alone.calls.eth_getLogs).toBeGreaterThan(0);
      expect(paid.stats.largestBatch).toBeGreaterThan(10);
      expect(alone.requests).toBeLessThanOrEqual(5);
    } finally {
      await Promise.all(both.map((chain) => chain.close()));
    }
  });
});

describe("requests an hourly run makes when bids change", () => {
  const end = Date.UTC(2026, 4, 4, 12) / 1000;
  const history = generateHistory({ seed: 61, days: 8, sessionsPerDay: 30, endTime: end });
  const { plain, market } = useDevChains({ plain: [history], market: [history] });
  const dir = useTempDir("mor-requests-bids-");

  /** Sessions of the hour after the history, on a bid standing at its end. */
  const pairOf = (b: HistoryBid) => `${b.provider}:${b.modelId}`;
  const standing = history.bids.filter(
    (b) =>
      b.deletedAt === undefined &&
      !history.bids.some((o) => pairOf(o) === pairOf(b) && (o.postedAt as number) > (b.postedAt as number)),
  );
  const [kept, reposted, withdrawn] = standing as [HistoryBid, HistoryBid, HistoryBid];
  const hourSessions: HistorySession[] = Array.from({ length: 6 }, (_, k) => {
    const sessionId = keccak256(stringToHex(`hourly session ${k}`));
    return {
      sessionId,
      user: getAddress(`0x${"7".repeat(39)}${k}`),
      bidId: kept.bidId,
      stake: 10n ** 18n,
      openedAt: end + 300 + k * 60,
      endsAt: end + 3_000,
      close: signedClose(sessionId, end + 1_500 + k * 60, 400, [100, 20]),
    };
  });
  const hour = { ...history, sessions: [...history.sessions, ...hourSessions], endTime: end + 3_600 };
  const nonce = history.bids.filter((b) => pairOf(b) === pairOf(reposted)).length;
  const withBids = {
    ...hour,
    bids: [
      ...history.bids.map((b) => (b === withdrawn ? { ...b, deletedAt: end + 2_400 } : b)),
      {
        ...reposted,
        bidId: postedBidId(reposted.provider, reposted.modelId, nonce),
        pricePerSecond: 123n,
        postedAt: end + 1_200,
      },
    ],
  };

  test("behavior: a re-post and a withdrawal ride in the requests the hour's sessions make anyway", async () => {
    type RunSummary = { sync: { chains: Array<{ rpc: { httpRequests: number }; sessionsClosed: number }> } };
    const run = async (chain: DevChain, name: string) =>
      parseJson<RunSummary>(
        await runCli([
          ...runArgs(chain, { db: join(dir, `${name}.sqlite`), out: join(dir, name) }),
          "--json",
        ]),
      );
    await run(plain, "plain");
    await run(market, "market");
    await writeHistory(plain.rpcUrl, plain.contract, hour);
    await writeHistory(market.rpcUrl, market.contract, withBids);
    const withoutBids = await run(plain, "plain");
    const bidsChanged = await run(market, "market");
    expect(bidsChanged.sync.chains[0]?.sessionsClosed).toBe(6);
    expect(bidsChanged.sync.chains[0]?.rpc.httpRequests).toBeLessThanOrEqual(
      withoutBids.sync.chains[0]?.rpc.httpRequests as number,
    );
    // And the market shows them: the re-posted bid replaced, the withdrawn one gone.
    const offered = (
      readPublishedJson(join(dir, "market"))["market.json"] as {
        models: Array<{ providers: Array<{ offers: Array<{ bidId: string }> }> }>;
      }
    ).models.flatMap((m) => m.providers.flatMap((p) => p.offers.map((o) => o.bidId)));
    expect(offered).toContain(postedBidId(reposted.provider, reposted.modelId, nonce));
    expect(offered).not.toContain(reposted.bidId.toLowerCase());
    expect(offered).not.toContain(withdrawn.bidId.toLowerCase());
    expect(offered).toContain(kept.bidId.toLowerCase());
  });
});
