import { floorDay, secondsPerHour } from "../api/periods.js";
import type { BidState } from "../chain/readBids.js";
import type { ReadClose } from "../sync/readBlockCloses.js";
import { type CloseDay, closeFact, closeFields } from "./CloseDay.js";
import { createDenseIndices } from "./createDenseIndices.js";
import { type Figures, figuresOf } from "./figuresOf.js";
import type { BidRecord } from "./IndexReader.js";
import { tallyCloses } from "./tallyCloses.js";

/**
 * One hour's bucket of a chain's hourly series (`rollup/hourly.json`), computed from that hour's
 * closes alone, as `build` computes it from the index: the closes become CloseDay facts laid out
 * as the store lays them out (store/schema/sessionTables.ts, closes.facts), with refs numbered
 * here, and go through the same tally (tallyCloses) and the same figures (figuresOf), as of the
 * chain's `asOf`. `bids`: getBid of each close's bid, undefined where it could not be read (the
 * close is then filed under its log's provider, with no bid). A close outside the hour is left out.
 */
export function computeHourBucket(
  closes: readonly ReadClose[],
  bids: ReadonlyMap<string, BidState | undefined>,
  hour: number,
  asOf: number,
): Figures {
  const providerRefs = new Map<string, number>();
  const modelRefs = new Map<string, number>();
  const refOf = (map: Map<string, number>, key: string) => {
    const known = map.get(key);
    if (known !== undefined) return known;
    map.set(key, map.size + 1);
    return map.size;
  };
  const bidRefs = new Map<string, number>();
  const records = new Map<number, BidRecord>();
  for (const [bidId, bid] of [...bids].sort(([a], [b]) => (a < b ? -1 : 1))) {
    // A bid that does not exist reads as the empty record (createdAt 0): not readable.
    if (!bid || bid.createdAt === 0) continue;
    const ref = bidRefs.size + 1;
    bidRefs.set(bidId, ref);
    records.set(ref, {
      chainId: 0,
      modelRef: refOf(modelRefs, bid.modelId.toLowerCase()),
      providerRef: refOf(providerRefs, bid.provider.toLowerCase()),
      pricePerSecond: bid.pricePerSecond,
    });
  }
  const inHour = closes.filter(
    ({ state }) => state.closedAt >= hour && state.closedAt < hour + secondsPerHour,
  );
  const facts = new Float64Array(inHour.length * closeFields);
  inHour.forEach(({ state, logProvider }, i) => {
    const bidRef = bidRefs.get(state.bidId) ?? 0;
    const providerRef =
      bidRef !== 0
        ? (records.get(bidRef) as BidRecord).providerRef
        : logProvider
          ? refOf(providerRefs, logProvider.toLowerCase())
          : 0;
    const k = i * closeFields;
    facts[k + closeFact.second] = state.closedAt - floorDay(state.closedAt);
    facts[k + closeFact.tokens] = state.tokens;
    facts[k + closeFact.ttftMs] = state.ttftMs;
    facts[k + closeFact.tps] = state.tps;
    facts[k + closeFact.seconds] = Math.max(0, Math.min(state.closedAt, state.endsAt) - state.openedAt);
    facts[k + closeFact.flags] = (state.closeoutType !== 0n ? 1 : 0) + (state.tokenCounted ? 2 : 0);
    facts[k + closeFact.duration] = state.closedAt - state.openedAt;
    facts[k + closeFact.bidRef] = bidRef;
    facts[k + closeFact.providerRef] = providerRef;
  });
  const day: CloseDay = { day: floorDay(hour), chainId: 0, count: inHour.length, facts };
  const indices = createDenseIndices(records, providerRefs.values());
  const tally = tallyCloses(inHour.length > 0 ? [day] : [], asOf, indices);
  const bucket = (hour - tally.hourFirst) / secondsPerHour;
  if (!Number.isInteger(bucket) || bucket < 0 || bucket >= tally.hourly.sums.count)
    throw new RangeError(`hour ${hour} is not inside the hourly retention as of ${asOf}`);
  return figuresOf(tally.hourly, bucket, undefined, indices.bidPrices);
}
