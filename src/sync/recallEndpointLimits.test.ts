import { afterEach, describe, expect, test } from "vitest";
import type { ChainView, EndpointView, PoolMember } from "../chain/ChainView.js";
import { createChainView } from "../chain/createChainView.js";
import { createContractReader } from "../chain/createContractReader.js";
import { createHeadSampler } from "../chain/createHeadSampler.js";
import { createEndpointPool } from "../chain/pool/createEndpointPool.js";
import { createPooledChainView } from "../chain/pool/createPooledChainView.js";
import { createRpcClient, type RpcClient } from "../chain/rpc/createRpcClient.js";
import { silentLogger } from "../log/createLogger.js";
import { createSyncDatabase } from "../store/createSyncDatabase.js";
import { type Database, openDatabase } from "../store/openDatabase.js";
import { recallEndpointLimits } from "./recallEndpointLimits.js";

/*
 * The real RPC clients and views (nothing is asked of their endpoints: remembering limits costs no
 * request) and the real store on an in-memory database.
 */
const chainId = 8453;
const paidUrl = "https://base.example/v2/keyOfAPaidPlan001";
const freeUrl = "https://free.example/";

const stores: Database[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

function database() {
  const store = openDatabase(":memory:");
  stores.push(store);
  return { store, sync: createSyncDatabase(store).forChain(chainId) };
}

/** One endpoint's view, with batches of up to 100 calls configured. */
function endpoint(url: string): { client: RpcClient; view: EndpointView } {
  const client = createRpcClient({ url, maxBatchSize: 100, logger: silentLogger });
  const view = createChainView({
    client,
    reader: createContractReader({ client }),
    contract: "0xc",
    logger: silentLogger,
    heads: createHeadSampler(client),
  });
  return { client, view };
}

/** The chain over these endpoints: the endpoint's own view for one, a pool for several. */
function chainOver(...endpoints: Array<{ client: RpcClient; view: EndpointView }>): ChainView {
  if (endpoints.length === 1) return (endpoints[0] as { view: EndpointView }).view;
  return createPooledChainView(
    createEndpointPool(
      endpoints.map(({ client, view }) => ({ client, view, heads: createHeadSampler(client) })),
      { chainId, logger: silentLogger, retries: 1 },
    ),
  );
}

const rows = (store: Database) =>
  store.sqlite
    .prepare(
      "SELECT endpoint, range_size AS rangeSize, batch_cap AS batchCap, call_cap AS callCap FROM endpoint_limits ORDER BY range_size",
    )
    .all();

const memberOf = (chain: ChainView, index: number) => chain.pool.members[index] as PoolMember;

describe("recallEndpointLimits", () => {
  test("default: an endpoint starts where its last run left it: its batch cap from the first request, its range size", () => {
    const { store, sync } = database();
    const paid = endpoint(paidUrl);
    sync.saveEndpointLimits([
      { endpoint: paid.view.endpointKey, rangeSize: 1_800, batchCap: 25, callCap: 40 },
    ]);
    const chain = chainOver(paid);
    const memory = recallEndpointLimits(sync, chain);
    expect(paid.view.batchCap).toBe(25);
    expect(paid.view.callCap).toBe(40);
    // Known to the pool before any answer came (createEndpointPool's pick sizes ticks by it).
    expect(paid.client.learned.batchSize).toBe(25);
    expect(memory.initial(memberOf(chain, 0))).toBe(1_800);
    memory.reached(memberOf(chain, 0), 2_000);
    memory.save();
    expect(rows(store)).toEqual([
      { endpoint: paid.view.endpointKey, rangeSize: 2_000, batchCap: 25, callCap: 40 },
    ]);
  });

  test("behavior: another endpoint after a capped one (--rpc-url changed) starts as on a first run and keeps its own; the first one's stays", () => {
    const { store, sync } = database();
    const free = endpoint(freeUrl);
    sync.saveEndpointLimits([
      { endpoint: free.view.endpointKey, rangeSize: 2_000, batchCap: 10, callCap: undefined },
    ]);
    const paid = endpoint(paidUrl);
    const chain = chainOver(paid);
    const memory = recallEndpointLimits(sync, chain);
    expect(paid.view.batchCap).toBeUndefined();
    expect(paid.client.learned.batchSize).toBe(100);
    expect(memory.initial(memberOf(chain, 0))).toBeUndefined();
    memory.reached(memberOf(chain, 0), 10_000);
    memory.save();
    expect(rows(store)).toEqual([
      { endpoint: free.view.endpointKey, rangeSize: 2_000, batchCap: 10, callCap: null },
      { endpoint: paid.view.endpointKey, rangeSize: 10_000, batchCap: null, callCap: null },
    ]);
  });

  test("behavior: a pool: each member its own cap and range size; one that read no range keeps its size", () => {
    const { store, sync } = database();
    const [paid, free] = [endpoint(paidUrl), endpoint(freeUrl)];
    sync.saveEndpointLimits([
      { endpoint: paid.view.endpointKey, rangeSize: 10_000, batchCap: undefined, callCap: undefined },
      { endpoint: free.view.endpointKey, rangeSize: 2_000, batchCap: 10, callCap: undefined },
    ]);
    const chain = chainOver(paid, free);
    const memory = recallEndpointLimits(sync, chain);
    expect([paid.view.batchCap, free.view.batchCap]).toEqual([undefined, 10]);
    expect([paid.client.learned.batchSize, free.client.learned.batchSize]).toEqual([100, 10]);
    expect([memory.initial(memberOf(chain, 0)), memory.initial(memberOf(chain, 1))]).toEqual([10_000, 2_000]);
    memory.reached(memberOf(chain, 0), 12_000);
    memory.save();
    expect(rows(store)).toEqual([
      { endpoint: free.view.endpointKey, rangeSize: 2_000, batchCap: 10, callCap: null },
      { endpoint: paid.view.endpointKey, rangeSize: 12_000, batchCap: null, callCap: null },
    ]);
  });

  describe("the per-chain values of a database from before 0006 (endpoint '')", () => {
    const unattributed = (store: Database, rangeSize: number, batchCap: number) =>
      store.sqlite
        .prepare(
          "INSERT INTO endpoint_limits (chain_id, endpoint, range_size, batch_cap) VALUES (?, '', ?, ?)",
        )
        .run(chainId, rangeSize, batchCap);

    test("behavior: a chain with one endpoint starts there, as before; its own row replaces them", () => {
      const { store, sync } = database();
      unattributed(store, 1_800, 25);
      const paid = endpoint(paidUrl);
      const chain = chainOver(paid);
      const memory = recallEndpointLimits(sync, chain);
      expect(paid.view.batchCap).toBe(25);
      expect(memory.initial(memberOf(chain, 0))).toBe(1_800);
      memory.save();
      expect(rows(store)).toEqual([
        { endpoint: paid.view.endpointKey, rangeSize: 1_800, batchCap: 25, callCap: null },
      ]);
    });

    test("behavior: a pool's members learn their own (the smallest cap of all would hold every one); the values are dropped", () => {
      const { store, sync } = database();
      unattributed(store, 10_000, 10);
      const [paid, free] = [endpoint(paidUrl), endpoint(freeUrl)];
      const chain = chainOver(paid, free);
      const memory = recallEndpointLimits(sync, chain);
      expect([paid.view.batchCap, free.view.batchCap]).toEqual([undefined, undefined]);
      expect(memory.initial(memberOf(chain, 0))).toBeUndefined();
      memory.reached(memberOf(chain, 0), 4_096);
      memory.save();
      expect(rows(store)).toEqual([
        { endpoint: free.view.endpointKey, rangeSize: null, batchCap: null, callCap: null },
        { endpoint: paid.view.endpointKey, rangeSize: 4_096, batchCap: null, callCap: null },
      ]);
    });
  });
});
