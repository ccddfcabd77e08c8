import { describe, expect, test } from "vitest";
import { classifyRpcError } from "../../src/chain/rpc/classifyRpcError.js";
import type { FaultConfig } from "./faultConfig.js";
import { createFaultState, type FaultState } from "./faultState.js";
import { planCalls } from "./planCalls.js";
import { countLimitWordings } from "./providerErrors.js";
import { lastBlockThatFits, rewriteAnswers, unitHash } from "./rewriteAnswers.js";
import { type Answer, type Call, hex, type Log } from "./rpcMessages.js";

const ours = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
const theirs = "0x00000000000000000000000000000000000000ff";
const call = (id: number, method: string, params: unknown[] = []): Call => ({
  jsonrpc: "2.0",
  id,
  method,
  params,
});
const getLogs = (id: number, from: number, to: number) =>
  call(id, "eth_getLogs", [{ address: ours, fromBlock: hex(from), toBlock: hex(to) }]);
const log = (block: number, index: number, address = ours): Log => ({
  address,
  blockNumber: hex(block),
  blockHash: `0x${block.toString(16).padStart(64, "0")}`,
  logIndex: hex(index),
  topics: [],
});
/** The logs an eth_getLogs answer holds ([] for an error). */
const logsOf = (answer: Answer | undefined) => (answer?.result ?? []) as Log[];
const blocks = (answer: Answer | undefined) => logsOf(answer).map((l) => Number(l.blockNumber));

/**
 * A node with its head at block 100, logs at blocks 90 to 100 (two per block) and the foreign
 * contract's at even blocks: what it answers to a planned upstream batch.
 */
function node(upstream: Call[]): Answer[] {
  return upstream.map((c) => {
    const answer = (result: unknown): Answer => ({ jsonrpc: "2.0", id: c.id, result });
    if (c.method === "eth_blockNumber") return answer(hex(100));
    if (c.method === "eth_getBlockByNumber") {
      const number = Number(c.params?.[0]);
      return answer(number > 100 ? null : { number: hex(number) });
    }
    if (c.method === "eth_getLogs") {
      const filter = c.params?.[0] as { address: string; fromBlock: string; toBlock: string };
      const all = Array.from({ length: 11 }, (_, k) => 90 + k).flatMap((b) =>
        filter.address === ours ? [log(b, 0), log(b, 1)] : b % 2 === 0 ? [log(b, 5, theirs)] : [],
      );
      return answer(
        all.filter(
          (l) =>
            Number(l.blockNumber) >= Number(filter.fromBlock) &&
            Number(l.blockNumber) <= Number(filter.toBlock),
        ),
      );
    }
    return answer("0x7a69");
  });
}

/** Plans `calls`, asks the node above, rewrites: the answers the client gets. */
function through(state: FaultState, calls: Call[]): Answer[] {
  const plan = planCalls(state, calls);
  return rewriteAnswers(state, calls, plan, node(plan.upstream));
}
const faults = (config: FaultConfig) => createFaultState(config, 0);

describe("rewriteAnswers", () => {
  test("default: the node's answers under the client's ids, in the client's order, refused calls among them", () => {
    const calls = [call(11, "eth_chainId"), getLogs(12, 95, 96), call(13, "eth_blockNumber")];
    expect(through(faults({}), calls)).toEqual([
      { jsonrpc: "2.0", id: 11, result: "0x7a69" },
      { jsonrpc: "2.0", id: 12, result: [log(95, 0), log(95, 1), log(96, 0), log(96, 1)] },
      { jsonrpc: "2.0", id: 13, result: hex(100) },
    ]);
    const state = faults({ logsBlockLimit: 1 });
    const mixed = through(state, [getLogs(1, 95, 96), call(2, "eth_chainId")]);
    expect(mixed.map((a) => [a.id, a.error ? "error" : a.result])).toEqual([
      [1, "error"],
      [2, "0x7a69"],
    ]);
    // The node left one unanswered: an internal error for that call, not a crash.
    const alone = [call(1, "eth_chainId")];
    expect(rewriteAnswers(faults({}), alone, planCalls(faults({}), alone), [])).toEqual([
      { jsonrpc: "2.0", id: 1, error: { code: -32603, message: "no answer" } },
    ]);
  });

  test("behavior: a lagging backend is behind the head, has no blocks past its own, cuts logs at it", () => {
    const state = faults({ laggingBackend: 1, laggingLag: 3 });
    const [head, newest, older, logs] = through(state, [
      call(1, "eth_blockNumber"),
      call(2, "eth_getBlockByNumber", [hex(99), false]),
      call(3, "eth_getBlockByNumber", [hex(97), false]),
      getLogs(4, 95, 100),
    ]);
    expect(head?.result).toBe(hex(97));
    expect(newest?.result).toBeNull();
    expect(older?.result).toEqual({ number: hex(97) });
    expect(blocks(logs)).toEqual([95, 95, 96, 96, 97, 97]);
    expect(state.stats.faults.laggingBackend).toBe(1);
  });

  test("behavior: a stale head; null for the newest block as often as configured, per block", () => {
    expect(through(faults({ staleHead: 1, staleLag: 2 }), [call(1, "eth_blockNumber")])[0]?.result).toBe(
      hex(98),
    );
    const state = faults({ nullNewestBlock: 1 });
    const newest = () => through(state, [call(1, "eth_getBlockByNumber", [hex(100), false])])[0]?.result;
    expect(newest()).toBeNull();
    expect(newest()).toEqual({ number: hex(100) });
    expect(through(state, [call(1, "eth_getBlockByNumber", [hex(99), false])])[0]?.result).toEqual({
      number: hex(99),
    });
    expect(state.stats.faults.nullNewestBlock).toBe(1);
  });

  test("behavior: over the result cap a range is refused, naming a range that fits; one block always passes", () => {
    const state = faults({ logsCountLimit: 5 });
    const wordings = countLimitWordings.length;
    expect(wordings).toBeGreaterThan(3);
    const errors = Array.from({ length: wordings }, () => through(state, [getLogs(1, 90, 100)])[0]?.error);
    const messages = errors.map((error) => error?.message);
    // Each names 91 (0x5b) as the range's last block that fits, where its wording names one.
    expect(messages).toContain("query returned more than 5 results. Try with this block range [0x5A, 0x5B].");
    expect(messages).toContain("query exceeds max results 5, retry with the range 90-91");
    expect(new Set(messages).size).toBe(wordings);
    for (const error of errors) expect(classifyRpcError("eth_getLogs", error ?? {})).toBe("range");
    expect(blocks(through(state, [getLogs(1, 93, 93)])[0])).toEqual([93, 93]);
    expect(through(state, [getLogs(1, 90, 91)])[0]?.result).toHaveLength(4);
  });

  test("behavior: duplicated, stray and foreign logs are added, sorted by block and index", () => {
    const duplicated = through(faults({ seed: 1, duplicateLogs: 1 }), [getLogs(1, 95, 99)])[0];
    const keys = logsOf(duplicated).map((l) => `${l.blockNumber}:${l.logIndex}`);
    expect(keys.length).toBeGreaterThan(10);
    expect(new Set(keys).size).toBe(10);
    expect(blocks(duplicated)).toEqual([...blocks(duplicated)].sort((a, b) => a - b));

    // Stray: logs of the blocks around the range, never one inside it twice.
    const stray = through(faults({ strayLogs: 1 }), [getLogs(1, 95, 96)])[0];
    expect(blocks(stray)).toEqual([
      90, 90, 91, 91, 92, 92, 93, 93, 94, 94, 95, 95, 96, 96, 97, 97, 98, 98, 99, 99, 100, 100,
    ]);

    // Foreign: the same share of the other contract's logs on every request, counted once each.
    const state = faults({ seed: 7, foreignContract: theirs, foreignShare: 0.5 });
    const first = through(state, [getLogs(1, 90, 100)])[0];
    expect(through(state, [getLogs(1, 90, 100)])[0]).toEqual(first);
    const foreign = logsOf(first).filter((l) => l.address === theirs);
    expect(foreign.length).toBe(state.stats.foreignLogKeys.size);
    expect(foreign.length).toBeGreaterThan(0);
    expect(foreign.length).toBeLessThan(6);
    expect(state.stats.faults.foreignLogs).toBe(2);
    const everything = through(faults({ foreignContract: theirs }), [getLogs(1, 90, 100)])[0];
    expect(logsOf(everything).filter((l) => l.address === theirs)).toHaveLength(6);
  });
});

describe("lastBlockThatFits and unitHash", () => {
  test("default", () => {
    const logs = [log(5, 0), log(3, 0), log(3, 1), log(4, 0), log(7, 0)];
    expect(lastBlockThatFits(logs, 3, 3)).toBe(4);
    expect(lastBlockThatFits(logs, 1, 3)).toBe(3); // block 3 alone holds two: still block 3
    expect(lastBlockThatFits(logs, 9, 3)).toBe(3);
    expect(unitHash("a")).toBe(0xe40c292c / 2 ** 32); // FNV-1a of "a"
    expect(unitHash("")).toBe(0x811c9dc5 / 2 ** 32);
  });
});
