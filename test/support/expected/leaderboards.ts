import { groupSorted } from "./compareLowercase.js";
import type { ClosedSession } from "./readChain.js";
import { windows } from "./windows.js";

/**
 * models.json and providers.json: one item per model (bid's modelId; sessions whose getBid
 * reverts are in no model) and per provider with a closed session at or before `asOf`, sorted
 * as lowercase strings, each with the four summary windows of its own sessions.
 */
export function leaderboards(
  closed: readonly ClosedSession[],
  asOf: number,
  name: (modelId: string) => string,
): Record<string, unknown> {
  const upToAsOf = closed.filter((c) => c.closedAt <= asOf);
  return {
    "models.json": {
      models: groupSorted(upToAsOf, (c) => c.modelId).map(([modelId, items]) => ({
        modelId,
        name: name(modelId),
        windows: windows(items, asOf),
      })),
    },
    "providers.json": {
      providers: groupSorted(upToAsOf, (c) => c.provider).map(([provider, items]) => ({
        provider,
        windows: windows(items, asOf),
      })),
    },
  };
}
