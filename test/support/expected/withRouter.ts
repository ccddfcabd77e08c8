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

/**
 * withRouter, each chain read at the block the publication says it synced to (meta.json's
 * `chains[].toBlock`, by the chain's id): for tests whose chain moves on after the run.
 */
export async function withRouterOf(
  expected: Record<string, unknown>,
  published: Record<string, unknown>,
  chains: ReadonlyArray<Omit<RouterChain, "block">>,
): Promise<Record<string, unknown>> {
  const meta = published["meta.json"] as { chains: Array<{ chainId: number; toBlock: number }> };
  const located = await Promise.all(
    chains.map(async (chain) => {
      const chainId = await createPublicClient({ transport: http(chain.rpcUrl) }).getChainId();
      const synced = meta.chains.find((c) => c.chainId === chainId);
      if (!synced) throw new Error(`withRouterOf: chain ${chainId} is not in meta.json`);
      return { ...chain, block: synced.toBlock };
    }),
  );
  return withRouter(expected, located);
}
