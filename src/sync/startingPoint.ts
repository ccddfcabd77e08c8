import type { ChainView } from "../chain/ChainView.js";
import type { Logger } from "../log/createLogger.js";
import type { FollowTarget } from "./FollowTarget.js";
import type { ChainIdentity } from "./SyncStore.js";

/**
 * Where a chain's first run starts: --from-block when given; else the contract's creation block,
 * found by a sixteen-way search of eth_getCode (findCreationBlock); else (an endpoint without historical state) the fallback.
 */
export async function startingPoint(
  chain: ChainView,
  target: FollowTarget,
  head: number,
  logger: Logger,
): Promise<ChainIdentity> {
  const identity = { chainId: target.chainId, contract: target.contract };
  if (target.fromBlock !== undefined)
    return { ...identity, fromBlock: target.fromBlock, creationBlock: null };
  const creationBlock = await chain.findCreationBlock(head);
  if (creationBlock !== undefined) {
    logger.info("starting at the contract's creation block", { chain: target.chainId, block: creationBlock });
    return { ...identity, fromBlock: creationBlock, creationBlock };
  }
  logger.warn(
    "cannot find the contract's creation block (the endpoint serves no historical state): starting at the preset's start block",
    {
      chain: target.chainId,
      block: target.fallbackFromBlock,
    },
  );
  return { ...identity, fromBlock: target.fallbackFromBlock, creationBlock: null };
}
