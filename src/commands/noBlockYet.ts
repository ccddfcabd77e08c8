import type { ChainSyncSummary } from "../sync/syncChain.js";
import { integer } from "./formatInteger.js";

/**
 * Why a chain holds no synced block after a sync, in words, or undefined when it holds one: its
 * head is not yet as many blocks past the start as the confirmation depth (`deep`: a later run,
 * once the chain has grown, syncs), or the block asked for (--to-block) is before the start.
 */
export function noBlockYet(
  chain: Pick<ChainSyncSummary, "fromBlock" | "toBlock" | "head" | "confirmations">,
): { text: string; deep: boolean } | undefined {
  if (chain.toBlock >= chain.fromBlock) return undefined;
  const start = integer.format(chain.fromBlock);
  if (chain.head - chain.confirmations < chain.fromBlock) {
    return {
      text: `the head, block ${integer.format(chain.head)}, is not yet ${integer.format(chain.confirmations)} confirmations past block ${start}, where indexing starts; a run syncs once the head reaches block ${integer.format(chain.fromBlock + chain.confirmations)}`,
      deep: true,
    };
  }
  return {
    text: `the block asked for (--to-block) is before block ${start}, where indexing starts`,
    deep: false,
  };
}
