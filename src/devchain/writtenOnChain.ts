import type { Address, Client, Hex, PublicClient } from "viem";
import { zeroAddress } from "viem";
import { marketplaceAbi, sessionClosedTopic, sessionOpenedTopic } from "../chain/abi.js";
import { BaseError } from "../errors/BaseError.js";
import type { History } from "./history.js";
import { nodeRequest } from "./nodeRequest.js";
import type { Event } from "./planHistoryBlocks.js";

/**
 * What of `history` a dev chain holds already (only events not newer than the head can be): the
 * sessions whose SessionOpened and SessionClosed logs exist, the models not set yet (getModel
 * shows no createdAt), each bid as getBid shows it, and the bids without a log not written yet.
 */
export async function readWritten(
  client: PublicClient,
  contract: Address,
  history: History,
  headTime: number,
) {
  const candidates = history.sessions
    .filter((s) => s.openedAt <= headTime || (s.close !== undefined && s.close.closedAt <= headTime))
    .map((s) => s.sessionId);
  const { opened, closed } = await existingLogs(client, contract, candidates);
  const newModels = await filterAsync(history.models, async (m) => {
    const model = await client
      .readContract({ address: contract, abi: marketplaceAbi, functionName: "getModel", args: [m.modelId] })
      .catch(() => undefined);
    return model !== undefined && model.createdAt === 0n;
  });
  const onChain = new Map(
    await Promise.all(
      history.bids.map(
        async (b) =>
          [
            b,
            await client
              .readContract({
                address: contract,
                abi: marketplaceAbi,
                functionName: "getBid",
                args: [b.bidId],
              })
              .catch(() => undefined),
          ] as const,
      ),
    ),
  );
  const newBids = history.bids.filter((b) => {
    const bid = onChain.get(b);
    return b.postedAt === undefined && bid !== undefined && bid.provider === zeroAddress;
  });

  return { opened, closed, newModels, onChain, newBids };
}

async function existingLogs(
  client: Client,
  contract: Address,
  sessionIds: Hex[],
): Promise<{ opened: Set<Hex>; closed: Set<Hex> }> {
  const opened = new Set<Hex>();
  const closed = new Set<Hex>();
  for (let k = 0; k < sessionIds.length; k += 500) {
    const logs = await nodeRequest<Array<{ topics: Hex[] }>>(client, "eth_getLogs", [
      {
        address: contract,
        fromBlock: "0x0",
        toBlock: "latest",
        topics: [[sessionOpenedTopic, sessionClosedTopic], null, sessionIds.slice(k, k + 500)],
      },
    ]);
    for (const log of logs) {
      const id = log.topics[2]?.toLowerCase() as Hex | undefined;
      if (!id) continue;
      if (log.topics[0] === sessionOpenedTopic) opened.add(id);
      else closed.add(id);
    }
  }
  return { opened, closed };
}

/** Every transaction sent for the block is in it and succeeded. (Per transaction: a whole block's receipts can exceed viem's response size limit.) */
export async function checkMined(client: Client, blockNumber: number, hashes: Hex[]): Promise<void> {
  const receipts = await Promise.all(
    hashes.map((hash) =>
      nodeRequest<{ blockNumber: Hex; status: Hex } | null>(client, "eth_getTransactionReceipt", [hash]),
    ),
  );
  receipts.forEach((receipt, k) => {
    if (receipt?.status !== "0x1" || Number(receipt.blockNumber) !== blockNumber) {
      const what = !receipt
        ? "was not mined"
        : receipt.status !== "0x1"
          ? "reverted"
          : "was mined into another block";
      throw new BaseError(`writeHistory: transaction ${hashes[k]} ${what}.`, {
        details: `expected in block ${blockNumber}`,
      });
    }
  });
}

/** Each bid posted or deleted shows the time the history gives it (a wrong bidId shows none). */
export async function checkBids(
  events: Event[],
  readBid: (bidId: Hex) => Promise<{ createdAt: bigint; deletedAt: bigint }>,
): Promise<void> {
  for (const event of events) {
    if (event.kind !== 3 && event.kind !== 4) continue;
    const { bidId, provider, modelId } = event.bid;
    const bid = await readBid(bidId);
    const shown = event.kind === 3 ? bid.createdAt : bid.deletedAt;
    if (shown !== BigInt(event.time)) {
      throw new BaseError(
        `writeHistory: bid ${bidId} was ${event.kind === 3 ? "posted" : "deleted"} at ${event.time}, but getBid shows ${shown}.`,
        {
          details: `A posted bid's id is postedBidId(${provider}, ${modelId}, nonce), nonce the number of bids of the pair posted before it.`,
        },
      );
    }
  }
}

async function filterAsync<T>(items: T[], keep: (item: T) => Promise<boolean>): Promise<T[]> {
  const flags = await Promise.all(items.map(keep));
  return items.filter((_, k) => flags[k]);
}
