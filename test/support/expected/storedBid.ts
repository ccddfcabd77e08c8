import { getAddress } from "viem";
import type { History } from "../../../src/devchain/history.js";

/** A bid as the contract stores it, and whether getBid returns it. */
export type StoredBid = {
  /** Lowercase 0x-prefixed 64-hex. */
  modelId: string;
  /** EIP-55 checksummed. */
  provider: string;
  pricePerSecond: bigint;
  /** false when getBid reverts (the contract still holds the bid and uses it). */
  readable: boolean;
};

const zeroHash = `0x${"0".repeat(64)}`;
const zeroAddress = `0x${"0".repeat(40)}`;

/**
 * The bid `bidId` of `history`. A bid that was never set reads as the zero struct (model 0x00…00,
 * the zero-address provider, price 0), and the contract emits the zero address as topic3. A bid
 * without `pricePerSecond` is stored with price 0 (as writeHistory does).
 */
export function storedBid(history: History, bidId: string): StoredBid {
  const bid = history.bids.find((b) => b.bidId.toLowerCase() === bidId.toLowerCase());
  if (!bid) return { modelId: zeroHash, provider: zeroAddress, pricePerSecond: 0n, readable: true };
  return {
    modelId: bid.modelId.toLowerCase(),
    provider: getAddress(bid.provider),
    pricePerSecond: bid.pricePerSecond ?? 0n,
    readable: !bid.reverts,
  };
}
