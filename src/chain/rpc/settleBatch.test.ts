import { describe, expect, test } from "vitest";
import { type SentUnit, settleBatch } from "./settleBatch.js";

/** Units of calls with ids from 1, in order: [["eth_chainId"], ["eth_getLogs", "eth_getBlockByNumber"]]. */
const unitsOf = (methods: string[][]) => {
  let id = 1;
  return methods.map((unit) => ({ calls: unit.map((method) => ({ id: id++, method })) }));
};
const result = (id: number, value: unknown) => ({ jsonrpc: "2.0", id, result: value });
const error = (id: number | null, code: number, message: string) => ({
  jsonrpc: "2.0",
  id,
  error: { code, message },
});

describe("settleBatch", () => {
  test("default: every call answered, in any order: results in call order, groups as a whole", () => {
    const units = unitsOf([["eth_chainId"], ["eth_getLogs", "eth_getBlockByNumber"]]);
    const settled = settleBatch(units, [result(3, "block"), result(1, "0x1"), result(2, [])]);
    expect(settled).toEqual({
      kind: "settled",
      answered: [
        { unit: units[0], results: ["0x1"] },
        { unit: units[1], results: [[], "block"] },
      ],
      retry: [],
      rateLimited: false,
      failed: [],
      unanswered: [],
      served: 3,
    });
  });

  test("behavior: a single call answered with an object", () => {
    const units = unitsOf([["eth_chainId"]]);
    expect(settleBatch(units, result(1, "0x1"))).toMatchObject({
      answered: [{ unit: units[0], results: ["0x1"] }],
    });
  });

  test("behavior: calls refused for a moment are retried, the whole group with them; a rate limit says so", () => {
    const units = unitsOf([["eth_chainId"], ["eth_getLogs", "eth_getBlockByNumber"], ["net_version"]]);
    const settled = settleBatch(units, [
      error(1, -32011, "no backend is currently healthy to serve traffic"),
      result(2, []),
      error(3, 429, "Too Many Requests"),
      { jsonrpc: "2.0", id: 4 },
    ]);
    expect(settled).toMatchObject({
      kind: "settled",
      answered: [],
      retry: [
        { unit: units[0], reason: "no backend is currently healthy to serve traffic" },
        { unit: units[1], reason: "Too Many Requests" },
        { unit: units[2], reason: "answer without a result" },
      ],
      rateLimited: true,
      failed: [],
    });
  });

  test("behavior: a rate limit in a group is the reason it gives, whatever came first", () => {
    const units = unitsOf([["eth_getLogs", "eth_getBlockByNumber"]]);
    const settled = settleBatch(units, [
      error(1, -32603, "internal error"),
      error(2, 429, "Too Many Requests"),
    ]);
    expect(settled).toMatchObject({
      retry: [{ unit: units[0], reason: "Too Many Requests" }],
      rateLimited: true,
    });
  });

  test("behavior: the block or state missing: retried, but final for a unit that asks so", () => {
    const retried: SentUnit = { calls: [{ id: 1, method: "eth_getCode" }] };
    const final: SentUnit = { calls: [{ id: 2, method: "eth_getCode" }], retryMissingState: false };
    const settled = settleBatch(
      [retried, final],
      [
        error(1, -32000, "missing trie node abcd (path )"),
        error(2, -32000, "missing trie node abcd (path )"),
      ],
    );
    expect(settled).toMatchObject({
      retry: [{ unit: retried, reason: "missing trie node abcd (path )" }],
      rateLimited: false,
      failed: [{ unit: final, method: "eth_getCode", kind: "missing-state" }],
    });
  });

  test("behavior: a batch answered in part, or with its surplus refused per call: those units are unanswered", () => {
    const units = unitsOf([["eth_chainId"], ["eth_chainId"], ["eth_chainId"], ["eth_chainId"]]);
    expect(settleBatch(units, [result(1, "0x1"), result(2, "0x1")])).toMatchObject({
      answered: [{ unit: units[0] }, { unit: units[1] }],
      unanswered: [units[2], units[3]],
      served: 2,
    });
    const refused = settleBatch(units, [
      result(1, "0x1"),
      error(2, -32000, "batch size too large"),
      error(3, -32000, "batch size too large"),
      error(4, -32000, "batch size too large"),
    ]);
    expect(refused).toMatchObject({ unanswered: [units[1], units[2], units[3]], served: 1 });
  });

  test("behavior: a batch refused as a whole with one error object", () => {
    const units = unitsOf([["eth_chainId"], ["eth_chainId"]]);
    expect(settleBatch(units, error(null, -32000, "batch size too large"))).toEqual({
      kind: "batch-refused",
    });
  });

  test("error: calls refused for good fail, with what the endpoint said and what it means", () => {
    const units = unitsOf([["eth_call"], ["eth_getLogs", "eth_getBlockByNumber"], ["eth_getLogs"]]);
    const settled = settleBatch(units, [
      error(1, 3, "execution reverted"),
      error(2, -32005, "query returned more than 10000 results"),
      result(3, null),
      error(4, -32601, "Method not found"),
    ]);
    expect(settled).toMatchObject({
      answered: [],
      failed: [
        {
          unit: units[0],
          method: "eth_call",
          kind: "revert",
          error: { code: 3, message: "execution reverted" },
        },
        { unit: units[1], method: "eth_getLogs", kind: "range" },
        { unit: units[2], method: "eth_getLogs", kind: "unsupported", error: { code: -32601 } },
      ],
    });
  });

  test("error: a batch answered with one object that is not a refusal of its size: the request failed", () => {
    const units = unitsOf([["eth_chainId"], ["eth_chainId"]]);
    expect(settleBatch(units, error(null, 429, "Too Many Requests"))).toEqual({
      kind: "failed",
      reason: "Too Many Requests",
      rateLimited: true,
    });
    expect(settleBatch(units, error(null, -32600, "invalid request"))).toEqual({
      kind: "failed",
      reason: "batch answered with a single object: invalid request",
      rateLimited: false,
    });
    expect(settleBatch(units, result(1, "0x1"))).toEqual({
      kind: "failed",
      reason: "batch answered with a single object: no error",
      rateLimited: false,
    });
  });

  test("error: an answer that is no JSON-RPC object; array entries that are none are no answers", () => {
    const units = unitsOf([["eth_chainId"], ["eth_chainId"]]);
    for (const body of [null, "ok", 42]) {
      expect(settleBatch(units, body)).toEqual({
        kind: "failed",
        reason: "response is not a JSON-RPC object",
        rateLimited: false,
      });
    }
    expect(settleBatch(units, [null, result(2, "0x1"), "x"])).toMatchObject({
      answered: [{ unit: units[1] }],
      unanswered: [units[0]],
    });
  });
});
