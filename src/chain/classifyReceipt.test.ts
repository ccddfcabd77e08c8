import { encodeAbiParameters, type Hex, hexToBytes } from "viem";
import { describe, expect, test } from "vitest";
import { classifyReceipt } from "./classifyReceipt.js";

const sessionId: Hex = `0x${"ab".repeat(32)}`;
const otherSession: Hex = `0x${"cd".repeat(32)}`;

function v1(id: Hex = sessionId, ttftMs = 734) {
  return hexToBytes(
    encodeAbiParameters(
      [{ type: "bytes32" }, { type: "uint256" }, { type: "uint128" }, { type: "uint32" }, { type: "uint32" }],
      [id, 8453n, 1_760_000_000n, 41_500, ttftMs],
    ),
  );
}

function v2(input: number, output: number, ttftMs = 734) {
  return hexToBytes(
    encodeAbiParameters(
      [
        { type: "bytes32" },
        { type: "uint256" },
        { type: "uint128" },
        { type: "uint32" },
        { type: "uint32" },
        { type: "uint32" },
        { type: "uint32" },
      ],
      [sessionId, 8453n, 1_760_000_000n, 41_500, ttftMs, input, output],
    ),
  );
}

describe("classifyReceipt", () => {
  test("default: a signed v2 receipt counts its tokens and TTFT", () => {
    expect(classifyReceipt(sessionId, 0n, v2(1200, 345))).toEqual({
      kind: "v2",
      tokens: 1545,
      ttftMs: 734,
      tps: 41_500,
    });
  });

  test("behavior: a signed v1 receipt has a TTFT and no tokens", () => {
    const receipt = v1();
    expect(receipt.length).toBe(160);
    expect(classifyReceipt(sessionId, 0n, receipt)).toEqual({
      kind: "v1",
      tokens: 0,
      ttftMs: 734,
      tps: 41_500,
    });
  });

  test("behavior: a receipt longer than v2 is read as v2", () => {
    const receipt = new Uint8Array([...v2(10, 20), ...new Uint8Array(64).fill(7)]);
    expect(classifyReceipt(sessionId, 0n, receipt)).toEqual({
      kind: "v2",
      tokens: 30,
      ttftMs: 734,
      tps: 41_500,
    });
  });

  test("behavior: between v1 and v2 lengths is v1", () => {
    const receipt = v2(10, 20).slice(0, 200);
    expect(classifyReceipt(sessionId, 0n, receipt)).toMatchObject({ kind: "v1", tokens: 0, ttftMs: 734 });
  });

  test("behavior: token counts near 2^32 add up exactly", () => {
    const max = 2 ** 32 - 1;
    expect(classifyReceipt(sessionId, 0n, v2(max, max - 1)).tokens).toBe(2 * max - 1);
  });

  test("behavior: a TTFT of 0 means not measured", () => {
    expect(classifyReceipt(sessionId, 0n, v2(1, 2, 0))).toEqual({
      kind: "v2",
      tokens: 3,
      ttftMs: 0,
      tps: 41_500,
    });
  });

  test("behavior: the session id is compared case-insensitively", () => {
    expect(classifyReceipt(sessionId.toUpperCase().replace("0X", "0x"), 0n, v1()).kind).toBe("v1");
  });

  test("behavior: a disputed close counts for nothing whatever its receipt", () => {
    expect(classifyReceipt(sessionId, 1n, v2(100, 100))).toEqual({
      kind: "disputed",
      tokens: 0,
      ttftMs: 0,
      tps: 0,
    });
    expect(classifyReceipt(sessionId, 7n, new Uint8Array())).toMatchObject({ kind: "disputed" });
  });

  test("error: a short receipt is malformed", () => {
    expect(classifyReceipt(sessionId, 0n, v1().slice(0, 159))).toMatchObject({
      kind: "malformed",
      tokens: 0,
      ttftMs: 0,
      reason: "receipt of 159 bytes, expected at least 160",
    });
  });

  test("error: an empty receipt is malformed", () => {
    expect(classifyReceipt(sessionId, 0n, new Uint8Array())).toMatchObject({
      kind: "malformed",
      reason: "empty receipt",
    });
  });

  test("error: a receipt naming another session is malformed", () => {
    expect(classifyReceipt(sessionId, 0n, v1(otherSession))).toMatchObject({
      kind: "malformed",
      reason: "receipt names another session",
    });
  });

  test("error: garbage of receipt length is malformed", () => {
    const garbage = new Uint8Array(224).map((_, i) => (i * 37 + 11) % 256);
    expect(classifyReceipt(sessionId, 0n, garbage).kind).toBe("malformed");
  });

  test("behavior: a token word that does not fit uint32 leaves the receipt signed, with 0 tokens (SPEC 1.1)", () => {
    const input = v2(1, 2);
    input[5 * 32 + 27] = 1; // inputTokens = 2^32 + 1
    expect(classifyReceipt(sessionId, 0n, input)).toEqual({
      kind: "v2",
      tokens: 0,
      ttftMs: 734,
      tps: 41_500,
      oversizeTokens: true,
    });
    const output = v2(1, 2);
    output[6 * 32] = 0xff; // outputTokens far past uint32
    expect(classifyReceipt(sessionId, 0n, output)).toMatchObject({
      kind: "v2",
      tokens: 0,
      oversizeTokens: true,
    });
  });

  test("error: a tpsScaled1000 that does not fit uint32 is malformed", () => {
    const receipt = v2(1, 2);
    receipt[3 * 32 + 3] = 1;
    expect(classifyReceipt(sessionId, 0n, receipt)).toMatchObject({
      kind: "malformed",
      tps: 0,
      reason: "tpsScaled1000 does not fit uint32",
    });
  });

  test("error: a TTFT that does not fit uint32 is malformed", () => {
    const receipt = v1();
    receipt[4 * 32] = 1;
    expect(classifyReceipt(sessionId, 0n, receipt)).toMatchObject({
      kind: "malformed",
      reason: "ttftMs does not fit uint32",
    });
  });
});
