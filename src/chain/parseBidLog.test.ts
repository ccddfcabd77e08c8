import { getAddress, keccak256 } from "viem";
import { describe, expect, test } from "vitest";
import { bidDeletedTopic, bidPostedTopic, sessionOpenedTopic } from "./abi.js";
import type { RawLog } from "./createLogFetcher.js";
import { bidIdOf, isBidLog, parseBidLog } from "./parseBidLog.js";

const contract = "0x00000000000000000000000000000000000000c0";
const provider = "0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359";
const modelId = `0x${"ab".repeat(32)}`;
const word = (hex: string) => `0x${hex.replace(/^0x/, "").padStart(64, "0")}`;

function log(overrides: Partial<RawLog> = {}): RawLog {
  return {
    address: contract,
    topics: [bidPostedTopic, word(provider), modelId],
    data: word("7"),
    blockNumber: "0x10",
    blockHash: `0x${"CD".repeat(32)}`,
    transactionHash: word("1"),
    logIndex: "0x2",
    ...overrides,
  };
}

describe("bidIdOf", () => {
  test("default: keccak256 of the 20 + 32 + 32 packed bytes (CHAIN.md)", () => {
    const packed = `0x${provider.slice(2)}${modelId.slice(2)}${(7).toString(16).padStart(64, "0")}` as const;
    expect(packed.length).toBe(2 + 2 * 84);
    expect(bidIdOf(getAddress(provider), modelId, 7n)).toBe(keccak256(packed));
  });
});

describe("parseBidLog", () => {
  test("default: a posted and a deleted bid, the id computed from the log", () => {
    const bidId = bidIdOf(getAddress(provider), modelId, 7n);
    expect(parseBidLog(log(), contract)).toEqual({
      kind: "bid",
      log: {
        event: "posted",
        bidId,
        provider: getAddress(provider),
        modelId,
        blockNumber: 16,
        blockHash: `0x${"cd".repeat(32)}`,
        logIndex: 2,
      },
    });
    const deleted = parseBidLog(
      log({ topics: [bidDeletedTopic, word(provider), modelId.toUpperCase().replace("0X", "0x")] }),
      contract,
    );
    expect(deleted).toMatchObject({ kind: "bid", log: { event: "deleted", bidId, modelId } });
    expect(isBidLog(log())).toBe(true);
    expect(isBidLog(log({ topics: [sessionOpenedTopic] }))).toBe(false);
  });

  test("error: another contract, another shape, a removed log are foreign", () => {
    const reason = (overrides: Partial<RawLog>) => {
      const parsed = parseBidLog(log(overrides), contract);
      return parsed.kind === "foreign" ? parsed.reason : "parsed";
    };
    expect(reason({ address: "0x00000000000000000000000000000000000000c1" })).toBe("log of another contract");
    expect(reason({ data: "0x" })).toBe("not a bid event");
    expect(reason({ data: `${word("7")}00` })).toBe("not a bid event");
    expect(reason({ topics: [bidPostedTopic, word(provider)] })).toBe("not a bid event");
    expect(reason({ topics: [bidPostedTopic, `0x${"ff".repeat(32)}`, modelId] })).toBe("not a bid event");
    expect(reason({ removed: true })).toBe("removed log");
  });
});
