import type { Hex } from "viem";
import type { HistorySession } from "../../src/devchain/history.js";
import { nodeCall } from "../../tooling/devchain/nodeCall.js";
import { signedClose } from "../../tooling/devchain/signedClose.js";
import { startDevChain } from "../../tooling/devchain/startDevChain.js";
import { devChainId, endTime } from "./benchContext.js";
import type { Catalog } from "./synth/catalog.js";
import type { SynthChain } from "./synth/writeSynthDb.js";

/**
 * The chain the synthetic databases belong to: the marketplace with the synthetic catalogue's
 * models and bids, its last block at the synthetic history's as-of time. A database whose
 * checkpoint is that block is, for the indexer, a database synced to it.
 */
export async function catalogueChain(catalog: Catalog) {
  const chain = await startDevChain(
    { models: catalog.models, bids: catalog.bids, sessions: [], endTime },
    { genesis: endTime - 2 * 86_400, pruneHistory: true },
  );
  try {
    const block = await nodeCall<{ hash: string; timestamp: string }>(chain.rpcUrl, "eth_getBlockByNumber", [
      `0x${chain.lastBlock.toString(16)}`,
      false,
    ]);
    const synth: SynthChain = {
      chainId: devChainId,
      contract: chain.contract.toLowerCase(),
      block: {
        number: chain.lastBlock,
        hash: block.hash.toLowerCase(),
        timestamp: Number(BigInt(block.timestamp)),
      },
    };
    return { node: chain.node, contract: chain.contract, synth };
  } catch (error) {
    await chain.stop();
    throw error;
  }
}

/** `sessions` new sessions opened and closed in the hour after the synthetic history, on its bids. */
export function newSessions(catalog: Catalog, sessions: number): HistorySession[] {
  const list: HistorySession[] = [];
  for (let k = 0; k < sessions; k++) {
    const sessionId = `0x${(0xbe9c0000 + k).toString(16).padStart(8, "0")}${"7".repeat(56)}` as Hex;
    const bid = catalog.bids[(k * 7) % catalog.bids.length] as Catalog["bids"][number];
    const openedAt = endTime + 1 + Math.floor((k * 1800) / sessions);
    const closedAt = openedAt + 600 + (k % 1000);
    list.push({
      sessionId,
      user: "0x00000000000000000000000000000000000be9c0",
      bidId: bid.bidId,
      stake: 10n ** 18n,
      openedAt,
      endsAt: openedAt + 7200,
      close: signedClose(sessionId, closedAt, 200 + (k % 3000), [1000 + k, 500 + (k % 700)]),
    });
  }
  return list;
}
