import { getBlockHeader, getHeadNumber } from "../chain/getBlockHeader.js";
import type { RpcClient } from "../chain/rpc/createRpcClient.js";

export type ToBlock = number | "latest" | "safe" | "finalized";

/**
 * The last block this run may index: the requested one, but never closer to the head than the
 * confirmation depth.
 */
export async function resolveTarget(
  client: RpcClient,
  toBlock: ToBlock,
  confirmations: number,
): Promise<{ head: number; target: number }> {
  const head = await getHeadNumber(client);
  const deepest = head - confirmations;
  let requested = deepest;
  if (typeof toBlock === "number") requested = toBlock;
  else if (toBlock !== "latest") requested = (await getBlockHeader(client, toBlock)).number;
  return { head, target: Math.min(requested, deepest) };
}
