import { sessionClosedTopic, sessionOpenedTopic } from "./abi.js";
import { hexToBuffer, readAddress } from "./abiReader.js";
import type { RawLog } from "./createLogFetcher.js";

export type SessionLog = {
  event: "opened" | "closed";
  sessionId: string;
  /**
   * A SessionClosed log's provider, topic3 (EIP-55); undefined when the word is not an address,
   * and for SessionOpened. The bid names the same provider; this one serves when the bid cannot
   * be read.
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
  const provider = event === "closed" ? providerOf(raw.topics[3] ?? "") : undefined;
  return {
    kind: "session",
    log: { event, sessionId, provider, blockNumber, blockHash: raw.blockHash.toLowerCase(), logIndex },
  };
}

/** topic3 as an address; undefined when the word is not one. */
function providerOf(topic: string): string | undefined {
  try {
    return readAddress(hexToBuffer(topic), 0);
  } catch {
    return undefined;
  }
}
