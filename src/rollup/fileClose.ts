import { secondsPerHour } from "../api/periods.js";
import type { DenseIndices } from "./createDenseIndices.js";
import { daysKept, type Family, file, type Tally, windowNames } from "./createTally.js";
import { KeyedValues } from "./KeyedValues.js";
import type { BucketSums } from "./Sums.js";

/** What a close (or one bid's closes of a day) adds to a bucket, and the session time of those with tokens. */
export type CloseSums = BucketSums & { tokenSeconds: number };

/**
 * Where a close is filed, as dense indices (createDenseIndices.ts), -1 where it has none:
 * its bid, model, provider and (model, provider) pair, and its bid's place among the bids of its
 * model, of its provider and of its pair (their earned sums are kept per bid).
 */
export type Placement = {
  bid: number;
  model: number;
  provider: number;
  inModel: number;
  inProvider: number;
  pair: number;
  inPair: number;
};

/** The period buckets a close of a day falls in: its month, and its day in the daily retention (-1: before it). */
export type DayPlace = { month: number; dayIndex: number };

export const nowhere = (): Placement => ({
  bid: -1,
  model: -1,
  provider: -1,
  inModel: -1,
  inProvider: -1,
  pair: -1,
  inPair: -1,
});

/** Fills `into` with the placement of a close of the bid `ref` (0: a close whose bid could not be read). */
export function placeBid(ix: DenseIndices, ref: number, provider: number, into: Placement): Placement {
  const readable = ref !== 0;
  into.provider = provider;
  into.bid = readable ? (ix.bidIndex[ref] as number) : -1;
  into.model = readable ? (ix.bidModel[ref] as number) : -1;
  into.inModel = readable ? (ix.bidInModel[ref] as number) : -1;
  into.inProvider = readable ? (ix.bidInProvider[ref] as number) : -1;
  // SPEC.md 1.2: a close belongs to its bid's (model, provider) pair; without a bid, to none.
  into.pair = readable ? (ix.bidPair[ref] as number) : -1;
  into.inPair = readable && into.pair >= 0 ? (ix.bidInPair[ref] as number) : -1;
  return into;
}

const W = windowNames.length;
const allWindow = W - 1;

/** Files closes into the buckets of a day or longer: month, day, by model, provider and pair, all time. */
export function fileLong(tally: Tally, sums: CloseSums, place: DayPlace, at: Placement): void {
  const { bid, model, provider } = at;
  file(tally.monthly as Family, place.month, bid, sums, provider, model);
  if (place.dayIndex >= 0) {
    const slot = place.dayIndex;
    file(tally.daily, slot, bid, sums, provider, model);
    if (model >= 0) tally.modelDaily.sums.add(model * daysKept + slot, sums, at.inModel);
    if (provider >= 0) tally.providerDaily.sums.add(provider * daysKept + slot, sums, at.inProvider);
  }
  file(tally.windows, allWindow, bid, sums, provider, model);
  if (model >= 0) {
    const bucket = model * W + allWindow;
    tally.modelWindows.sums.add(bucket, sums, at.inModel);
    if (provider >= 0) tally.modelWindows.providers?.add(bucket, provider);
  }
  if (provider >= 0) {
    const bucket = provider * W + allWindow;
    tally.providerWindows.sums.add(bucket, sums, at.inProvider);
    if (model >= 0) tally.providerWindows.models?.add(bucket, model);
  }
  if (at.pair >= 0) {
    const bucket = at.pair * W + allWindow;
    tally.pairWindows.sums.add(bucket, sums, at.inPair);
    if (sums.tokenSeconds > 0) tally.pairTokenTime.addTime(bucket, sums.tokenSeconds, at.inPair);
  }
}

/** One close: what it adds, when it closed, its ttftMs and tpsScaled1000 (0: none). */
export type Close = CloseSums & { closedAt: number; ttft: number; tps: number };

/** [ttft, tps] values of each bucket of a family, for its medians. */
export type MedianValues = [KeyedValues, KeyedValues];

/** The values of the buckets shorter than a day that a close is filed into one by one. */
export type ShortValues = {
  hour: MedianValues;
  window: MedianValues;
  model: MedianValues;
  provider: MedianValues;
  pair: MedianValues;
};

export const shortValues = (): ShortValues => {
  const values = (): MedianValues => [new KeyedValues(), new KeyedValues()];
  return { hour: values(), window: values(), model: values(), provider: values(), pair: values() };
};

const addValues = (values: MedianValues, bucket: number, close: Close) => {
  if (close.ttft > 0) values[0].add(bucket, close.ttft);
  if (close.tps > 0) values[1].add(bucket, close.tps);
};

/**
 * Files one close into the buckets it falls in one by one: its hour (inside the hourly retention)
 * and the windows shorter than all time that hold it (`windowStarts`: each one's exclusive start),
 * overall, by model, by provider and by pair.
 */
export function fileShort(
  tally: Tally,
  values: ShortValues,
  close: Close,
  at: Placement,
  windowStarts: readonly number[],
): void {
  const { closedAt } = close;
  const { bid, model, provider, pair } = at;
  if (closedAt >= tally.hourFirst) {
    const hour = Math.floor((closedAt - tally.hourFirst) / secondsPerHour);
    file(tally.hourly, hour, bid, close, provider, model);
    addValues(values.hour, hour, close);
  }
  for (let w = 0; w < allWindow; w++) {
    if (closedAt <= (windowStarts[w] as number)) continue;
    file(tally.windows, w, bid, close, provider, model);
    addValues(values.window, w, close);
    if (model >= 0) {
      const bucket = model * W + w;
      tally.modelWindows.sums.add(bucket, close, at.inModel);
      if (provider >= 0) tally.modelWindows.providers?.add(bucket, provider);
      addValues(values.model, bucket, close);
    }
    if (provider >= 0) {
      const bucket = provider * W + w;
      tally.providerWindows.sums.add(bucket, close, at.inProvider);
      if (model >= 0) tally.providerWindows.models?.add(bucket, model);
      addValues(values.provider, bucket, close);
    }
    if (pair >= 0) {
      const bucket = pair * W + w;
      tally.pairWindows.sums.add(bucket, close, at.inPair);
      if (close.tokens > 0) tally.pairTokenTime.addTime(bucket, close.seconds, at.inPair);
      addValues(values.pair, bucket, close);
    }
  }
}
