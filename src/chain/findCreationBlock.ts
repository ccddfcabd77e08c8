import { TransientError } from "../errors/BaseError.js";
import type { RpcClient } from "./rpc/createRpcClient.js";
import { RpcResponseError } from "./rpc/RpcError.js";

/**
 * The block the contract was created in: the first block at which eth_getCode returns code,
 * found by bisection over [0, head] (about log2(head) calls: 25 on Base, 29 on Arbitrum One).
 * Undefined when the endpoint does not serve the state of old blocks (it answers with an error,
 * as pruned nodes do) or shows no code at the head: the caller then starts from its preset.
 */
export async function findCreationBlock(
  client: RpcClient,
  contract: string,
  head: number,
): Promise<number | undefined> {
  const hasCodeAt = async (block: number): Promise<boolean | undefined> => {
    try {
      const code = await client.request<string>("eth_getCode", [contract, `0x${block.toString(16)}`], {
        retryMissingState: false,
      });
      return typeof code === "string" && code.length > 2;
    } catch (error) {
      // "missing trie node", "state not available", "header not found", ...: no history here
      // (at once: the client retries passing faults, not such an answer, for this call).
      if (error instanceof RpcResponseError || error instanceof TransientError) return undefined;
      throw error;
    }
  };
  // The oldest block first: an endpoint without history fails there at once.
  const atGenesis = await hasCodeAt(0);
  if (atGenesis === undefined) return undefined;
  if (atGenesis) return 0;
  if ((await hasCodeAt(head)) !== true) return undefined;
  let absent = 0;
  let present = head;
  while (present - absent > 1) {
    const middle = absent + Math.floor((present - absent) / 2);
    const has = await hasCodeAt(middle);
    if (has === undefined) return undefined;
    if (has) present = middle;
    else absent = middle;
  }
  return present;
}
