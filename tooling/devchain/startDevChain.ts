import type { Address } from "viem";
import { deployMarketplace } from "../../src/devchain/deployMarketplace.js";
import { earliestEvent } from "../../src/devchain/earliestEvent.js";
import type { History } from "../../src/devchain/history.js";
import { type AnvilNode, startAnvil } from "../../src/devchain/startAnvil.js";
import {
  type WriteHistoryOptions,
  type WriteHistoryResult,
  writeHistory,
} from "../../src/devchain/writeHistory.js";

export type DevChain = {
  node: AnvilNode;
  rpcUrl: string;
  contract: Address;
  lastBlock: number;
  /** What writeHistory reported: the blocks of every session's logs. */
  written: WriteHistoryResult;
  stop(): Promise<void>;
};

/** Its own anvil on a free port, the marketplace deployed, and the history written. */
export async function startDevChain(
  history: History,
  options: {
    multicall?: boolean;
    /** The first block's timestamp. Default: a day before the history's earliest event. */
    genesis?: number;
    /** No past state, for runs that read at the head only (see startAnvil). */
    pruneHistory?: boolean;
    /** The chain id the node reports (default 31337). */
    chainId?: number;
    /** Where the marketplace lives (default: where it is deployed). */
    at?: Address;
    write?: WriteHistoryOptions;
  } = {},
): Promise<DevChain> {
  const earliest = earliestEvent(history);
  const node = await startAnvil({
    timestamp: options.genesis ?? earliest - 86_400,
    pruneHistory: options.pruneHistory ?? false,
    ...(options.chainId !== undefined ? { chainId: options.chainId } : {}),
  });
  try {
    const { contract } = await deployMarketplace(node.rpcUrl, {
      multicall: options.multicall ?? true,
      ...(options.at ? { at: options.at } : {}),
    });
    const written = await writeHistory(node.rpcUrl, contract, history, options.write);
    return {
      node,
      rpcUrl: node.rpcUrl,
      contract,
      lastBlock: written.lastBlock,
      written,
      stop: () => node.stop(),
    };
  } catch (error) {
    await node.stop();
    throw error;
  }
}
