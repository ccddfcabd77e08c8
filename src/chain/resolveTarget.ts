import { createHeadSampler, type HeadSampler } from "./createHeadSampler.js";
import { getBlockHeader } from "./getBlockHeader.js";
import type { RpcClient } from "./rpc/createRpcClient.js";

export type ToBlock = number | "latest" | "safe" | "finalized";

/**
 * The last block this run may index: the requested one, but never closer to the head than the
 * confirmation depth. The head is the highest of three eth_blockNumber answers, each from a
 * request of its own (most ride along with the run's first requests: createHeadSampler): behind a
 * load balancer, one backend may lag behind the others (if half the answers lag, all three do once
 * in 8 runs, and that run only publishes a few blocks older).
 */
export async function resolveTarget(
  client: RpcClient,
  toBlock: ToBlock,
  confirmations: number,
  heads: HeadSampler = createHeadSampler(client),
): Promise<{ head: number; target: number }> {
  const head = await heads.head(3);
  const deepest = head - confirmations;
  let requested = deepest;
  if (typeof toBlock === "number") requested = toBlock;
  else if (toBlock !== "latest") requested = (await getBlockHeader(client, toBlock)).number;
  return { head, target: Math.min(requested, deepest) };
}
