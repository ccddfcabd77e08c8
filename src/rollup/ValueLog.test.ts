import { describe, expect, test } from "vitest";
import { seededRandom } from "../util/seededRandom.js";
import { medianIndex } from "./nearestRank.js";
import { ValueLog } from "./ValueLog.js";

/** The nearest-rank median by sorting: what ValueLog must agree with. */
const median = (values: number[]) =>
  values.length === 0
    ? Number.NaN
    : ([...values].sort((a, b) => a - b)[medianIndex(values.length)] as number);

// Pairs 0-2 are model 0's, 3 model 1's, 4-6 model 2's; model 3's pair 7 gets no value.
const modelPairs = Int32Array.from([0, 3, 4, 7, 8]);
const modelOf = [0, 0, 0, 1, 2, 2, 2, 3];

describe("ValueLog", () => {
  test("default: medians of a suffix, overall, by provider, by pair and by model, equal those of a sort", () => {
    const random = seededRandom(5);
    const log = new ValueLog();
    const rows: Array<{ value: number; provider: number; pair: number; model: number }> = [];
    for (let i = 0; i < 5_000; i++) {
      const pair = random() < 0.1 ? -1 : Math.floor(random() * 7);
      const row = {
        value: 1 + Math.floor(random() ** 2 * 6000),
        provider: random() < 0.05 ? -1 : Math.floor(random() * 11),
        pair,
        model: pair < 0 ? -1 : (modelOf[pair] as number),
      };
      rows.push(row);
      log.add(row.value, row.provider, row.pair);
    }
    for (const from of [0, 1, 2_500, 4_999, 5_000]) {
      const suffix = rows.slice(from);
      const of = (key: "provider" | "pair" | "model", count: number) =>
        Array.from({ length: count }, (_, k) =>
          median(suffix.filter((row) => row[key] === k).map((row) => row.value)),
        );
      expect(log.medianFrom(from)).toEqual(median(suffix.map((row) => row.value)));
      expect([...log.providerMedians(11, from)]).toEqual(of("provider", 11));
      const { pairs, models } = log.pairAndModelMedians(8, modelPairs, from);
      expect([...pairs]).toEqual(of("pair", 8));
      expect([...models]).toEqual(of("model", 4));
      expect(models[3]).toBeNaN();
      const alone = log.pairAndModelMedians(8, modelPairs, from, false);
      expect([...alone.models]).toEqual([...models]);
      expect([...alone.pairs].every(Number.isNaN)).toBe(true);
    }
  });

  test("error: a value past uint32 (a receipt field) is refused", () => {
    expect(() => new ValueLog().add(2 ** 32, 0, 0)).toThrow(RangeError);
  });
});
