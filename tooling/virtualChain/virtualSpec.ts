/**
 * What a virtual chain holds: its geometry (block time, head, the contract's creation block) and
 * the shape of its marketplace history. Everything else is derived from it, deterministically.
 */
export type VirtualChainSpec = {
  chainId: number;
  /** The marketplace contract's address. */
  contract: string;
  seed: number;
  /** Seconds per block (0.25 on Arbitrum One, 2 on Base). */
  blockTime: number;
  /** The head block when the chain starts, and its timestamp. */
  head: number;
  headTime: number;
  /** The first block with the contract's code. */
  creationBlock: number;
  /** Sessions are opened from this time on (at the creation block at the earliest)... */
  historyStart: number;
  /** ...and none is opened or closed after this time: blocks after it are quiet. */
  historyEnd: number;
  /** Sessions opened over the history (most of them closed). */
  sessions: number;
  /** Default 24 models and 60 providers (2 to 4 bids each). */
  models?: number;
  providers?: number;
  /**
   * A burst: `share` of all sessions opened (and mostly closed) within `seconds` from `at`: for a
   * chain behind a result cap, a range of blocks holding more logs than the cap.
   */
  spike?: { at: number; seconds: number; share: number };
  /** false: no Multicall3 on this chain (no code at its address; calls to it return nothing). Default true. */
  multicall?: boolean;
};

/** Block numbers and timestamps of a chain with a fixed block time. */
export type ChainClock = {
  /** The timestamp of block n. */
  timestamp(block: number): number;
  /** The first block whose timestamp is at or after `time`. */
  blockAt(time: number): number;
};

export function chainClock(spec: Pick<VirtualChainSpec, "blockTime" | "head" | "headTime">): ChainClock {
  const genesis = spec.headTime - Math.floor(spec.head * spec.blockTime);
  const timestamp = (block: number) => genesis + Math.floor(block * spec.blockTime);
  return {
    timestamp,
    blockAt(time) {
      let block = Math.max(0, Math.ceil((time - genesis) / spec.blockTime));
      while (block > 0 && timestamp(block - 1) >= time) block--;
      while (timestamp(block) < time) block++;
      return block;
    },
  };
}
