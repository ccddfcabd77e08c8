import { encodeFunctionResult, type Hex, hexToBytes } from "viem";
import { describe, expect, test } from "vitest";
import { marketplaceAbi, multicall3Abi } from "./abi.js";
import { decodeAggregate3 } from "./decodeAggregate3.js";
import { decodeBid } from "./readBids.js";
import { decodeSession } from "./readSessions.js";

const session = {
  user: "0x1111111111111111111111111111111111111111",
  bidId: `0x${"b1".repeat(32)}`,
  stake: 10n ** 24n + 7n,
  closeoutReceipt: `0x${"ab".repeat(224)}`,
  closeoutType: 1n,
  providerWithdrawnAmount: 5n,
  openedAt: 1_790_000_000n,
  endsAt: 1_790_003_600n,
  closedAt: 1_790_001_000n,
  isActive: false,
  isDirectPaymentFromUser: true,
} as const;

describe("decodeSession", () => {
  test("default: reads what viem encodes, without the user", () => {
    const data = hexToBytes(
      encodeFunctionResult({ abi: marketplaceAbi, functionName: "getSession", result: session }),
    );
    expect(decodeSession(data)).toEqual({
      ok: true,
      state: {
        bidId: session.bidId,
        stake: session.stake,
        closeoutReceipt: hexToBytes(session.closeoutReceipt),
        closeoutType: 1n,
        openedAt: 1_790_000_000,
        endsAt: 1_790_003_600,
        closedAt: 1_790_001_000,
      },
    });
  });

  test("behavior: an empty receipt", () => {
    const data = hexToBytes(
      encodeFunctionResult({
        abi: marketplaceAbi,
        functionName: "getSession",
        result: { ...session, closeoutReceipt: "0x" },
      }),
    );
    const read = decodeSession(data);
    expect(read.ok && read.state.closeoutReceipt.length).toBe(0);
  });

  test("error: truncated data and absurd times are reported, not thrown", () => {
    const data = hexToBytes(
      encodeFunctionResult({ abi: marketplaceAbi, functionName: "getSession", result: session }),
    );
    expect(decodeSession(data.slice(0, 200))).toMatchObject({ ok: false });
    expect(decodeSession(new Uint8Array())).toMatchObject({ ok: false });
    const far = hexToBytes(
      encodeFunctionResult({
        abi: marketplaceAbi,
        functionName: "getSession",
        result: { ...session, closedAt: 2n ** 100n },
      }),
    );
    expect(decodeSession(far)).toEqual({ ok: false, error: "timestamp out of range" });
  });
});

describe("decodeBid", () => {
  test("default: provider checksummed, model id lowercase", () => {
    const data = hexToBytes(
      encodeFunctionResult({
        abi: marketplaceAbi,
        functionName: "getBid",
        result: {
          provider: "0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359",
          modelId: `0x${"AB".repeat(32)}` as Hex,
          pricePerSecond: 123n,
          nonce: 4n,
          createdAt: 1_790_000_000n,
          deletedAt: 1_790_000_600n,
        },
      }),
    );
    expect(decodeBid(data)).toEqual({
      ok: true,
      state: {
        provider: "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
        modelId: `0x${"ab".repeat(32)}`,
        pricePerSecond: 123n,
        nonce: 4n,
        createdAt: 1_790_000_000,
        deletedAt: 1_790_000_600,
      },
    });
  });

  test("behavior: times past 2^40 read as 2^40 (after any as-of, as the value itself)", () => {
    const data = hexToBytes(
      encodeFunctionResult({
        abi: marketplaceAbi,
        functionName: "getBid",
        result: {
          provider: "0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359",
          modelId: `0x${"ab".repeat(32)}` as Hex,
          pricePerSecond: 1n,
          nonce: 0n,
          createdAt: 2n ** 127n,
          deletedAt: 2n ** 40n + 1n,
        },
      }),
    );
    expect(decodeBid(data)).toMatchObject({ ok: true, state: { createdAt: 2 ** 40, deletedAt: 2 ** 40 } });
  });

  test("error: short data", () => {
    expect(decodeBid(new Uint8Array(40))).toMatchObject({ ok: false });
  });
});

describe("decodeAggregate3", () => {
  test("default: results in order, failures included", () => {
    const data = hexToBytes(
      encodeFunctionResult({
        abi: multicall3Abi,
        functionName: "aggregate3",
        result: [
          { success: true, returnData: "0x01020304" },
          { success: false, returnData: "0x" },
          { success: true, returnData: `0x${"ff".repeat(70)}` },
        ],
      }),
    );
    const results = decodeAggregate3(data);
    expect(results.map((r) => r.success)).toEqual([true, false, true]);
    expect(results.map((r) => r.returnData.length)).toEqual([4, 0, 70]);
    expect([...(results[0]?.returnData ?? [])]).toEqual([1, 2, 3, 4]);
  });

  test("behavior: no calls", () => {
    expect(
      decodeAggregate3(
        hexToBytes(encodeFunctionResult({ abi: multicall3Abi, functionName: "aggregate3", result: [] })),
      ),
    ).toEqual([]);
  });
});
