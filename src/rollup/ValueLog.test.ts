import { describe, expect, test } from "vitest";
import { seededRandom } from "../devchain/seededRandom.js";
import { medianIndex } from "./nearestRank.js";
import { ValueLog } from "./ValueLog.js";

/** The nearest-rank median by sorting: what ValueLog must agree with. */
const median = (values: number[]) =>
  values.length === 0
    ? Number.NaN
    : ([...values].sort((a, b) => a - b)[medianIndex(values.length)] as number);

describe("ValueLog", () => {
  test("default: medians of a suffix, overall and by key, equal those of a sort", () => {
    const random = seededRandom(5);
    const log = new ValueLog();
    const rows: Array<{ value: number; model: number; provider: number; pair: number }> = [];
    for (let i = 0; i < 5_000; i++) {
      const row = {
        value: 1 + Math.floor(random() ** 2 * 6000),
        model: random() < 0.1 ? -1 : Math.floor(random() * 7),
        provider: random() < 0.05 ? -1 : Math.floor(random() * 11),
        pair: random() < 0.1 ? -1 : Math.floor(random() * 13),
      };
      rows.push(row);
      log.add(row.value, row.model, row.provider, row.pair);
    }
    for (const from of [0, 1, 2_500, 4_999, 5_000]) {
      const suffix = rows.slice(from);
      expect(log.medianFrom(from)).toEqual(median(suffix.map((row) => row.value)));
      const byModel = [...log.medians("models", 8, from)];
      expect(byModel).toEqual(
        Array.from({ length: 8 }, (_, m) =>
          median(suffix.filter((row) => row.model === m).map((row) => row.value)),
        ),
      );
      const byProvider = [...log.medians("providers", 11, from)];
      expect(byProvider).toEqual(
        Array.from({ length: 11 }, (_, p) =>
          median(suffix.filter((row) => row.provider === p).map((row) => row.value)),
        ),
      );
    }
  });

  test("behavior: every value's medians by pair and by model at once, pairs numbered model by model", () => {
    const random = seededRandom(6);
    // Pairs 0-2 are model 0's, 3 model 1's, 4-6 model 2's; model 3 has a pair without values.
    const modelPairs = Int32Array.from([0, 3, 4, 7, 8]);
    const modelOf = [0, 0, 0, 1, 2, 2, 2, 3];
    const log = new ValueLog();
    const rows: Array<{ value: number; pair: number }> = [];
    for (let i = 0; i < 3_000; i++) {
      const pair = random() < 0.1 ? -1 : Math.floor(random() * 7);
      const row = { value: 1 + Math.floor(random() * 9000), pair };
      rows.push(row);
      log.add(row.value, pair < 0 ? -1 : (modelOf[pair] as number), 0, pair);
    }
    const { pairs, models } = log.pairAndModelMedians(8, modelPairs);
    expect([...pairs]).toEqual(
      Array.from({ length: 8 }, (_, k) =>
        median(rows.filter((row) => row.pair === k).map((row) => row.value)),
      ),
    );
    expect([...models]).toEqual([...log.medians("models", 4)]);
    expect(models[0]).toBe(
      median(rows.filter((row) => row.pair >= 0 && row.pair < 3).map((row) => row.value)),
    );
    expect(models[3]).toBeNaN();
  });

  test("error: a value past uint32 (a receipt field) is refused", () => {
    expect(() => new ValueLog().add(2 ** 32, 0, 0, 0)).toThrow(RangeError);
  });
});
