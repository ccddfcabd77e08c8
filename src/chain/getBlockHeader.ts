import { TransientError } from "../errors/BaseError.js";
import { withRetry } from "../util/withRetry.js";
import type { RpcClient } from "./rpc/createRpcClient.js";

export type BlockHeader = { number: number; hash: string; timestamp: number };
export type BlockTag = "latest" | "safe" | "finalized";

export type RawBlock = { number: string; hash: string; timestamp: string } | null;

/** A block's number, hash and time; null when the endpoint does not know the block (yet). */
export async function getBlockHeaderOrNull(
  client: RpcClient,
  block: number | BlockTag,
): Promise<BlockHeader | null> {
  const tag = typeof block === "number" ? `0x${block.toString(16)}` : block;
  return parseBlockHeader(await client.request<RawBlock>("eth_getBlockByNumber", [tag, false]));
}

/** An eth_getBlockByNumber answer as a header; null for a block the endpoint does not know. */
export function parseBlockHeader(raw: RawBlock): BlockHeader | null {
  if (!raw) return null;
  return {
    number: Number(BigInt(raw.number)),
    hash: raw.hash.toLowerCase(),
    timestamp: Number(BigInt(raw.timestamp)),
  };
}

/**
 * Like getBlockHeaderOrNull, but a block the endpoint has just announced and cannot serve yet
 * (a lagging backend behind a load balancer) is asked for again a few times before giving up.
 */
export async function getBlockHeader(client: RpcClient, block: number | BlockTag): Promise<BlockHeader> {
  const header = await withRetry(() => getBlockHeaderOrNull(client, block), {
    attempts: 5,
    delay: { baseMs: 250, growth: "linear" },
    retryAnswer: (answer) => answer === null,
  });
  if (header) return header;
  throw new TransientError(`The RPC endpoint ${client.safeUrl} does not return block ${block}`, {
    details: "The endpoint announced a head it cannot serve; retry later or use another endpoint.",
  });
}

export async function getHeadNumber(client: RpcClient): Promise<number> {
  return Number(BigInt(await client.request<string>("eth_blockNumber")));
}
