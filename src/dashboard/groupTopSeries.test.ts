import { describe, expect, test } from "vitest";
import { groupTopSeries } from "./groupTopSeries.js";

const item = (label: string, tokens: number[]) => ({
  label,
  series: tokens.map((value, index) => ({
    ts: index * 86_400,
    tokens: value,
    sessions: value > 0 ? 1 : 0,
    seconds: 0,
    earned: "0",
    disputed: 0,
  })),
});

describe("groupTopSeries", () => {
  test("default: largest total first", () => {
    expect(groupTopSeries([item("a", [1, 1]), item("b", [5, 0]), item("c", [0, 3])], "tokens", 8)).toEqual({
      labels: ["b", "c", "a"],
      rows: [
        [5, 0],
        [0, 3],
        [1, 1],
      ],
    });
  });

  test("behavior: past the limit the rest are summed into one row; a single extra keeps its own", () => {
    const items = [item("a", [9, 9]), item("b", [4, 0]), item("c", [0, 2]), item("d", [1, 0])];
    expect(groupTopSeries(items, "tokens", 2)).toEqual({
      labels: ["a", "b", "2 others"],
      rows: [
        [9, 9],
        [4, 0],
        [1, 2],
      ],
    });
    expect(groupTopSeries(items, "tokens", 3).labels).toEqual(["a", "b", "c", "d"]);
  });

  test("behavior: ranks by the chosen metric", () => {
    const items = [item("many-tokens", [100, 0]), item("many-sessions", [1, 1])];
    expect(groupTopSeries(items, "sessions", 8).labels).toEqual(["many-sessions", "many-tokens"]);
  });
});
