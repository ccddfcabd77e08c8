import type { ApiFiles, WindowTotals } from "../api/apiTypes.js";
import { compareLowercase } from "./compareLowercase.js";
import type { Labels } from "./computeChainFiles.js";
import type { DenseIndices } from "./createDenseIndices.js";
import { type Tally, windowNames } from "./createTally.js";
import { figuresOf } from "./figuresOf.js";

/**
 * models.json and providers.json: every model and provider with a closed session at or before
 * the as-of, with the four summary windows computed over its closes alone. In a model's windows
 * `models` is 1 (0 without a close), in a provider's `providers` likewise.
 */
export function computeLeaderboards(
  tally: Tally,
  ix: DenseIndices,
  labels: Labels,
): Pick<ApiFiles, "models.json" | "providers.json"> {
  const W = windowNames.length;
  const all = W - 1;
  const windows = (one: (w: number) => WindowTotals) =>
    Object.fromEntries(windowNames.map((name, w) => [name, one(w)])) as Record<
      (typeof windowNames)[number],
      WindowTotals
    >;

  const models = [];
  for (let m = 0; m < ix.modelCount; m++) {
    if ((tally.modelWindows.sums.sessions[m * W + all] as number) === 0) continue;
    const ref = ix.modelRefs[m] as number;
    const bids = ix.modelBids[m] as number[];
    models.push({
      modelId: labels.modelIds.get(ref) as string,
      name: labels.modelName(ref),
      windows: windows((w) => {
        const figures = figuresOf(tally.modelWindows, m * W + w, bids, ix.bidPrices);
        return { ...figures, models: figures.sessions > 0 ? 1 : 0 } as WindowTotals;
      }),
    });
  }
  const providers = [];
  for (let p = 0; p < ix.providerCount; p++) {
    if ((tally.providerWindows.sums.sessions[p * W + all] as number) === 0) continue;
    const bids = ix.providerBids[p] as number[];
    providers.push({
      provider: labels.providers.get(ix.providerRefs[p] as number) as string,
      windows: windows((w) => {
        const { models: distinctModels, ...figures } = figuresOf(
          tally.providerWindows,
          p * W + w,
          bids,
          ix.bidPrices,
        );
        return {
          ...figures,
          providers: figures.sessions > 0 ? 1 : 0,
          models: distinctModels ?? 0,
        } as WindowTotals;
      }),
    });
  }
  models.sort((a, b) => compareLowercase(a.modelId, b.modelId));
  providers.sort((a, b) => compareLowercase(a.provider, b.provider));
  return { "models.json": { models }, "providers.json": { providers } };
}
