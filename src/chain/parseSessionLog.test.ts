import { describe, expect, test } from "vitest";
import { sessionClosedTopic, sessionOpenedTopic } from "./abi.js";
import type { RawLog } from "./createLogFetcher.js";
import { parseSessionLog } from "./parseSessionLog.js";

const contract = "0x00000000000000000000000000000000000000c0";
const sessionId = `0x${"5e".repeat(32)}`;
const word = (hex: string) => `0x${hex.padStart(64, "0")}`;

function raw(topics: string[], overrides: Partial<RawLog> = {}): RawLog {
  return {
    address: contract,
    topics,
    data: "0x",
    blockNumber: "0x10",
    blockHash: `0x${"AB".repeat(32)}`,
    transactionHash: `0x${"cd".repeat(32)}`,
    logIndex: "0x3",
    ...overrides,
  };
}

describe("parseSessionLog", () => {
  test("default: the session id and the provider (EIP-55) of a SessionClosed log; no user", () => {
    const parsed = parseSessionLog(
      raw([
        sessionClosedTopic,
        word("d7".repeat(20)),
        sessionId,
        word("fb6916095ca1df60bb79ce92ce3ea74c37c5d359"),
      ]),
      contract,
    );
    expect(parsed).toEqual({
      kind: "session",
      log: {
        event: "closed",
        sessionId,
        provider: "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
        blockNumber: 16,
        blockHash: `0x${"ab".repeat(32)}`,
        logIndex: 3,
      },
    });
    expect(JSON.stringify(parsed)).not.toMatch(/d7d7/i);
  });

  test("behavior: a topic3 word that is not an address names no provider; nor does a SessionOpened log", () => {
    const parsed = parseSessionLog(
      raw([sessionClosedTopic, word("1"), sessionId, `0x${"ff".repeat(32)}`]),
      contract,
    );
    expect(parsed.kind === "session" && parsed.log.provider).toBeUndefined();
    const opened = parseSessionLog(
      raw([sessionOpenedTopic, word("1"), sessionId, word("a1".repeat(20))]),
      contract,
    );
    expect(opened.kind === "session" && opened.log.provider).toBeUndefined();
  });

  test("behavior: logs of another contract, other events and removed logs are foreign", () => {
    const topics = [sessionClosedTopic, word("1"), sessionId, word("2")];
    const reason = (log: RawLog) => {
      const parsed = parseSessionLog(log, contract);
      return parsed.kind === "foreign" ? parsed.reason : "session";
    };
    expect(reason(raw(topics, { address: `0x${"11".repeat(20)}` }))).toBe("log of another contract");
    expect(reason(raw([word("99"), ...topics.slice(1)]))).toBe("not a session event");
    expect(reason(raw(topics.slice(0, 3)))).toBe("not a session event");
    expect(reason(raw(topics, { removed: true }))).toBe("removed log");
  });
});
