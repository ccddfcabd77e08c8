import { askUntilKnown } from "../chain/askUntilKnown.js";
import type { ChainView } from "../chain/ChainView.js";
import type { BlockHeader } from "../chain/getBlockHeader.js";
import { retryPolicies } from "../chain/retryPolicies.js";
import { ReorgTooDeepError } from "./ReorgTooDeepError.js";

export type ReorgCheck =
  /** behind: the endpoint does not return the synced block at all, so it cannot tell (yet). */
  | { reorg: false; behind?: true }
  /** ancestor undefined: nothing synced is canonical any more (a full re-index). */
  | { reorg: true; ancestor: BlockHeader | undefined; depth: number };

/**
 * Compares the synced head with the chain. When its hash is no longer canonical, walks back
 * through the stored block hashes to the newest one that still is: the common ancestor.
 * Anvil (and most endpoints) never send `removed: true` logs, so hashes are the only signal.
 */
export async function findCommonAncestor(
  chain: Pick<ChainView, "blockHeaderOrNull">,
  synced: BlockHeader,
  stored: readonly BlockHeader[],
  fromBlock: number,
): Promise<ReorgCheck> {
  const onChain = await isCanonical(chain, synced);
  if (onChain) return { reorg: false };
  const canonical = await Promise.all(stored.map((block) => chain.blockHeaderOrNull(block.number)));
  if (onChain === undefined) {
    // The endpoint does not return the synced block. If the newest stored block it does return
    // still has our hash, it agrees with everything it has: it lags (or the chain was only cut
    // short, which looks the same until it grows again). Otherwise blocks were replaced.
    const newestKnown = stored.findIndex((_, i) => canonical[i] !== null);
    if (newestKnown < 0 || canonical[newestKnown]?.hash === stored[newestKnown]?.hash) {
      return { reorg: false, behind: true };
    }
  }
  const index = stored.findIndex((block, i) => canonical[i]?.hash === block.hash);
  if (index >= 0) {
    const ancestor = stored[index] as BlockHeader;
    return { reorg: true, ancestor, depth: synced.number - ancestor.number };
  }
  const oldest = stored[stored.length - 1];
  if (oldest && oldest.number <= fromBlock) {
    return { reorg: true, ancestor: undefined, depth: synced.number - fromBlock + 1 };
  }
  throw new ReorgTooDeepError(
    `The chain reorganised deeper than the block hashes kept: block ${synced.number} is no longer canonical`,
    {
      details:
        `None of the ${stored.length} stored block hashes (down to block ${oldest?.number ?? synced.number}) is on the chain now. ` +
        "Nothing was changed. Re-index into a new database (--db), or check that --rpc-url serves the same chain.",
    },
  );
}

/**
 * Whether the block is on the endpoint's chain; undefined when the endpoint does not return the
 * block at all. That is no evidence of a reorg: a backend behind a load balancer may simply lag
 * behind the database. It is asked again a few times first.
 */
async function isCanonical(
  chain: Pick<ChainView, "blockHeaderOrNull">,
  block: BlockHeader,
): Promise<boolean | undefined> {
  const header = await askUntilKnown(() => chain.blockHeaderOrNull(block.number), retryPolicies.syncedBlock);
  return header ? header.hash === block.hash : undefined;
}
