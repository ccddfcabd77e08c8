import { describe, expect, test } from "vitest";
import { type KnownRefusal, knownRefusals } from "../../../tooling/endpoints/knownRefusals.js";
import { classifyRpcError, parseRangeHint } from "./classifyRpcError.js";

/** The methods the indexer sends, for refusals the source shows for any method. */
const sentMethods = ["eth_call", "eth_getLogs", "eth_getBlockByNumber"];

/**
 * The methods a refusal is classified for: its own; each method sent, for a refusal of any; and
 * for a batch's refusal, the batch as a whole ("", as settleBatch reads one error object for a
 * batch) and each call it may be attached to.
 */
function methodsOf(refusal: KnownRefusal): string[] {
  if (refusal.method === "any") return sentMethods;
  if (refusal.method === "batch") return ["", ...sentMethods];
  return [refusal.method];
}

const cases = knownRefusals.flatMap((refusal) =>
  methodsOf(refusal).map(
    (method) => [`${refusal.who}: ${refusal.refusal} (${method || "the batch"})`, method, refusal] as const,
  ),
);

describe("classifyRpcError", () => {
  test.each([
    [-32000, "missing trie node 0123abcd (path )"],
    [-32000, "header not found"],
    [-32000, "unknown block"],
    [-32000, "state histories haven't been fully indexed yet"],
    [-32000, "historical state 0x1234 is not available"],
    [-32603, "state at block #1 is pruned"],
  ])("behavior: the node lacks the block or state asked for (%s %s): missing-state", (code, message) => {
    expect(classifyRpcError("eth_getCode", { code, message })).toBe("missing-state");
  });

  test("behavior: rate limits, reverts, batch caps, transient errors", () => {
    expect(classifyRpcError("eth_call", { code: 429, message: "Too Many Requests" })).toBe("rate-limit");
    expect(classifyRpcError("eth_call", { code: -32005, message: "limit exceeded" })).toBe("rate-limit");
    expect(
      classifyRpcError("eth_call", { code: 3, message: "execution reverted: session unavailable" }),
    ).toBe("revert");
    expect(classifyRpcError("eth_call", { code: -32000, message: "batch size too large" })).toBe(
      "batch-too-large",
    );
    expect(classifyRpcError("eth_call", { code: -32603, message: "internal error" })).toBe("transient");
    expect(
      classifyRpcError("eth_call", {
        code: -32011,
        message: "no backend is currently healthy to serve traffic",
      }),
    ).toBe("transient");
    expect(classifyRpcError("eth_call", { code: -32000, message: "nonce too low" })).toBe("other");
  });

  test.each([
    [-32601, "Method not found"],
    [-32601, "the method eth_getLogs does not exist/is not available"],
    [-32000, "the method eth_getLogs does not exist/is not available"],
    [-32004, "Method not supported"],
    [-32600, "Unsupported method: eth_getLogs. See available methods at https://docs.example.com"],
    [-32000, "method eth_getLogs is not available on this plan"],
    [undefined, "method not found"],
  ])("behavior: a method the endpoint does not serve (%s %s) is unsupported", (code, message) => {
    expect(classifyRpcError("eth_getLogs", { code, message })).toBe("unsupported");
  });

  test("behavior: a revert that mentions a method is a revert", () => {
    expect(classifyRpcError("eth_call", { code: 3, message: "execution reverted: method not found" })).toBe(
      "revert",
    );
    expect(
      classifyRpcError("eth_call", { code: -32000, message: "execution reverted: method not supported" }),
    ).toBe("revert");
  });
});

describe("classifyRpcError: real clients' and providers' refusals", () => {
  test.each(cases)("default: %s", (_name, method, refusal) => {
    expect(classifyRpcError(method, refusal.error)).toBe(refusal.kind);
  });

  test.each(
    knownRefusals
      .filter((refusal) => refusal.kind === "range")
      .map((refusal) => [`${refusal.who}: ${refusal.refusal}`, refusal] as const),
  )("behavior: %s: the range or cap it names is read, or nothing", (_name, refusal) => {
    expect(parseRangeHint(refusal.error.message)).toEqual(refusal.hint ?? {});
  });
});

describe("parseRangeHint", () => {
  test("default: a suggested range", () => {
    expect(
      parseRangeHint("query returned more than 10000 results. Try with this block range [0x10, 0x20]."),
    ).toEqual({
      suggestedTo: 0x20,
    });
  });

  test("behavior: a stated maximum", () => {
    expect(parseRangeHint("exceed maximum block range: 2000")).toEqual({ maxBlocks: 2000 });
    expect(parseRangeHint("eth_getLogs is limited to a 10,000 range")).toEqual({ maxBlocks: 10_000 });
    expect(parseRangeHint("ranges over 5000 blocks are not supported")).toEqual({ maxBlocks: 5000 });
  });

  test("behavior: nothing to read", () => {
    expect(parseRangeHint("block range is too large")).toEqual({});
  });
});
