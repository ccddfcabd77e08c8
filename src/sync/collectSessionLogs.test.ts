import { encodeAbiParameters, getAddress, toFunctionSelector, zeroAddress } from "viem";
import { describe, expect, test } from "vitest";
import {
  bidDeletedTopic,
  bidPostedTopic,
  diamondCutEvent,
  diamondCutTopic,
  sessionClosedTopic,
  sessionOpenedTopic,
} from "../chain/abi.js";
import type { RawLog } from "../chain/createLogFetcher.js";
import { bidIdOf } from "../chain/parseBidLog.js";
import { TransientError } from "../errors/BaseError.js";
import { collectSessionLogs } from "./collectSessionLogs.js";

const contract = "0x00000000000000000000000000000000000000c0";
const word = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
const hashOf = (block: number) => `0x${"ab".repeat(28)}${block.toString(16).padStart(8, "0")}`;
const provider = "0x00000000000000000000000000000000000000B0";
const facet = "0x00000000000000000000000000000000000000fa";
const getSession = toFunctionSelector("getSession(bytes32)");

/** A log as eth_getLogs returns it: a session event of the contract unless told otherwise. */
function raw(
  block: number,
  logIndex: number,
  event: "opened" | "closed",
  session: number,
  overrides: Partial<RawLog> = {},
): RawLog {
  return {
    address: contract,
    topics: [
      event === "opened" ? sessionOpenedTopic : sessionClosedTopic,
      word(0xaa),
      word(session),
      `0x${provider.slice(2).toLowerCase().padStart(64, "0")}`,
    ],
    data: "0x",
    blockNumber: `0x${block.toString(16)}`,
    blockHash: hashOf(block),
    transactionHash: word(block * 100 + logIndex),
    logIndex: `0x${logIndex.toString(16)}`,
    ...overrides,
  };
}

const range = { contract, from: 10, to: 20, hashes: new Map<number, string>() };
const sessionLog = (block: number, logIndex: number, event: "opened" | "closed", session: number) => ({
  event,
  sessionId: word(session),
  provider: event === "closed" ? provider : undefined,
  blockNumber: block,
  blockHash: hashOf(block),
  logIndex,
});

describe("collectSessionLogs", () => {
  test("default: the first SessionOpened and SessionClosed of each session, in chain order", () => {
    const collected = collectSessionLogs(
      [
        raw(15, 0, "closed", 1),
        raw(12, 4, "opened", 2),
        raw(12, 1, "opened", 1),
        // Returned by a misbehaving contract or endpoint: a second open and close of session 1.
        raw(18, 0, "closed", 1),
        raw(11, 0, "opened", 1, { transactionHash: word(7) }),
      ],
      range,
    );
    expect(collected).toEqual({
      opens: new Map([
        [word(1), sessionLog(11, 0, "opened", 1)],
        [word(2), sessionLog(12, 4, "opened", 2)],
      ]),
      closes: new Map([[word(1), sessionLog(15, 0, "closed", 1)]]),
      bids: [],
      logs: 5,
      anomalies: [],
      cuts: [],
    });
  });

  test("behavior: the contract's DiamondCut logs are collected apart, in order, once, inside the range", () => {
    const cutLog = (block: number, logIndex: number, overrides: Partial<RawLog> = {}) =>
      raw(block, logIndex, "opened", 0, {
        topics: [diamondCutTopic],
        data: encodeAbiParameters(diamondCutEvent.inputs, [
          [{ facetAddress: facet, action: 1, functionSelectors: [getSession] }],
          zeroAddress,
          "0x",
        ]),
        ...overrides,
      });
    const collected = collectSessionLogs(
      [
        cutLog(14, 2),
        raw(12, 1, "opened", 1),
        cutLog(12, 0, { blockTimestamp: "0x6553f100" }),
        cutLog(14, 2),
        cutLog(21, 0),
        cutLog(13, 0, { address: "0x00000000000000000000000000000000000000c1" }),
        cutLog(13, 1, { data: "0x1234" }),
      ],
      range,
    );
    expect(collected.logs).toBe(1);
    const cut = { facet: getAddress(facet), action: 1, selectors: [getSession] };
    expect(collected.cuts).toEqual([
      { blockNumber: 12, blockHash: hashOf(12), logIndex: 0, blockTimestamp: 0x6553f100, facets: [cut] },
      { blockNumber: 13, blockHash: hashOf(13), logIndex: 1, blockTimestamp: undefined, facets: undefined },
      { blockNumber: 14, blockHash: hashOf(14), logIndex: 2, blockTimestamp: undefined, facets: [cut] },
    ]);
    // Another contract's DiamondCut is a foreign log like any other.
    expect(collected.anomalies).toEqual([
      { kind: "foreign-log", key: `${hashOf(13)}:0`, blockNumber: 13, detail: "log of another contract" },
    ]);
    const hashes = new Map([[12, hashOf(99)]]);
    expect(() => collectSessionLogs([cutLog(12, 0)], { ...range, hashes })).toThrow(TransientError);
  });

  test("behavior: bid logs beside the session logs, in chain order, each with the bid it names", () => {
    const bidLog = (block: number, logIndex: number, topic: string, nonce: number): RawLog => ({
      ...raw(block, logIndex, "opened", 0),
      topics: [topic, `0x${provider.slice(2).toLowerCase().padStart(64, "0")}`, word(0x3)],
      data: word(nonce),
    });
    const collected = collectSessionLogs(
      [
        bidLog(14, 1, bidPostedTopic, 1),
        bidLog(14, 0, bidDeletedTopic, 0),
        raw(12, 0, "opened", 1),
        bidLog(11, 0, bidPostedTopic, 0),
        bidLog(11, 0, bidPostedTopic, 0),
      ],
      range,
    );
    const bid = (nonce: number) => bidIdOf(provider, word(0x3), BigInt(nonce));
    expect(collected.bids.map((log) => [log.event, log.bidId, log.blockNumber])).toEqual([
      ["posted", bid(0), 11],
      ["deleted", bid(0), 14],
      ["posted", bid(1), 14],
    ]);
    expect([...collected.opens.keys()]).toEqual([word(1)]);
    expect(collected.logs).toBe(4);
  });

  test("behavior: logs returned twice or outside the range are dropped", () => {
    const collected = collectSessionLogs(
      [
        raw(9, 0, "opened", 1),
        raw(10, 0, "opened", 2),
        raw(10, 0, "opened", 2),
        raw(20, 3, "closed", 2),
        raw(20, 3, "closed", 2),
        raw(21, 0, "closed", 1),
      ],
      range,
    );
    expect(collected.logs).toBe(2);
    expect([...collected.opens.keys()]).toEqual([word(2)]);
    expect([...collected.closes.keys()]).toEqual([word(2)]);
    expect(collected.anomalies).toEqual([]);
  });

  test("behavior: logs of another contract or event, or removed, count as foreign only inside the range", () => {
    const other = "0x00000000000000000000000000000000000000c1";
    const collected = collectSessionLogs(
      [
        raw(10, 1, "opened", 1, { address: other }),
        raw(21, 1, "opened", 1, { address: other }),
        raw(9, 2, "opened", 1, { topics: [word(0x1234), word(1), word(2), word(3)] }),
        raw(20, 2, "opened", 1, { topics: [word(0x1234), word(1), word(2), word(3)] }),
        raw(15, 5, "closed", 3, { removed: true }),
        raw(16, 0, "opened", 4, { address: contract.toUpperCase().replace("0X", "0x") }),
      ],
      range,
    );
    expect(collected.anomalies).toEqual([
      { kind: "foreign-log", key: `${hashOf(10)}:1`, blockNumber: 10, detail: "log of another contract" },
      { kind: "foreign-log", key: `${hashOf(20)}:2`, blockNumber: 20, detail: "not a session event" },
      { kind: "foreign-log", key: `${hashOf(15)}:5`, blockNumber: 15, detail: "removed log" },
    ]);
    // The contract's address in capitals is still the contract.
    expect([...collected.opens.keys()]).toEqual([word(4)]);
    expect(collected.logs).toBe(1);
  });

  test("error: a log whose block hash is not the range's: the chain reorganised while it was read", () => {
    const hashes = new Map([
      [12, hashOf(12)],
      [20, hashOf(20)],
    ]);
    expect(
      collectSessionLogs([raw(12, 0, "opened", 1), raw(13, 0, "opened", 2)], { ...range, hashes }).logs,
    ).toBe(2);
    const moved = raw(12, 0, "opened", 1, { blockHash: hashOf(99) });
    expect(() => collectSessionLogs([moved], { ...range, hashes })).toThrow(TransientError);
    expect(() => collectSessionLogs([moved], { ...range, hashes })).toThrow(
      "The chain reorganised during the sync (block 12 changed)",
    );
  });
});
