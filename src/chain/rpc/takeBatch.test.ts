import { describe, expect, test } from "vitest";
import { takeBatch } from "./takeBatch.js";

const units = (...sizes: number[]) => sizes.map((size) => ({ calls: Array(size).fill("call") }));

describe("takeBatch", () => {
  test("default: the first units whose calls fit", () => {
    const list = units(1, 1, 1, 1);
    expect(takeBatch(list, 3)).toEqual(list.slice(0, 3));
    expect(takeBatch(list, 10)).toEqual(list);
  });

  test("behavior: a group is never split: it waits for the next batch", () => {
    const list = units(2, 3, 1);
    expect(takeBatch(list, 4)).toEqual(list.slice(0, 1));
  });

  test("behavior: one unit at least, however large", () => {
    const list = units(5, 1);
    expect(takeBatch(list, 2)).toEqual(list.slice(0, 1));
    expect(takeBatch([], 2)).toEqual([]);
  });
});
