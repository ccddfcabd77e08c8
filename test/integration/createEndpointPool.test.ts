import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { PoolMember } from "../../src/chain/ChainView.js";
import { connectEndpoint, type RpcSettings } from "../../src/chain/connectChain.js";
import { createChainView } from "../../src/chain/createChainView.js";
import { createContractReader } from "../../src/chain/createContractReader.js";
import { createEndpointPool, type EndpointPool } from "../../src/chain/pool/createEndpointPool.js";
import { rangesPerEndpoint } from "../../src/chain/pool/rangesPerEndpoint.js";
import { multicall3Address } from "../../src/chain/presets.js";
import { TransientError } from "../../src/errors/BaseError.js";
import { silentLogger } from "../../src/log/createLogger.js";
import { createRangeSource, type ServedRange } from "../../src/sync/createRangeSource.js";
import { createFaultProxy, type FaultProxy } from "../../tooling/faultProxy/createFaultProxy.js";
import { startVirtualChain, type VirtualChain } from "../../tooling/virtualChain/startVirtualChain.js";
import { paidEndpoint, publicEndpoint } from "../../tooling/virtualChain/virtualLimits.js";
import { scenarioSpec } from "../../tooling/virtualChain/virtualScenarios.js";

/**
 * A chain's pool of endpoints against stand-ins: block ranges shared by what each endpoint has
 * learned it can carry, an endpoint that fails left out for its cooldown and back after it, and a
 * TransientError naming every endpoint when none can serve.
 */

// Base at a hundredth of its size: 340,000 blocks, the contract created 190,000 blocks in.
const spec = scenarioSpec("base", { shrink: 100 });
const rpc: RpcSettings = { timeoutMs: 5_000, retries: 2, batchSize: 100, concurrency: 4, multicall: true };

/** A pool over `urls`, as prepareChain builds one, with a short cooldown and backoff for tests. */
async function poolOver(urls: string[], cooldownMs = 300): Promise<EndpointPool> {
  const endpoints = await Promise.all(urls.map((url) => connectEndpoint(url, rpc, silentLogger)));
  return createEndpointPool(
    endpoints.map((endpoint) => ({
      client: endpoint.client,
      heads: endpoint.heads,
      view: createChainView({
        client: endpoint.client,
        reader: createContractReader({ client: endpoint.client, multicall: multicall3Address }),
        contract: spec.contract,
        logger: silentLogger,
        heads: endpoint.heads,
      }),
    })),
    {
      chainId: spec.chainId,
      logger: silentLogger,
      retries: rpc.retries,
      cooldown: { firstMs: cooldownMs, capMs: 4 * cooldownMs },
      backoff: { baseMs: 10, growth: "exponential" },
    },
  );
}

/** The contract's blocks read range after range through the pool, as the follower does. */
async function backfill(pool: EndpointPool) {
  await pool.head();
  const source = createRangeSource(pool, {
    identity: {
      chainId: spec.chainId,
      contract: spec.contract,
      fromBlock: spec.creationBlock,
      creationBlock: null,
    },
    initialRangeSize: () => 1,
    hashWindowStart: spec.head + 1,
    knownBids: new Map(),
    logger: silentLogger,
  });
  const blocks = new Map<number, number>();
  let logs = 0;
  const inflight: Array<{ from: number; to: number; result: Promise<ServedRange> }> = [];
  for (let next = spec.creationBlock; next <= spec.head || inflight.length > 0; ) {
    while (inflight.length < source.prefetch && next <= spec.head) {
      const from = next;
      const { to, result } = source.start(from, spec.head);
      result.catch(() => {});
      inflight.push({ from, to, result });
      next = to + 1;
    }
    const range = inflight.shift() as (typeof inflight)[number];
    const result = await range.result;
    await source.confirm(
      { from: range.from, result },
      inflight.map((later) => later.result),
    );
    logs += result.logs;
    blocks.set(result.by.index, (blocks.get(result.by.index) ?? 0) + range.to - range.from + 1);
  }
  return { logs, blocks };
}

describe("createEndpointPool: ranges shared by learned limits", () => {
  let chains: VirtualChain[] = [];
  beforeAll(async () => {
    chains = await Promise.all([0, 1, 2].map(() => startVirtualChain(spec)));
  });
  afterAll(async () => {
    await Promise.all(chains.map((chain) => chain.close()));
  });

  test("behavior: a paid endpoint and two free ones: every block read once, each endpoint some, the paid one the most", async () => {
    const [paid, free1, free2] = chains as [VirtualChain, VirtualChain, VirtualChain];
    paid.setLimits(paidEndpoint);
    free1.setLimits(publicEndpoint);
    free2.setLimits(publicEndpoint);
    const pool = await poolOver([free1.url, paid.url, free2.url]);
    const { logs, blocks } = await backfill(pool);
    expect(logs).toBe(paid.state.history.events.count);
    const [onFree1, onPaid, onFree2] = [0, 1, 2].map((index) => blocks.get(index) ?? 0) as [
      number,
      number,
      number,
    ];
    expect(onFree1 + onPaid + onFree2).toBe(spec.head - spec.creationBlock + 1);
    expect(onFree1).toBeGreaterThan(0);
    expect(onFree2).toBeGreaterThan(0);
    expect(onPaid).toBeGreaterThan(Math.max(onFree1, onFree2));
    // Each endpoint learned its own cap: a free one is refused only the ranges sized before its
    // first refusal came back (those of one tick, at most rangesPerEndpoint), never later ones.
    expect(free1.stats.rangeRefusals).toBeLessThanOrEqual(rangesPerEndpoint);
    expect(free2.stats.rangeRefusals).toBeLessThanOrEqual(rangesPerEndpoint);
  });

  test("behavior: a batch cap an earlier run learned of an endpoint counts from the first pick: the ranges of a tick its batches hold go to it, the next to another", async () => {
    const [first, second] = chains as [VirtualChain, VirtualChain];
    const pool = await poolOver([first.url, second.url]);
    // Batches of 6 calls hold two ranges' first requests (three calls each).
    pool.members[0]?.view.assumeBatchCap(6);
    const picked = [0, 1, 2, 3].map(() => pool.pick(spec.creationBlock).index);
    expect(picked).toEqual([0, 0, 1, 1]);
  });
});

describe("createEndpointPool: an endpoint that fails", () => {
  let chain: VirtualChain;
  let proxies: FaultProxy[] = [];
  beforeAll(async () => {
    chain = await startVirtualChain(spec);
    proxies = await Promise.all([createFaultProxy(chain.url), createFaultProxy(chain.url)]);
  });
  afterAll(async () => {
    await Promise.all(proxies.map((proxy) => proxy.close()));
    await chain?.close();
  });

  const headers = (pool: EndpointPool, count: number) =>
    Promise.all(
      Array.from({ length: count }, (_, k) =>
        pool.serve((member: PoolMember) => member.view.blockHeader(spec.creationBlock + k)),
      ),
    );

  test("behavior: down: its work goes to the other at once, it is left out for its cooldown, then serves again", async () => {
    const [flaky, steady] = proxies as [FaultProxy, FaultProxy];
    const pool = await poolOver([flaky.url, steady.url]);
    flaky.configure({ down: "503" });
    flaky.resetStats();
    const first = await headers(pool, 8);
    expect(first.map(({ result }) => result.number)).toEqual(
      Array.from({ length: 8 }, (_, k) => spec.creationBlock + k),
    );
    expect(new Set(first.map(({ by }) => by.index))).toEqual(new Set([1]));
    expect(pool.serving().map((member) => member.index)).toEqual([1]);
    // Left out: the work of the cooldown does not go to it.
    const downRequests = flaky.stats.requests;
    await headers(pool, 4);
    expect(flaky.stats.requests).toBe(downRequests);
    flaky.configure({});
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(pool.serving().map((member) => member.index)).toEqual([0, 1]);
    const later = await headers(pool, 8);
    expect(new Set(later.map(({ by }) => by.index))).toEqual(new Set([0, 1]));
  });

  test("error: every endpoint down: a TransientError naming each after the rounds of retries", async () => {
    const pool = await poolOver(proxies.map((proxy) => proxy.url));
    for (const proxy of proxies) proxy.configure({ down: "reset" });
    try {
      const failure = await headers(pool, 1).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(TransientError);
      const message = (failure as Error).message;
      expect(message).toMatch(new RegExp(`^No endpoint of chain ${spec.chainId} can serve this run\\n`));
      for (const proxy of proxies) expect(message).toContain(new URL(proxy.url).href);
    } finally {
      for (const proxy of proxies) proxy.configure({});
    }
  });
});
