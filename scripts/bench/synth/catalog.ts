import { getAddress, type Hex, keccak256, stringToHex } from "viem";
import { seededRandom } from "../../../src/util/seededRandom.js";

/** The models, providers and bids a synthetic history uses: also written on the bench's chain. */
export type Catalog = {
  models: Array<{ modelId: Hex; name: string }>;
  bids: Array<{ bidId: Hex; provider: Hex; modelId: Hex; pricePerSecond: bigint }>;
};

/**
 * A realistic marketplace catalogue: 18 models with names, 120 providers, 2 to 4 bids each
 * (deterministic from the seed).
 */
export function makeCatalog(seed: number): Catalog {
  const random = seededRandom(seed);
  const modelCount = 18;
  const providerCount = 120;
  const hash = (text: string) => keccak256(stringToHex(`mor-throughput bench ${seed} ${text}`));
  const models = Array.from({ length: modelCount }, (_, m) => ({
    modelId: hash(`model ${m}`),
    name: `bench-model-${m}-${["8b", "70b", "235b-a22b", "r1", "small-24b"][m % 5]}`,
  }));
  const bids: Catalog["bids"] = [];
  for (let p = 0; p < providerCount; p++) {
    const provider = getAddress(`0x${hash(`provider ${p}`).slice(-40)}`);
    const offers = 2 + Math.floor(random() * 3);
    for (let k = 0; k < offers; k++) {
      bids.push({
        bidId: hash(`bid ${p} ${k}`),
        provider,
        // Popular models get more offers: model index skewed towards 0.
        modelId: (models[Math.floor(random() ** 2 * modelCount)] as Catalog["models"][number]).modelId,
        pricePerSecond: BigInt(1 + Math.floor(random() * 1000)) * 10n ** 12n,
      });
    }
  }
  return { models, bids };
}
