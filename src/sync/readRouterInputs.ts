import type { ChainView } from "../chain/ChainView.js";
import type { Pair } from "../chain/readPairStats.js";
import { type ModelBooksRead, pairKey } from "../chain/readRouterViews.js";
import { RpcResponseError } from "../chain/rpc/RpcResponseError.js";
import { causeChain } from "../errors/causeChain.js";
import type { Logger } from "../log/createLogger.js";
import type { RouterModelRead, RouterRead, RouterStore } from "./RouterStore.js";

type RouterChain = Pick<ChainView, "readModelBooks" | "readRouterDetails" | "readBids">;

/** The router's first read asked early, at the sync's target (along with its first ranges). */
export type EarlyRouterRead = { block: number; models: string[]; read: Promise<ModelBooksRead> };

/**
 * Asks for every model's active bids and stats, and the minimum stake, at `block` now: the sync's
 * target, so that a run that reaches it needs one request of its own only, for the bids' details.
 */
export function startRouterRead(
  store: RouterStore,
  chain: Pick<ChainView, "readModelBooks">,
  block: number,
): EarlyRouterRead | undefined {
  const models = store.models();
  if (models.length === 0) return undefined;
  const read = chain.readModelBooks(models, block);
  read.catch(() => {}); // awaited by readRouterInputs, or abandoned with a failed run
  return { block, models, read };
}

/**
 * Reads what the router scores a chain's bids by (SPEC.md 1.3, router) at its last synced block:
 * each model's active bids in the contract's order and its stats, the minimum stake (one read,
 * taken from an early read at that block), then each active bid's pair stats and its provider's
 * stake (one more read; a bid the index does not know is read first for its provider and price).
 * A node that kept no state at that block is asked at the latest one (said in the read, and in
 * docs/market.md). Kept until the last synced block moves; a view that reverts: not available.
 */
export async function readRouterInputs(
  store: RouterStore,
  chain: RouterChain,
  checkpoint: number | undefined,
  logger: Logger,
  early?: EarlyRouterRead,
): Promise<"read" | "unavailable" | "nothing to read" | "unchanged"> {
  if (checkpoint === undefined) return "nothing to read";
  if (store.block() === checkpoint) return "unchanged";
  const models = store.models();
  const reusable = early?.block === checkpoint && sameList(early.models, models) ? early : undefined;
  let atLatest = false;
  const atBlock = async <T>(
    read: (block: number | undefined) => Promise<T>,
    first?: Promise<T>,
  ): Promise<T> => {
    try {
      return await (first ?? read(atLatest ? undefined : checkpoint));
    } catch (error) {
      if (atLatest || !missingState(error)) throw error;
      logger.warn(
        "the node keeps no state at the last synced block: the router's inputs are read at the latest",
        {
          block: checkpoint,
        },
      );
      atLatest = true;
      return read(undefined);
    }
  };
  const books = await atBlock((block) => chain.readModelBooks(models, block), reusable?.read);
  const unavailable = (reason: string) => {
    logger.info("the contract has no router views: no router order for this chain", { reason });
    store.save({ blockNumber: checkpoint, atLatest, available: false });
    return "unavailable" as const;
  };
  if (!books.available) return unavailable(books.reason);
  const active = [...books.books].filter(([, book]) => book.bidIds.length > 0);
  const bidIds = active.flatMap(([, book]) => book.bidIds);
  // Each active bid's provider and price, asked of the store once; those it lacks, of the chain.
  const bids = new Map(bidIds.map((id) => [id, store.knownBid(id)]));
  const unknown = bidIds.filter((id) => bids.get(id) === undefined);
  if (unknown.length > 0)
    for (const [id, fresh] of await chain.readBids(unknown))
      if (fresh.ok)
        bids.set(id, { provider: fresh.state.provider, pricePerSecond: fresh.state.pricePerSecond });
  const bidOf = (bidId: string) => bids.get(bidId);
  const missing = bidIds.find((id) => bidOf(id) === undefined);
  if (missing !== undefined) return unavailable(`getBid of the active bid ${missing} failed`);
  const pairs = new Map<string, Pair>();
  for (const [modelId, book] of active)
    for (const bidId of book.bidIds) {
      const pair = { modelId, provider: bidOf(bidId)?.provider as string };
      pairs.set(pairKey(pair), pair);
    }
  const providers = [...new Set([...pairs.values()].map((pair) => pair.provider))];
  const details = await atBlock((block) =>
    chain.readRouterDetails({ pairs: [...pairs.values()], providers }, block),
  );
  if (!details.available) return unavailable(details.reason);
  const routerModels: RouterModelRead[] = active.map(([modelId, book]) => ({
    modelId,
    stats: book.stats,
    bids: book.bidIds.map((bidId) => {
      const { provider, pricePerSecond } = bidOf(bidId) as { provider: string; pricePerSecond: bigint };
      return {
        bidId,
        provider,
        pricePerSecond,
        stats: details.pairs.get(pairKey({ modelId, provider })) as RouterModelRead["bids"][number]["stats"],
        stake: details.stakes.get(provider.toLowerCase()) as bigint,
      };
    }),
  }));
  const result: RouterRead = {
    blockNumber: checkpoint,
    atLatest,
    available: true,
    minimumStake: books.minimumStake,
    models: routerModels,
  };
  store.save(result);
  return "read";
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/** A node's answer that it has no state at the block asked (a pruned node). */
function missingState(error: unknown): boolean {
  for (const cause of causeChain(error))
    if (cause instanceof RpcResponseError && cause.kind === "missing-state") return true;
  return false;
}
