import { getAddress, type Hex } from "viem";
import { bidIdOf } from "../chain/parseBidLog.js";

/** The id postModelBid gives the `nonce`-th bid (from 0) of a (provider, model) pair (CHAIN.md). */
export function postedBidId(provider: string, modelId: Hex, nonce: number): Hex {
  return bidIdOf(getAddress(provider), modelId.toLowerCase(), BigInt(nonce)) as Hex;
}
