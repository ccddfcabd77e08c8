import { describe, expect, test } from "vitest";
import { KeyedValues } from "./KeyedValues.js";

describe("KeyedValues", () => {
  test("default: the nearest-rank median of each key, NaN for a key without values", () => {
    const values = new KeyedValues();
    for (const [key, value] of [
      [2, 300],
      [0, 5],
      [2, 100],
      [3, 8],
      [2, 200],
      [3, 9],
      [3, 7],
      [3, 6],
    ] as const)
      values.add(key, value);
    // Key 0: [5]; key 1: none; key 2: [100, 200, 300] rank 2; key 3: [6, 7, 8, 9] rank 2; key 4: none.
    expect([...values.medians(5)]).toEqual([5, Number.NaN, 200, 7, Number.NaN]);
    expect(values.size).toBe(8);
  });

  test("behavior: asking twice gives the same medians; clear forgets every value", () => {
    const values = new KeyedValues();
    for (const value of [9, 1, 5, 3]) values.add(0, value);
    expect([...values.medians(1)]).toEqual([3]);
    expect([...values.medians(1)]).toEqual([3]);
    values.clear();
    expect(values.size).toBe(0);
    expect([...values.medians(2)]).toEqual([Number.NaN, Number.NaN]);
    values.add(1, 4);
    expect([...values.medians(2)]).toEqual([Number.NaN, 4]);
  });

  test("behavior: grows past its first 1,024 values without losing any", () => {
    const values = new KeyedValues();
    // 3,001 values of key 1 from 3000 down to 0 (median: rank 1,501, the value 1500), and 2 of key 0.
    for (let v = 3_000; v >= 0; v--) values.add(1, v);
    values.add(0, 10);
    values.add(0, 20);
    expect(values.size).toBe(3_003);
    expect([...values.medians(2)]).toEqual([10, 1_500]);
  });

  test("behavior: equal values and two values alternating", () => {
    const values = new KeyedValues();
    for (let i = 0; i < 9; i++) values.add(0, 700);
    for (let i = 0; i < 10; i++) values.add(1, i % 2 === 0 ? 2 : 1);
    for (let i = 0; i < 11; i++) values.add(2, i % 2 === 0 ? 2 : 1);
    // Key 1: five 1s and five 2s, rank 5 is a 1; key 2: five 1s and six 2s, rank 6 is a 2.
    expect([...values.medians(3)]).toEqual([700, 1, 2]);
  });
});
