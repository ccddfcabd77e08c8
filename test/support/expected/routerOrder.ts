import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  getAddress,
  type Hex,
  type PublicClient,
  parseAbi,
} from "viem";
import { type RankedInput, type RouterBid, routerRanking } from "./routerRanking.js";
import type { RunningStat } from "./routerScore.js";

/** A model's `router` entry for one chain (SPEC.md 1.3). */
export type RouterEntry = { chainId: number; available: boolean; bids: RouterBid[] };

/** The router's views as CHAIN.md states them, written here so that nothing comes from src/. */
const routerAbi = parseAbi([
  "struct SD { int64 mean; int64 sqSum; }",
  "struct Bid { address provider; bytes32 modelId; uint256 pricePerSecond; uint256 nonce; uint128 createdAt; uint128 deletedAt; }",
  "struct ProviderModelStats { SD tpsScaled1000; SD ttftMs; uint32 totalDuration; uint32 successCount; uint32 totalCount; }",
  "struct ModelStats { SD tpsScaled1000; SD ttftMs; SD totalDuration; uint32 count; }",
  "struct Provider { string endpoint; uint256 stake; uint128 createdAt; uint128 limitPeriodEnd; uint256 limitPeriodEarned; bool isDeleted; }",
  "function getBid(bytes32 bidId) view returns (Bid)",
  "function getProviderModelStats(bytes32 modelId, address provider) view returns (ProviderModelStats)",
  "function getModelStats(bytes32 modelId) view returns (ModelStats)",
  "function getProvider(address provider) view returns (Provider)",
  "function getProviderMinimumStake() view returns (uint256)",
  "function getModelActiveBids(bytes32 modelId, uint256 offset, uint256 limit) view returns (bytes32[] ids, uint256 total)",
]);

type PairStats = {
  tpsScaled1000: RunningStat;
  ttftMs: RunningStat;
  totalDuration: number;
  successCount: number;
  totalCount: number;
};
type ModelStats = {
  tpsScaled1000: RunningStat;
  ttftMs: RunningStat;
  totalDuration: RunningStat;
  count: number;
};

/** A view reverted (not a network failure, which is thrown). */
class Reverted extends Error {}

export type RouterOrderParameters = {
  client: PublicClient;
  contract: Address;
  blockNumber: bigint;
  /** The models to rank: an entry for each with at least one active bid. */
  modelIds: readonly Hex[];
  /** Where the views revert, the models with an offer on the chain (default: modelIds). */
  offered?: readonly Hex[];
};

/**
 * The `router` entries of one chain at a block (SPEC.md 1.3): keyed by lowercase modelId, each
 * a list of one entry (none when the model has no active bid). Reads getProviderMinimumStake,
 * then per model getModelActiveBids(modelId, 0, 0) for the total and (0, total) for the ids,
 * getModelStats, and per bid getBid, getProviderModelStats and getProvider. When one of them
 * reverts, every entry of the chain is unavailable (a getBid that reverts counts too: without
 * it the router cannot rank the model).
 */
export async function routerOrder(params: RouterOrderParameters): Promise<Record<string, RouterEntry[]>> {
  const { client, contract, blockNumber } = params;
  const chainId = await client.getChainId();
  const read = async <T>(functionName: string, args: readonly unknown[]): Promise<T> => {
    try {
      return (await client.readContract({
        address: contract,
        abi: routerAbi,
        functionName,
        args,
        blockNumber,
      } as never)) as T;
    } catch (error) {
      if (error instanceof BaseError && error.walk((e) => e instanceof ContractFunctionRevertedError)) {
        throw new Reverted(functionName);
      }
      throw error;
    }
  };
  const order: Record<string, RouterEntry[]> = {};
  try {
    const minimumStake = await read<bigint>("getProviderMinimumStake", []);
    for (const modelId of params.modelIds) {
      const [, total] = await read<readonly [readonly Hex[], bigint]>("getModelActiveBids", [
        modelId,
        0n,
        0n,
      ]);
      if (total === 0n) continue;
      const [ids] = await read<readonly [readonly Hex[], bigint]>("getModelActiveBids", [modelId, 0n, total]);
      const model = await read<ModelStats>("getModelStats", [modelId]);
      const inputs: RankedInput[] = [];
      for (const bidId of ids) {
        const bid = await read<{ provider: Address; pricePerSecond: bigint }>("getBid", [bidId]);
        const pair = await read<PairStats>("getProviderModelStats", [modelId, bid.provider]);
        const { stake } = await read<{ stake: bigint }>("getProvider", [bid.provider]);
        inputs.push({
          bidId: bidId.toLowerCase(),
          provider: getAddress(bid.provider),
          input: { pair, model, stake, minimumStake, pricePerSecond: bid.pricePerSecond },
        });
      }
      order[modelId.toLowerCase()] = [{ chainId, available: true, bids: routerRanking(inputs) }];
    }
    return order;
  } catch (error) {
    if (!(error instanceof Reverted)) throw error;
    const unavailable: Record<string, RouterEntry[]> = {};
    for (const modelId of params.offered ?? params.modelIds) {
      unavailable[modelId.toLowerCase()] = [{ chainId, available: false, bids: [] }];
    }
    return unavailable;
  }
}
