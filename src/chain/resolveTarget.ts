import { getBlockHeader, getHeadNumber } from "./getBlockHeader.js";
import type { RpcClient } from "./rpc/createRpcClient.js";

export type ToBlock = number | "latest" | "safe" | "finalized";

/**
 * The last block this run may index: the requested one, but never closer to the head than the
 * confirmation depth. The head is the highest of five eth_blockNumber answers, asked one after
 * the other: behind a load balancer, one backend may lag behind the others (if half the answers
 * lag, all five do once in 32 runs, and that run only publishes a few blocks older).
 */
export async function resolveTarget(
  client: RpcClient,
  toBlock: ToBlock,
  confirmations: number,
): Promise<{ head: number; target: number }> {
  let head = -1;
  for (let sample = 0; sample < 5; sample++) head = Math.max(head, await getHeadNumber(client));
  const deepest = head - confirmations;
  let requested = deepest;
  if (typeof toBlock === "number") requested = toBlock;
  else if (toBlock !== "latest") requested = (await getBlockHeader(client, toBlock)).number;
  return { head, target: Math.min(requested, deepest) };
}
