import { decodeFunctionResult, type Hex } from "viem";
import { describe, expect, test } from "vitest";
import { marketplaceAbi } from "../../../src/chain/abi.js";
import { createContractReader } from "../../../src/chain/createContractReader.js";
import { multicall3Address } from "../../../src/chain/presets.js";
import { createRpcClient } from "../../../src/chain/rpc/createRpcClient.js";
import {
  aggregate3Data,
  deploylessData,
  rpc,
  type Side,
  useConformanceSides,
  viewCalls,
} from "./conformanceSides.js";
import { callOutcome, kindOf, typeShape } from "./normalise.js";

/**
 * The virtual chain's eth_call held to anvil's (virtualChainConformance.test.ts says how the two
 * are compared): what createContractReader relies on. The views' encodings, decoded with abi.ts's
 * ABI, give the same field types; a call the contract does not know reverts with its data (code
 * 3, `data`: FunctionNotFound(selector)); Multicall3's aggregate3 and the deployless aggregate3,
 * by size, give their results as data, as revert data behind 0xbacf06d8 past EIP-170's 24,576
 * bytes, or a refusal classified "call-too-large" past EIP-3860's 49,152 bytes of creation code
 * and past the node's gas cap (nodeCallGasCap); and the reader learns the same call cap from it.
 */
const { anvil, virtual } = useConformanceSides();

/** `f` on anvil and on the virtual chain, at once: [anvil's, the virtual chain's]. */
const both = <T>(f: (side: Side) => Promise<T>) => Promise.all([f(anvil), f(virtual)]);

describe("the virtual chain's eth_call answers as anvil's", () => {
  test("eth_call of the views: the encodings decode to the same field types; an unknown selector reverts with data", async () => {
    const [a, v] = await both(async (side) => {
      const views = {} as Record<string, unknown>;
      for (const view of ["getSession", "getBid", "getModel", "getProviderModelStats"] as const) {
        const [call] = viewCalls(side, view, 1) as [{ to: Hex; data: Hex }];
        const data = (await rpc(side, "eth_call", [call, "latest"])).result as Hex;
        views[view] = typeShape(decodeFunctionResult({ abi: marketplaceAbi, functionName: view, data }));
      }
      const [session] = viewCalls(side, "getSession", 1) as [{ to: Hex; data: Hex }];
      const unknownId = { to: side.contract, data: `${session.data.slice(0, 10)}${"0".repeat(63)}1` };
      const empty = (await rpc(side, "eth_call", [unknownId, "latest"])).result as Hex;
      const unknown = decodeFunctionResult({ abi: marketplaceAbi, functionName: "getSession", data: empty });
      const reverted = await rpc(side, "eth_call", [{ to: side.contract, data: "0xdeadbeef" }, "latest"]);
      return {
        views,
        unknownSession: { shape: typeShape(unknown), openedAt: unknown.openedAt, user: unknown.user },
        beforeTheContract: (await rpc(side, "eth_call", [session, "0x0"])).result,
        revert: {
          code: reverted.error?.code,
          data: reverted.error?.data,
          kind: kindOf("eth_call", reverted),
        },
      };
    });
    expect(v).toEqual(a);
  });

  test("Multicall3's aggregate3 by size: results, or past the gas cap a refusal the reader halves on", async () => {
    const sizes = [200, 1_000, 3_000];
    const [a, v] = await both(async (side) =>
      Promise.all(
        sizes.map(async (n) =>
          callOutcome(
            await rpc(side, "eth_call", [
              { to: multicall3Address, data: aggregate3Data(viewCalls(side, "getSession", n)) },
              "latest",
            ]),
          ),
        ),
      ),
    );
    // Exact at the reader's default size and far past the cap; in between, the virtual chain's
    // gas model may refuse what anvil runs (it errs that way), never run what anvil refuses.
    expect([v[0], v[2]]).toEqual([a[0], a[2]]);
    a.forEach((outcome, k) => {
      if (outcome.kind === "call-too-large") expect(v[k]?.kind).toBe("call-too-large");
    });
  });

  test("the deployless aggregate3 by size: data, revert data behind the marker, refused past the initcode cap", async () => {
    const [a, v] = await both(async (side) => {
      const outcomes: Record<string, unknown> = {};
      for (const [view, n] of [
        ["getSession", 30],
        ["getSession", 200],
        ["getSession", 250],
        ["getProviderModelStats", 200],
        ["getBid", 200],
      ] as const) {
        const answer = await rpc(side, "eth_call", [
          { data: deploylessData(viewCalls(side, view, n)) },
          "latest",
        ]);
        outcomes[`${view} x${n}`] = callOutcome(answer);
      }
      const reader = createContractReader({
        client: createRpcClient({ url: side.url, retries: 0 }),
        deployless: true,
      });
      const read = await reader.read(viewCalls(side, "getProviderModelStats", 200));
      return {
        outcomes,
        reader: { mode: reader.mode, callCap: reader.callCap, ok: read.every((r) => r.ok) },
      };
    });
    expect(v).toEqual(a);
  });
});
