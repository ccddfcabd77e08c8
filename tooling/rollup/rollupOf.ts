import type { ApiFiles, ChainFiles } from "../../src/api/apiTypes.js";
import type { Labels } from "../../src/rollup/computeChainFiles.js";
import { computeChainFiles } from "../../src/rollup/computeChainFiles.js";
import { computeChanges } from "../../src/rollup/computeChanges.js";
import { computeLeaderboards } from "../../src/rollup/computeLeaderboards.js";
import { computeMarket } from "../../src/rollup/computeMarket.js";
import { createDenseIndices, type DenseIndices } from "../../src/rollup/createDenseIndices.js";
import type { Tally } from "../../src/rollup/createTally.js";
import type { BidRecord, BidTimesRecord, RouterRecord } from "../../src/rollup/IndexReader.js";
import { pairBids } from "../../src/rollup/pairBids.js";
import { tallyCloses } from "../../src/rollup/tallyCloses.js";
import { makeCloseDays, type TestClose } from "./makeCloseDays.js";

/** The bids and labels of a test: refs as the store would number them. */
export type TestWorld = {
  /** By bid ref. Default: bid 1 of model 1 and provider 1 at 1 wei a second. */
  bids?: Record<number, { model: number; provider: number; price?: bigint; chainId?: number }>;
  /** Providers known only from close logs (all their bids unreadable). */
  providers?: readonly number[];
  /** modelId by model ref; default: the ref as a 64-hex word. */
  modelIds?: Record<number, string>;
  /** Address by provider ref; default: the ref as a 40-hex address. */
  providerAddresses?: Record<number, string>;
  /** The bids' times, for market.json's offers (default: none is an offer). */
  bidTimes?: readonly BidTimesRecord[];
  /** The router's inputs of each chain (default: none read). */
  routerReads?: readonly RouterRecord[];
  /** Each chain's time before its first indexed block (default: null, from block 0). */
  fromParentTime?: Record<number, number>;
};

export type TestRollup = {
  bids: Map<number, BidRecord>;
  universe: DenseIndices;
  tally: Tally;
  labels: Labels;
  files: ChainFiles & Pick<ApiFiles, "models.json" | "providers.json" | "market.json" | "changes.json">;
};

/** Test-only: every published file of these closes, as of `asOf`, through the real rollup. */
export function rollupOf(closes: readonly TestClose[], asOf: number, world: TestWorld = {}): TestRollup {
  const bidSpecs = world.bids ?? { 1: { model: 1, provider: 1 } };
  const bids = new Map<number, BidRecord>(
    Object.entries(bidSpecs).map(([ref, bid]) => [
      Number(ref),
      {
        chainId: bid.chainId ?? 8453,
        modelRef: bid.model,
        providerRef: bid.provider,
        pricePerSecond: bid.price ?? 1n,
      },
    ]),
  );
  const providerRefs = new Set<number>(world.providers ?? []);
  for (const bid of bids.values()) providerRefs.add(bid.providerRef);
  for (const close of closes) if (close.providerRef) providerRefs.add(close.providerRef);
  const modelIds = new Map<number, string>();
  for (const bid of bids.values()) {
    modelIds.set(
      bid.modelRef,
      world.modelIds?.[bid.modelRef] ?? `0x${bid.modelRef.toString(16).padStart(64, "0")}`,
    );
  }
  const providers = new Map<number, string>();
  for (const ref of providerRefs) {
    providers.set(ref, world.providerAddresses?.[ref] ?? `0x${ref.toString(16).padStart(40, "0")}`);
  }
  const labels: Labels = { modelIds, providers, modelName: (ref) => `model ${ref}` };
  const universe = createDenseIndices(bids, providerRefs);
  const tally = tallyCloses(makeCloseDays(closes), asOf, universe);
  const chains = [...new Set([...bids.values()].map((bid) => bid.chainId))].map((chainId) => ({
    chainId,
    fromParentTime: world.fromParentTime?.[chainId] ?? null,
  }));
  const bidsByPair = pairBids(universe, bids, world.bidTimes ?? [], chains, asOf);
  return {
    bids,
    universe,
    tally,
    labels,
    files: {
      ...computeChainFiles(tally, universe, labels, []),
      ...computeLeaderboards(tally, universe, labels),
      "market.json": computeMarket(tally, universe, labels, bidsByPair, world.routerReads ?? [], asOf),
      "changes.json": computeChanges(universe, labels, bidsByPair, asOf),
    },
  };
}
