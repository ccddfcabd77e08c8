import { getAddress } from "viem";
import { sessionClosedTopic, sessionOpenedTopic } from "./abi.js";
import type { RawLog } from "./createLogFetcher.js";

export type SessionLog = {
  event: "opened" | "closed";
  sessionId: string;
  /**
   * The provider named by topic3 (EIP-55), undefined when the word is not an address. The bid
   * names the same provider; this one serves when the bid cannot be read.
   */
  provider: string | undefined;
  blockNumber: number;
  blockHash: string;
  logIndex: number;
};

export type ParsedLog =
  | { kind: "session"; log: SessionLog }
  /** A log the endpoint should not have returned: another contract, another event, a removed log. */
  | { kind: "foreign"; key: string; blockNumber: number; reason: string };

/**
 * Reads the session id and the provider out of a SessionOpened / SessionClosed log. The user
 * (topic1) is never read.
 */
export function parseSessionLog(raw: RawLog, contract: string): ParsedLog {
  const blockNumber = Number(BigInt(raw.blockNumber));
  const logIndex = Number(BigInt(raw.logIndex));
  const key = `${raw.blockHash}:${logIndex}`.toLowerCase();
  if (raw.address.toLowerCase() !== contract.toLowerCase()) {
    return { kind: "foreign", key, blockNumber, reason: "log of another contract" };
  }
  const topic0 = raw.topics[0]?.toLowerCase();
  const event =
    topic0 === sessionOpenedTopic ? "opened" : topic0 === sessionClosedTopic ? "closed" : undefined;
  const sessionId = raw.topics[2]?.toLowerCase();
  if (!event || raw.topics.length !== 4 || !sessionId || !/^0x[0-9a-f]{64}$/.test(sessionId)) {
    return { kind: "foreign", key, blockNumber, reason: "not a session event" };
  }
  if (raw.removed) return { kind: "foreign", key, blockNumber, reason: "removed log" };
  const topic3 = raw.topics[3]?.toLowerCase() ?? "";
  const provider = /^0x0{24}[0-9a-f]{40}$/.test(topic3) ? getAddress(`0x${topic3.slice(26)}`) : undefined;
  return {
    kind: "session",
    log: { event, sessionId, provider, blockNumber, blockHash: raw.blockHash.toLowerCase(), logIndex },
  };
}
