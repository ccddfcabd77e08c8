import { describe, expect, test } from "vitest";
import { growthExponent } from "./growth.js";

describe("growthExponent", () => {
  test("default: the exponent of a power law, exactly", () => {
    const linear = [1, 2, 4, 8].map((length) => ({ length: 1000 * length, cost: 3 * length }));
    expect(growthExponent(linear)).toBeCloseTo(1, 10);
    const flat = [1, 2, 4].map((length) => ({ length, cost: 7 }));
    expect(growthExponent(flat)).toBeCloseTo(0, 10);
    const square = [1, 3, 9].map((length) => ({ length, cost: length ** 2 }));
    expect(growthExponent(square)).toBeCloseTo(2, 10);
  });

  test("behavior: a fixed cost on top makes it grow slower than linear", () => {
    const points = [1, 2, 4, 8].map((length) => ({ length, cost: 10 + length }));
    const k = growthExponent(points) as number;
    expect(k).toBeGreaterThan(0);
    expect(k).toBeLessThan(1);
  });

  test("edge: fewer than two points, or one length, has no exponent", () => {
    expect(growthExponent([])).toBeNull();
    expect(growthExponent([{ length: 5, cost: 1 }])).toBeNull();
    expect(
      growthExponent([
        { length: 5, cost: 1 },
        { length: 5, cost: 2 },
      ]),
    ).toBeNull();
    expect(
      growthExponent([
        { length: 5, cost: 0 },
        { length: 10, cost: 2 },
      ]),
    ).toBeNull();
  });
});
