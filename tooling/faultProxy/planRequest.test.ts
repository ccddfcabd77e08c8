import { describe, expect, test } from "vitest";
import { classifyRpcError } from "../../src/chain/rpc/classifyRpcError.js";
import type { FaultConfig } from "./faultConfig.js";
import { configureFaults, createFaultState, type FaultState } from "./faultState.js";
import { planDelay, planRequest, type RequestPlan, shuffleAnswers } from "./planRequest.js";
import { batchWordings } from "./providerErrors.js";
import type { Answer, Call } from "./rpcMessages.js";

const call = (id: number, method = "eth_chainId"): Call => ({ jsonrpc: "2.0", id, method, params: [] });
const epochMs = Date.UTC(2026, 0, 1);
const at = (now: number) => ({ now, epochMs: epochMs + now });

/** The plans of `n` single requests (one call each), at 1 ms apart from `from`. */
function plans(state: FaultState, n: number, from = 0): RequestPlan[] {
  return Array.from(
    { length: n },
    (_, k) => planRequest(state, { calls: [call(k)], isBatch: false }, at(from + k)).plan,
  );
}
const actions = (list: RequestPlan[]) =>
  list.map((plan) => (plan.action === "answer" ? plan.status : plan.action));

describe("planRequest", () => {
  test("default: without faults every call is forwarded; the request is counted and logged", () => {
    const state = createFaultState({}, 0);
    const calls = [call(1), call(2, "eth_getLogs"), call(3)];
    const { plan, entry } = planRequest(state, { calls, isBatch: true }, at(12));
    expect(plan).toEqual({ action: "forward", served: calls, refused: [] });
    expect(entry).toEqual({ at: 12, methods: ["eth_chainId", "eth_getLogs", "eth_chainId"], status: 0 });
    expect(state.stats.requests).toBe(1);
    expect(state.stats.calls).toEqual({ eth_chainId: 2, eth_getLogs: 1 });
    expect(state.stats.log).toEqual([entry]);
    expect(Object.values(state.stats.faults).every((n) => n === 0)).toBe(true);
  });

  test("behavior: an endpoint that stays down, each way, for the methods named", () => {
    const down = (mode: NonNullable<FaultConfig["down"]>, calls = [call(1)]) =>
      planRequest(createFaultState({ down: mode }, 0), { calls, isBatch: calls.length > 1 }, at(0)).plan;
    expect(down("503")).toMatchObject({ action: "answer", status: 503, html: true });
    expect(down("503")).toHaveProperty(
      "body",
      expect.stringContaining("<h1>503 Service Temporarily Unavailable</h1>"),
    );
    expect(down("reset")).toEqual({ action: "reset" });
    expect(down("hang")).toEqual({ action: "hang" });
    expect(down("429")).toEqual({ action: "answer", status: 429, body: '{"error":"rate limited"}' });
    expect(down("401")).toEqual({ action: "answer", status: 401, body: '{"error":"invalid API key"}' });
    expect(down("403")).toMatchObject({ status: 403 });
    const unhealthy = down("unhealthy", [call(1), call(2)]);
    expect(unhealthy).toMatchObject({ action: "answer", status: 200 });
    expect(JSON.parse((unhealthy as { body: string }).body)).toEqual(
      [1, 2].map((id) => ({
        jsonrpc: "2.0",
        id,
        error: { code: -32011, message: "no backend is currently healthy to serve traffic" },
      })),
    );

    const state = createFaultState({ down: "503", downMethods: ["eth_getLogs"] }, 0);
    expect(planRequest(state, { calls: [call(1)], isBatch: false }, at(0)).plan.action).toBe("forward");
    expect(planRequest(state, { calls: [call(1, "eth_getLogs")], isBatch: false }, at(0)).plan).toMatchObject(
      {
        status: 503,
      },
    );
    expect(state.stats.faults.down).toBe(1);
  });

  test("behavior: the rate limiter lets a burst through, then refills at its rate", () => {
    const state = createFaultState({ rateLimit: { perSecond: 10, burst: 3, retryAfter: true } }, 0);
    // Six requests in 5 ms: the burst of three, then 429 with Retry-After: 1.
    expect(actions(plans(state, 6))).toEqual(["forward", "forward", "forward", 429, 429, 429]);
    expect(state.stats.faults.rateLimit).toBe(3);
    expect(state.stats.log.at(-1)).toMatchObject({ retryAfter: "1" });
    // 200 ms later two tokens have come back (10 per second).
    expect(actions(plans(state, 3, 205))).toEqual(["forward", "forward", 429]);
    // Without retryAfter: a plain 429.
    const plain = createFaultState({ rateLimit: { perSecond: 1, burst: 0 } }, 0);
    expect(plans(plain, 1)).toEqual([{ action: "answer", status: 429, body: "Too Many Requests" }]);
  });

  test("behavior: one draw per request for the HTTP faults; maxFaults stops them", () => {
    expect(actions(plans(createFaultState({ reset: 1 }, 0), 2))).toEqual(["reset", "reset"]);
    expect(actions(plans(createFaultState({ hang: 1 }, 0), 1))).toEqual(["hang"]);
    expect(actions(plans(createFaultState({ http429: 1, retryAfterShare: 0 }, 0), 1))).toEqual([429]);
    const limited = createFaultState({ seed: 3, http5xx: 1, maxFaults: 2 }, 0);
    expect(actions(plans(limited, 4))).toEqual([500, 502, "forward", "forward"]);
    // configure starts the count again; the pages go on in turn without a new seed.
    configureFaults(limited, { http5xx: 1, maxFaults: 1 }, 10);
    expect(actions(plans(limited, 2, 10))).toEqual([503, "forward"]);
    // Rates add up along reset, 429, 5xx, hang: about a quarter each.
    const mixed = actions(
      plans(createFaultState({ seed: 9, reset: 0.25, http429: 0.25, http5xx: 0.25, hang: 0.25 }, 0), 400),
    );
    for (const kind of ["reset", 429, "hang"]) {
      expect(mixed.filter((a) => a === kind).length).toBeGreaterThan(60);
    }
    expect(mixed.filter((a) => a === 500 || a === 502 || a === 503).length).toBeGreaterThan(60);
  });

  test("behavior: Retry-After in seconds, every third time as an HTTP date", () => {
    const state = createFaultState({ http429: 1, retryAfterShare: 1, retryAfterSeconds: 2 }, 0);
    const values = plans(state, 3, 1000).map((plan) => (plan as { retryAfter?: string }).retryAfter);
    expect(values).toEqual(["2", "2", new Date(epochMs + 1002 + 3000).toUTCString()]);
    expect(state.stats.faults).toMatchObject({ http429: 3, http429RetryAfter: 3 });
    expect(state.stats.log.map((entry) => entry.retryAfter)).toEqual(values);
  });

  test("behavior: a batch refused as a whole gets clients' and providers' wordings in turn, each read as batch-too-large", () => {
    const batch = [call(1), call(2), call(3)];
    const state = createFaultState({ maxBatchSize: 2, batchCap: "error" }, 0);
    const errors = batchWordings.map(() => {
      const plan = planRequest(state, { calls: batch, isBatch: true }, at(0)).plan;
      if (plan.action !== "answer") throw new Error(`refused by answering, not ${plan.action}`);
      return (JSON.parse(plan.body) as Answer).error;
    });
    expect(new Set(errors.map((error) => error?.message)).size).toBe(batchWordings.length);
    expect(errors.map((error) => error?.message)).toContain(
      "batch limit 2 exceeded (can increase by --rpc.batch.limit). Requested batch of size: 3",
    );
    for (const error of errors) expect(classifyRpcError("", error ?? {})).toBe("batch-too-large");
  });

  test("behavior: a batch over the cap is refused four ways in turn, or one way when named", () => {
    const batch = [call(1), call(2), call(3)];
    const state = createFaultState({ maxBatchSize: 2 }, 0);
    const plan = () => planRequest(state, { calls: batch, isBatch: true }, at(0)).plan;
    expect(plan()).toEqual({
      action: "answer",
      status: 200,
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: null,
        error: { code: -32600, message: "batch too large" },
      }),
    });
    expect(plan()).toEqual({
      action: "answer",
      status: 413,
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: null,
        error: { code: -32021, message: "request body too large" },
      }),
    });
    expect(plan()).toEqual({ action: "forward", served: batch.slice(0, 2), refused: [] });
    expect(plan()).toEqual({
      action: "forward",
      served: batch.slice(0, 2),
      refused: [
        {
          jsonrpc: "2.0",
          id: 3,
          error: {
            code: 31,
            message:
              "Batch of more than 2 requests are not allowed on free tier, to use this feature register paid account at drpc.org",
          },
        },
      ],
    });
    expect(state.stats.faults.batchCap).toBe(4);
    // A single call, or a batch within the cap, passes.
    expect(planRequest(state, { calls: batch.slice(0, 2), isBatch: true }, at(0)).plan.action).toBe(
      "forward",
    );
    const http = createFaultState({ maxBatchSize: 1, batchCap: "http" }, 0);
    expect(actions([1, 2].map(() => planRequest(http, { calls: batch, isBatch: true }, at(0)).plan))).toEqual(
      [413, 413],
    );
  });

  test("behavior: the same seed and requests give the same plans; another seed others", () => {
    const config: FaultConfig = { seed: 42, reset: 0.2, http429: 0.2, http5xx: 0.2, hang: 0.1 };
    const first = actions(plans(createFaultState(config, 0), 50));
    expect(actions(plans(createFaultState(config, 0), 50))).toEqual(first);
    expect(actions(plans(createFaultState({ ...config, seed: 43 }, 0), 50))).not.toEqual(first);
    const reseeded = createFaultState({}, 0);
    configureFaults(reseeded, config, 0);
    expect(actions(plans(reseeded, 50))).toEqual(first);
  });
});

describe("planDelay and shuffleAnswers", () => {
  test("default: no delay without the slow fault, and no draw for it", () => {
    const state = createFaultState({ seed: 5 }, 0);
    const before = createFaultState({ seed: 5 }, 0).random();
    expect(planDelay(state)).toBeUndefined();
    expect(state.random()).toBe(before);
  });

  test("behavior: slow answers wait less than slowMs; a batch is shuffled, the same way for the same seed", () => {
    const state = createFaultState({ seed: 5, slow: 1, slowMs: 300 }, 0);
    const delays = Array.from({ length: 20 }, () => planDelay(state) as number);
    expect(delays.every((ms) => Number.isInteger(ms) && ms >= 0 && ms < 300)).toBe(true);
    expect(new Set(delays).size).toBeGreaterThan(10);
    expect(state.stats.faults.slow).toBe(20);

    const answers = (): Answer[] =>
      Array.from({ length: 8 }, (_, id) => ({ jsonrpc: "2.0", id, result: "0x1" }));
    const shuffled = (seed: number) => {
      const list = answers();
      shuffleAnswers(createFaultState({ seed }, 0), list);
      return list.map((answer) => answer.id);
    };
    expect([...shuffled(1)].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(shuffled(1)).toEqual(shuffled(1));
    expect(shuffled(1)).not.toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
});
