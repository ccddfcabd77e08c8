import { describe, expect, test } from "vitest";
import { stackSeries } from "./stackSeries.js";

describe("stackSeries", () => {
  test("default: running totals, each band from a series down to the one below", () => {
    expect(
      stackSeries([
        [1, 2, 0],
        [3, 0, 1],
        [0, 5, 2],
      ]),
    ).toEqual({
      data: [
        [1, 2, 0],
        [4, 2, 1],
        [4, 7, 3],
      ],
      bands: [{ series: [2, 1] }, { series: [3, 2] }],
    });
  });

  test("behavior: nothing to stack gives no data and no bands", () => {
    expect(stackSeries([])).toEqual({ data: [], bands: [] });
    expect(stackSeries([[5]])).toEqual({ data: [[5]], bands: [] });
  });
});
