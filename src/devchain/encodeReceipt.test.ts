import { type Hex, keccak256, size, stringToHex } from "viem";
import { expect, test } from "vitest";
import { encodeReceipt } from "./encodeReceipt.js";

const sessionId = keccak256(stringToHex("session"));
const word = (hex: Hex, k: number) => BigInt(`0x${hex.slice(2 + 64 * k, 2 + 64 * (k + 1))}`);

test("default: v1, five words", () => {
  const receipt = encodeReceipt({
    sessionId,
    chainId: 8453,
    timestamp: 1_760_000_000,
    tpsScaled1000: 42_500,
    ttftMs: 734,
  });
  expect(size(receipt)).toBe(160);
  expect(receipt.slice(0, 66)).toBe(sessionId);
  expect([1, 2, 3, 4].map((k) => word(receipt, k))).toEqual([8453n, 1_760_000_000n, 42_500n, 734n]);
});

test("behavior: v2 with token counts, seven words", () => {
  const receipt = encodeReceipt({
    sessionId,
    chainId: 84532n,
    timestamp: 1n,
    tpsScaled1000: 0,
    ttftMs: 0,
    inputTokens: 4_294_967_295,
    outputTokens: 17,
  });
  expect(size(receipt)).toBe(224);
  expect([5, 6].map((k) => word(receipt, k))).toEqual([4_294_967_295n, 17n]);
});

test("error: one token count without the other", () => {
  expect(() =>
    encodeReceipt({ sessionId, chainId: 1, timestamp: 1, tpsScaled1000: 1, ttftMs: 1, inputTokens: 1 }),
  ).toThrow(/both/);
});
