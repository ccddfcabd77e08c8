import { hexToBuffer } from "../../../src/chain/abiReader.js";
import { decodeAggregate3 } from "../../../src/chain/decodeAggregate3.js";
import { classifyRpcError } from "../../../src/chain/rpc/classifyRpcError.js";
import type { JsonRpcAnswer } from "./conformanceSides.js";

/** The form of a value: what the indexer can rely on, without the value itself. */
export function typeShape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(typeShape);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, typeShape(field)]));
  if (typeof value === "string" && value.startsWith("0x"))
    return `hex${(value.length - 2) / 2 > 32 ? "+" : (value.length - 2) / 2}`;
  return typeof value;
}

const quantity = (value: unknown) => typeof value === "string" && /^0x(0|[1-9a-f][0-9a-f]*)$/.test(value);
const bytes32 = (value: unknown) => typeof value === "string" && /^0x[0-9a-f]{64}$/.test(value);

/** What the indexer reads of a header (parseBlockHeader, confirm): present, and in its form. */
export function headerShape(header: Record<string, unknown>) {
  return {
    number: quantity(header.number),
    hash: bytes32(header.hash),
    parentHash: bytes32(header.parentHash),
    timestamp: quantity(header.timestamp),
  };
}

/** What the indexer reads of a session log (RawLog, parseSessionLog), in its form. */
export function logShape(log: Record<string, unknown>, contract: string) {
  const topics = log.topics as unknown[];
  return {
    address: log.address === contract.toLowerCase(),
    topics: topics.length,
    topicsForm: topics.every(bytes32),
    data: log.data,
    blockNumber: quantity(log.blockNumber),
    blockHash: bytes32(log.blockHash),
    transactionHash: bytes32(log.transactionHash),
    logIndex: quantity(log.logIndex),
    removed: log.removed,
  };
}

/** Results marker: DeploylessAggregate3's Aggregate3Results() selector. */
const marker = "0xbacf06d8";

/**
 * An aggregate3's answer as the reader takes it: results as data (how many, the decoded size
 * class), results as revert data behind the marker, or a refusal by kind.
 */
export function callOutcome(answer: JsonRpcAnswer): { kind: string; results?: number; bytes?: string } {
  const size = (hex: string) => ((hex.length - 2) / 2 > 24_576 ? "over 24,576" : "within 24,576");
  if (typeof answer.result === "string")
    return {
      kind: "data",
      results: decodeAggregate3(hexToBuffer(answer.result)).length,
      bytes: size(answer.result),
    };
  const error = answer.error ?? { code: 0, message: "no answer" };
  const data = typeof error.data === "string" ? error.data : "";
  if (error.code === 3 && data.startsWith(marker)) {
    const results = `0x${data.slice(marker.length)}`;
    return {
      kind: "revert-results",
      results: decodeAggregate3(hexToBuffer(results)).length,
      bytes: size(results),
    };
  }
  return { kind: classifyRpcError("eth_call", error) };
}

/** A JSON-RPC error's kind, as the indexer classifies it; undefined for an answer. */
export const kindOf = (method: string, answer: JsonRpcAnswer) =>
  answer.error && classifyRpcError(method, answer.error);
