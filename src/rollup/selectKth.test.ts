import { describe, expect, test } from "vitest";
import { seededRandom } from "../util/seededRandom.js";
import { medianIndex, p10Index, p90Index } from "./nearestRank.js";
import { selectKth, selectRanksInto } from "./selectKth.js";

/** The reference: the k-th of the sorted copy. */
const sortedKth = (values: readonly number[], k: number) => [...values].sort((a, b) => a - b)[k];

/** selectKth for every k of the values, each on a fresh copy. */
function everyKth(values: readonly number[]): number[] {
  return values.map((_, k) => selectKth(Float64Array.from(values), 0, values.length, k));
}

const n = 101;
const adversarial: Record<string, number[]> = {
  sorted: Array.from({ length: n }, (_, i) => i),
  reversed: Array.from({ length: n }, (_, i) => n - i),
  "all equal": Array.from({ length: n }, () => 7),
  "two values alternating": Array.from({ length: n }, (_, i) => (i % 2 === 0 ? 1 : 2)),
  "two values alternating, even length": Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? 2 : 1)),
  "organ pipe": Array.from({ length: n }, (_, i) => Math.min(i, n - 1 - i)),
  "one outlier": Array.from({ length: n }, (_, i) => (i === 50 ? 1e9 : 3)),
  "sorted with duplicates": Array.from({ length: n }, (_, i) => Math.floor(i / 10)),
};

describe("selectKth", () => {
  test("default: the k-th smallest, 0-based", () => {
    const values = [5, 1, 4, 2, 3];
    expect([0, 1, 2, 3, 4].map((k) => selectKth(Float64Array.from(values), 0, 5, k))).toEqual([
      1, 2, 3, 4, 5,
    ]);
    expect(selectKth(Float64Array.of(42), 0, 1, 0)).toBe(42);
    expect(selectKth(Float64Array.of(2, 1), 0, 2, 0)).toBe(1);
  });

  for (const [name, values] of Object.entries(adversarial)) {
    test(`behavior: ${name}: every k agrees with sorting`, () => {
      expect(everyKth(values)).toEqual([...values].sort((a, b) => a - b));
    });
  }

  test("behavior: seeded random arrays of every size up to 64, few and many distinct values, agree with sorting", () => {
    for (let seed = 1; seed <= 300; seed++) {
      const next = seededRandom(seed);
      const length = 1 + Math.floor(next() * 64);
      const distinct = seed % 3 === 0 ? 3 : seed % 3 === 1 ? 1_000_000 : 17;
      const values = Array.from({ length }, () => Math.floor(next() * distinct) / 1000);
      const k = Math.floor(next() * length);
      expect({ seed, kth: selectKth(Float64Array.from(values), 0, length, k) }).toEqual({
        seed,
        kth: sortedKth(values, k),
      });
    }
  });

  test("behavior: large seeded arrays, every k of a few", () => {
    for (const seed of [7, 8, 9]) {
      const next = seededRandom(seed);
      const values = Array.from({ length: 1_000 }, () => Math.floor(next() * 50));
      expect(everyKth(values)).toEqual([...values].sort((a, b) => a - b));
    }
  });

  test("behavior: only values[from, to) are read and moved", () => {
    const next = seededRandom(42);
    for (let round = 0; round < 100; round++) {
      const values = Array.from({ length: 40 }, () => Math.floor(next() * 10));
      const from = Math.floor(next() * 20);
      const to = from + 1 + Math.floor(next() * 20);
      const k = Math.floor(next() * (to - from));
      const array = Float64Array.from(values);
      expect(selectKth(array, from, to, k)).toBe(sortedKth(values.slice(from, to), k));
      expect([...array.slice(0, from), ...array.slice(to)]).toEqual([
        ...values.slice(0, from),
        ...values.slice(to),
      ]);
      expect([...array.slice(from, to)].sort((a, b) => a - b)).toEqual(
        values.slice(from, to).sort((a, b) => a - b),
      );
    }
  });

  test("error: no k-th of fewer than k + 1 values", () => {
    expect(() => selectKth(Float64Array.of(1, 2), 0, 2, 2)).toThrow(RangeError);
    expect(() => selectKth(Float64Array.of(1, 2), 0, 2, -1)).toThrow(RangeError);
    expect(() => selectKth(Float64Array.of(1, 2, 3), 1, 1, 0)).toThrow("no element 0 in 0 values");
  });
});

describe("selectRanksInto", () => {
  test("default: several nearest ranks at once equal each rank of the sorted values, in the order asked", () => {
    const next = seededRandom(7);
    for (let n = 1; n < 60; n++) {
      const values = Array.from({ length: n }, () => Math.floor(next() * 20));
      const sorted = [...values].sort((a, b) => a - b);
      const ranks = [medianIndex, p90Index, p10Index];
      const into = ranks.map(() => new Float64Array(3).fill(Number.NaN));
      const array = Float64Array.from([99, ...values, -1]);
      selectRanksInto(into, 1, array, 1, n + 1, ranks);
      expect(into.map((slots) => slots[1])).toEqual(ranks.map((rank) => sorted[rank(n)]));
      expect(into.map((slots) => [slots[0], slots[2]])).toEqual(ranks.map(() => [Number.NaN, Number.NaN]));
      // Outside the range, nothing moved.
      expect([array[0], array[n + 1]]).toEqual([99, -1]);
    }
  });
});
