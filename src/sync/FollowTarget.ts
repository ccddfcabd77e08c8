import type { ChainSettings } from "../chain/connectChain.js";

/**
 * Which chain and contract to follow, and from where: the chain's settings (chain/connectChain.ts)
 * without its name, the chain id its endpoints serve, and the blocks of contract upgrades whose
 * different reads the operator accepted (--accept-upgrade).
 */
export type FollowTarget = Omit<ChainSettings, "name"> & {
  chainId: number;
  acceptUpgrades?: readonly number[];
};
