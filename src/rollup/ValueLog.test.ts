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
      const byPair = [...log.medians("pairs", 13, from)];
      expect(byPair).toEqual(
        Array.from({ length: 13 }, (_, k) =>
          median(suffix.filter((row) => row.pair === k).map((row) => row.value)),
        ),
      );
    }
  });

  test("error: a value past uint32 (a receipt field) is refused", () => {
    expect(() => new ValueLog().add(2 ** 32, 0, 0, 0)).toThrow(RangeError);
  });
});
