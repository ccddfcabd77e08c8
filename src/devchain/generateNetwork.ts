import { type Hex, keccak256, stringToHex } from "viem";
import { generateHistory } from "./generateHistory.js";
import type { History } from "./history.js";

export type NetworkHistories = {
  /** Arbitrum One: the marketplace's launch, busy until the move, then quiet to the end. */
  arbitrum: History;
  /** Base: from the move to the end. */
  base: History;
};

/**
 * The marketplace's real shape, generated: its older history on Arbitrum One, the newer on Base,
 * a few weeks of overlap while it moved, the same models and providers on both. Both chains end
 * at `endTime` (Arbitrum keeps making blocks after its marketplace went quiet).
 */
export function generateNetwork(options: {
  seed: number;
  /** Days from the launch to `endTime`: 56% of them on Arbitrum, the last 47% on Base. */
  days: number;
  /** Average sessions a day on Base; Arbitrum had half as many. */
  sessionsPerDay: number;
  endTime: number;
}): NetworkHistories {
  const { seed, days, sessionsPerDay, endTime } = options;
  const modelIds = Array.from(
    { length: 6 },
    (_, k) => keccak256(stringToHex(`mor-throughput dev model ${seed}/${k}`)) as Hex,
  );
  const baseDays = Math.max(1, Math.round(days * 0.47));
  const arbitrumDays = Math.max(1, Math.round(days * 0.56));
  const moved = endTime - (days - arbitrumDays) * 86_400;
  const arbitrum = generateHistory({
    seed,
    days: arbitrumDays,
    sessionsPerDay: Math.max(1, Math.round(sessionsPerDay / 2)),
    endTime: moved,
    modelIds,
  });
  const base = generateHistory({ seed: seed + 1, days: baseDays, sessionsPerDay, endTime, modelIds });
  return { arbitrum: { ...arbitrum, endTime }, base };
}
