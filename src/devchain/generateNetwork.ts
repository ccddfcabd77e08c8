import { type Address, type Hex, keccak256, stringToHex } from "viem";
import { seededRandom } from "../util/seededRandom.js";
import { generateHistory } from "./generateHistory.js";
import type { History } from "./history.js";

export type NetworkHistories = {
  /** Arbitrum One: the marketplace's launch, busy until the move, then quiet to the end. */
  arbitrum: History;
  /** Base: from the move to the end. */
  base: History;
};

const utc = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day) / 1000;
/** The move to Base (CHAIN.md): Base's history starts on the 1st, Arbitrum's ends on the 31st. */
const baseStart = utc(2025, 12, 1);
const arbitrumEnd = utc(2025, 12, 31);
/** Node v5.10.0: receipts with token counts (v2) from this day (CHAIN.md). */
const v2Receipts = utc(2026, 2, 3);
const MOR = 10n ** 18n;

/**
 * The marketplace's real shape, generated: its older history on Arbitrum One, the newer on Base,
 * the same models and providers on both. Where the days reach back over December 2025, activity
 * moves then (Base from the 1st, Arbitrum until the 31st); otherwise the last 47% is on Base and
 * the first 56% on Arbitrum. Both chains end at `endTime` (Arbitrum keeps making blocks after its
 * marketplace went quiet). Inside the deployed bounds (CHAIN.md): prices of 10^13 to 9·10^15 wei a
 * second, re-posted and withdrawn all along; v1 receipts before 3 February 2026, v2 from then;
 * provider stakes from the 0.1 MOR minimum up, one of 10 MOR or more (past 2^63 wei).
 */
export function generateNetwork(options: {
  seed: number;
  /** Days from the launch to `endTime`. */
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
  const launch = endTime - days * 86_400;
  const dated = launch < baseStart && endTime > arbitrumEnd;
  // Whole days, inside December: Base from the 1st at the earliest, Arbitrum to the 31st at the latest.
  const baseDays = dated ? Math.floor((endTime - baseStart) / 86_400) : Math.max(1, Math.round(days * 0.47));
  const arbitrumDays = dated
    ? Math.floor((arbitrumEnd - launch) / 86_400)
    : Math.max(1, Math.round(days * 0.56));
  const moved = launch + arbitrumDays * 86_400;
  const shape = { modelIds, priceExponents: [13, 15], receiptCutover: v2Receipts, bidChurn: true } as const;
  const arbitrum = generateHistory({
    seed,
    days: arbitrumDays,
    sessionsPerDay: Math.max(1, Math.round(sessionsPerDay / 2)),
    endTime: moved,
    ...shape,
  });
  const base = generateHistory({ seed: seed + 1, days: baseDays, sessionsPerDay, endTime, ...shape });
  const providerStakes = stakes(
    seed,
    [...base.bids, ...arbitrum.bids].map((b) => b.provider),
  );
  return { arbitrum: { ...arbitrum, endTime, providerStakes }, base: { ...base, providerStakes } };
}

/**
 * Each provider's stake, drawn from the seed: the first at the 0.1 MOR minimum, the second 10 to
 * 30 MOR (where the router's int64 wraps), the others 0.2 to 9 MOR; in steps of 0.01 MOR.
 */
function stakes(seed: number, bidders: readonly Address[]): Array<{ provider: Address; stake: bigint }> {
  const random = seededRandom(seed * 7919 + 13);
  const providers = [...new Set(bidders)];
  const hundredths = (low: number, high: number) =>
    (BigInt(Math.round(low * 100) + Math.floor(random() * (high - low) * 100)) * MOR) / 100n;
  return providers.map((provider, k) => ({
    provider,
    stake: k === 0 ? MOR / 10n : k === 1 ? hundredths(10, 30) : hundredths(0.2, 9),
  }));
}
