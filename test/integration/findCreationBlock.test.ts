import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { findCreationBlock, probesBetween } from "../../src/chain/findCreationBlock.js";
import { createRpcClient } from "../../src/chain/rpc/createRpcClient.js";
import { startVirtualChain, type VirtualChain } from "../../tooling/virtualChain/startVirtualChain.js";
import { scenarioSpec } from "../../tooling/virtualChain/virtualScenarios.js";

// Base with 3.4 million blocks above the preset's start, the contract created 1.9 million in.
const spec = scenarioSpec("base", { shrink: 10 });
let chain: VirtualChain;

beforeAll(async () => {
  chain = await startVirtualChain({ ...spec, sessions: 10 });
});
afterAll(async () => {
  await chain?.close();
});

describe("findCreationBlock", () => {
  test("default: the first block with code, in a few requests of many eth_getCode each", async () => {
    chain.resetStats();
    const client = createRpcClient({ url: chain.url });
    expect(await findCreationBlock(client, spec.contract, spec.head)).toBe(spec.creationBlock);
    // A bisection takes 23 requests here; sixteen-way searches, 6.
    expect(chain.stats.requests).toBeLessThanOrEqual(7);
    expect(chain.stats.calls.eth_getCode).toBeLessThanOrEqual(7 * 15);
  });

  test("behavior: an endpoint without historical state: undefined, after one request", async () => {
    chain.setLimits({ stateHistory: 128 });
    chain.resetStats();
    try {
      const client = createRpcClient({ url: chain.url, retries: 0 });
      expect(await findCreationBlock(client, spec.contract, spec.head)).toBeUndefined();
    } finally {
      chain.setLimits({});
    }
    expect(chain.stats.requests).toBe(1);
  });

  test("behavior: code at the genesis block: block 0", async () => {
    const early = await startVirtualChain({ ...spec, sessions: 10, creationBlock: 0, head: 1000 });
    try {
      expect(await findCreationBlock(createRpcClient({ url: early.url }), spec.contract, 1000)).toBe(0);
    } finally {
      await early.close();
    }
  });
});

describe("probesBetween", () => {
  test("default: evenly spaced, the ends asked in the first round only", () => {
    expect(probesBetween(-1, 100, 5, true)).toEqual([0, 25, 50, 75, 100]);
    expect(probesBetween(50, 75, 5, false)).toEqual([51, 57, 63, 68, 74]);
    expect(probesBetween(50, 53, 5, false)).toEqual([51, 52]);
  });
});
