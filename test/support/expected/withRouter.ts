import { type Address, createPublicClient, type Hex, http } from "viem";
import { type RouterEntry, routerOrder } from "./routerOrder.js";

/** A chain of a publication as the router is read on it: its endpoint, contract and last synced block. */
export type RouterChain = { rpcUrl: string; contract: Address; block: number };

type Market = {
  models: Array<{ modelId: string; providers: Array<{ offers: Array<{ chainId: number }> }> }>;
};

/**
 * The expected files with each market.json model's `router` (SPEC.md 1.3): the router's order on
 * every chain, read from the chain itself at its last synced block (routerOrder: viem's reads and
 * the scorer worked out apart from src/), for the models of the expected market.json. Entries of
 * a model by chainId.
 */
export async function withRouter(
  expected: Record<string, unknown>,
  chains: readonly RouterChain[],
): Promise<Record<string, unknown>> {
  const market = expected["market.json"] as Market;
  const byModel = new Map<string, RouterEntry[]>();
  for (const chain of chains) {
    const client = createPublicClient({ transport: http(chain.rpcUrl) });
    const chainId = await client.getChainId();
    const offered = market.models
      .filter((m) => m.providers.some((p) => p.offers.some((o) => o.chainId === chainId)))
      .map((m) => m.modelId as Hex);
    const order = await routerOrder({
      client,
      contract: chain.contract,
      blockNumber: BigInt(chain.block),
      modelIds: market.models.map((m) => m.modelId as Hex),
      offered,
    });
    for (const [modelId, entries] of Object.entries(order))
      byModel.set(modelId, [...(byModel.get(modelId) ?? []), ...entries]);
  }
  const models = market.models.map((model) => ({
    ...model,
    router: (byModel.get(model.modelId) ?? []).sort((a, b) => a.chainId - b.chainId),
  }));
  return { ...expected, "market.json": { ...market, models } };
}
