import { describe, expect, test } from "vitest";
import { classifyRpcError } from "../../src/chain/rpc/classifyRpcError.js";
import { createFaultState } from "./faultState.js";
import { planCalls } from "./planCalls.js";
import { blockLimitWordings, rateLimitErrors } from "./providerErrors.js";
import { type Call, hex } from "./rpcMessages.js";

const call = (id: number, method = "eth_chainId", params: unknown[] = []): Call => ({
  jsonrpc: "2.0",
  id,
  method,
  params,
});
const contract = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
const getLogs = (id: number, from: number | string, to: number | string) =>
  call(id, "eth_getLogs", [
    {
      address: contract,
      fromBlock: typeof from === "number" ? hex(from) : from,
      toBlock: typeof to === "number" ? hex(to) : to,
    },
  ]);

describe("planCalls", () => {
  test("default: without faults every call goes to the node in one batch, numbered in order", () => {
    const calls = [call(7), getLogs(8, 0, 100), call(9, "eth_blockNumber")];
    const plan = planCalls(createFaultState({}, 0), calls);
    expect(plan.refused.size).toBe(0);
    expect(plan.forward).toEqual(calls);
    expect(plan.upstream.map((c) => [c.id, c.method])).toEqual([
      [0, "eth_chainId"],
      [1, "eth_getLogs"],
      [2, "eth_blockNumber"],
    ]);
    expect(plan).toMatchObject({ lagging: false, needsHead: false });
  });

  test("behavior: rate-limited calls get the providers' wordings in turn, each read as a rate limit", () => {
    const state = createFaultState({ callRateLimit: 1 }, 0);
    const wordings = rateLimitErrors.length;
    expect(wordings).toBeGreaterThan(3);
    const calls = Array.from({ length: wordings + 1 }, (_, k) => call(k, "eth_call"));
    const plan = planCalls(state, calls);
    expect(plan.forward).toEqual([]);
    expect(plan.upstream).toEqual([]);
    const errors = calls.map((c) => plan.refused.get(c)?.error);
    expect(new Set(errors.map((error) => error?.message)).size).toBe(wordings);
    expect(errors[wordings]).toEqual(errors[0]);
    for (const error of errors) expect(classifyRpcError("eth_call", error ?? {})).toBe("rate-limit");
    expect(plan.refused.get(calls[2] as Call)?.id).toBe(2);
    expect(state.stats.faults.callRateLimit).toBe(wordings + 1);
  });

  test("behavior: eth_getLogs over the block limit is refused in the providers' wordings; within it, or by tag, it passes", () => {
    const state = createFaultState({ logsBlockLimit: 10 }, 0);
    const wordings = blockLimitWordings.length;
    expect(wordings).toBeGreaterThan(3);
    const wide = Array.from({ length: wordings }, (_, k) => getLogs(k, 100, 110));
    const fits = getLogs(wordings, 100, 109);
    const tagged = getLogs(wordings + 1, 0, "latest");
    const plan = planCalls(state, [...wide, fits, tagged]);
    expect(plan.forward).toEqual([fits, tagged]);
    const messages = wide.map((c) => plan.refused.get(c)?.error?.message ?? "");
    expect(new Set(messages).size).toBe(wordings);
    expect(messages[0]).toBe("query exceeds max block range 10");
    expect(messages.find((m) => m.includes("should work"))).toMatch(
      /this block range should work: \[0x64, 0x6d\]$/,
    );
    for (const c of wide)
      expect(classifyRpcError("eth_getLogs", plan.refused.get(c)?.error ?? {})).toBe("range");
    expect(state.stats.faults.logsBlockLimit).toBe(wordings);

    const sick = getLogs(1, 0, 1);
    const unhealthy = planCalls(createFaultState({ logsUnhealthy: 1 }, 0), [sick, call(2)]);
    expect(unhealthy.forward.map((c) => c.id)).toEqual([2]);
    expect(unhealthy.refused.get(sick)?.error?.message).toBe(
      "no backend is currently healthy to serve traffic",
    );
  });

  test("behavior: the head is asked for when a stale head, a null newest block or a lagging backend needs it", () => {
    const head = (config: Parameters<typeof createFaultState>[0], calls: Call[]) => {
      const plan = planCalls(createFaultState(config, 0), calls);
      return { needsHead: plan.needsHead, last: plan.upstream.at(-1) };
    };
    const headCall = { jsonrpc: "2.0", id: "head", method: "eth_blockNumber", params: [] };
    expect(head({ staleHead: 0.5 }, [call(1, "eth_blockNumber")])).toEqual({
      needsHead: true,
      last: headCall,
    });
    expect(head({ staleHead: 0.5 }, [call(1)])).toMatchObject({ needsHead: false });
    expect(head({ nullNewestBlock: 1 }, [call(1, "eth_getBlockByNumber", ["0x5", false])])).toMatchObject({
      needsHead: true,
    });
    const lagging = planCalls(createFaultState({ laggingBackend: 1 }, 0), [call(1)]);
    expect(lagging).toMatchObject({ lagging: true, needsHead: true });
    // maxFaults counts lagging answers too; a request with nothing to forward draws none.
    const spent = createFaultState({ laggingBackend: 1, maxFaults: 0 }, 0);
    expect(planCalls(spent, [call(1)]).lagging).toBe(false);
    expect(planCalls(createFaultState({ laggingBackend: 1, callRateLimit: 1 }, 0), [call(1)]).lagging).toBe(
      false,
    );
  });

  test("behavior: foreign and stray logs are extra eth_getLogs queries in the same batch", () => {
    const other = "0x00000000000000000000000000000000000000ff";
    const logs = getLogs(1, 100, 120);
    const plan = planCalls(createFaultState({ foreignContract: other, strayLogs: 1 }, 0), [logs, call(2)]);
    expect(plan.foreignQueries.get(logs)).toBe("foreign-2");
    expect(plan.strayQueries.get(logs)).toBe("stray-3");
    expect(plan.upstream.slice(2)).toEqual([
      {
        jsonrpc: "2.0",
        id: "foreign-2",
        method: "eth_getLogs",
        params: [{ address: other, fromBlock: hex(100), toBlock: hex(120) }],
      },
      {
        jsonrpc: "2.0",
        id: "stray-3",
        method: "eth_getLogs",
        params: [{ address: contract, fromBlock: hex(50), toBlock: hex(170) }],
      },
    ]);
    // Near block 0 the widened range starts at 0.
    const low = getLogs(1, 10, 20);
    const atZero = planCalls(createFaultState({ strayLogs: 1 }, 0), [low]);
    expect(atZero.upstream[1]?.params).toEqual([{ address: contract, fromBlock: "0x0", toBlock: hex(70) }]);
  });
});
