import type { RpcClient } from "./rpc/createRpcClient.js";
import { RpcResponseError } from "./rpc/RpcResponseError.js";

/**
 * The block the contract was created in: the first block at which eth_getCode returns code,
 * found by a search over [0, head] that asks `fanout` blocks at a time, in one JSON-RPC batch
 * (a sixteen-way search: 7 requests on Base, 8 on Arbitrum One, where a bisection takes 26 and
 * 29). Undefined when the endpoint does not serve the state of old blocks (it answers with an
 * error, as pruned nodes do) or shows no code at the head: the caller then starts from its preset.
 * An endpoint that fails after its retries throws (a TransientError: exit 75, nothing written).
 */
export async function findCreationBlock(
  client: RpcClient,
  contract: string,
  head: number,
  fanout = 15,
): Promise<number | undefined> {
  const hasCodeAt = async (block: number): Promise<boolean | undefined> => {
    try {
      const code = await client.request<string>("eth_getCode", [contract, `0x${block.toString(16)}`], {
        retryMissingState: false,
      });
      return typeof code === "string" && code.length > 2;
    } catch (error) {
      // "missing trie node", "state not available", "header not found", ...: no history here
      // (at once: the client retries passing faults, not such an answer, for this call). An
      // endpoint that stays down after its retries (a TransientError) is thrown: a later run
      // retries the search, rather than start millions of blocks early.
      if (error instanceof RpcResponseError) return undefined;
      throw error;
    }
  };
  // The first round asks the oldest block (an endpoint without history fails there at once) and
  // the head along with the others: all of a round's calls travel in one request.
  let absent = -1;
  let present = head;
  for (let first = true; present - absent > 1; first = false) {
    const probes = probesBetween(absent, present, fanout, first);
    const answers = await Promise.all(probes.map(hasCodeAt));
    if (answers.includes(undefined)) return undefined;
    if (first && answers[answers.length - 1] !== true) return undefined;
    // Code stays once it is there: the last block without code is below the first block with it.
    const firstWith = answers.indexOf(true);
    if (firstWith < 0) {
      absent = probes[probes.length - 1] as number;
      continue;
    }
    present = probes[firstWith] as number;
    if (firstWith > 0) absent = probes[firstWith - 1] as number;
  }
  return present;
}

/**
 * Up to `fanout` blocks evenly spaced strictly between `absent` and `present`, ascending; the
 * first round also asks block 0 and `present` (the head) itself.
 */
export function probesBetween(absent: number, present: number, fanout: number, first: boolean): number[] {
  const low = first ? 0 : absent + 1;
  const high = first ? present : present - 1;
  const probes = new Set<number>();
  const count = Math.min(fanout, high - low + 1);
  for (let k = 0; k < count; k++) {
    probes.add(count === 1 ? low : low + Math.round(((high - low) * k) / (count - 1)));
  }
  return [...probes].sort((a, b) => a - b);
}
