import { encodePacked, type Hex, keccak256 } from "viem";
import { bidDeletedTopic, bidPostedTopic } from "./abi.js";
import { hexToBuffer, readAddress, readUint } from "./abiReader.js";
import type { RawLog } from "./createLogFetcher.js";

/** A MarketplaceBidPosted or MarketplaceBidDeleted log, with the bid it names. */
export type BidLog = {
  event: "posted" | "deleted";
  /** keccak256(abi.encodePacked(provider, modelId, nonce)), lowercase (CHAIN.md). */
  bidId: string;
  /** EIP-55. */
  provider: string;
  /** Lowercase 0x-prefixed 64-hex. */
  modelId: string;
  blockNumber: number;
  blockHash: string;
  logIndex: number;
};

export type ParsedBidLog =
  | { kind: "bid"; log: BidLog }
  | { kind: "foreign"; key: string; blockNumber: number; reason: string };

/** Whether a log's topic0 is one of the two bid events. */
export function isBidLog(raw: RawLog): boolean {
  const topic0 = raw.topics[0]?.toLowerCase();
  return topic0 === bidPostedTopic || topic0 === bidDeletedTopic;
}

/**
 * Reads a bid event: topic1 the provider, topic2 the modelId, the data its nonce (one word). The
 * bid's id is computed from the three, as the contract does (no call needed). A log of another
 * contract, of another shape, or removed, is foreign.
 */
export function parseBidLog(raw: RawLog, contract: string): ParsedBidLog {
  const blockNumber = Number(BigInt(raw.blockNumber));
  const logIndex = Number(BigInt(raw.logIndex));
  const key = `${raw.blockHash}:${logIndex}`.toLowerCase();
  if (raw.address.toLowerCase() !== contract.toLowerCase())
    return { kind: "foreign", key, blockNumber, reason: "log of another contract" };
  const topic0 = raw.topics[0]?.toLowerCase();
  const event = topic0 === bidPostedTopic ? "posted" : topic0 === bidDeletedTopic ? "deleted" : undefined;
  const modelId = raw.topics[2]?.toLowerCase();
  let provider: string;
  let nonce: bigint;
  try {
    if (!event || raw.topics.length !== 3 || !modelId || !/^0x[0-9a-f]{64}$/.test(modelId))
      throw new Error("not a bid event");
    provider = readAddress(hexToBuffer(raw.topics[1] ?? ""), 0);
    const data = hexToBuffer(raw.data);
    if (data.length !== 32) throw new Error("not a bid event");
    nonce = readUint(data, 0);
  } catch {
    return { kind: "foreign", key, blockNumber, reason: "not a bid event" };
  }
  if (raw.removed) return { kind: "foreign", key, blockNumber, reason: "removed log" };
  return {
    kind: "bid",
    log: {
      event,
      bidId: bidIdOf(provider, modelId, nonce),
      provider,
      modelId,
      blockNumber,
      blockHash: raw.blockHash.toLowerCase(),
      logIndex,
    },
  };
}

/** The contract's bid id: keccak256(abi.encodePacked(provider, modelId, nonce)), lowercase. */
export function bidIdOf(provider: string, modelId: string, nonce: bigint): string {
  return keccak256(
    encodePacked(["address", "bytes32", "uint256"], [provider as Hex, modelId as Hex, nonce]),
  ).toLowerCase();
}
