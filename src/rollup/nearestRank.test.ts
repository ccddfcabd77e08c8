import { describe, expect, test } from "vitest";
import { fromThousandths, medianIndex, p10Index, p90Index } from "./nearestRank.js";

describe("nearest-rank median", () => {
  test("default: rank ceil(n / 2), 1-based", () => {
    const sorted = [100, 200, 300, 400, 500];
    expect(sorted[medianIndex(5)]).toBe(300);
    expect([100, 200, 300, 400][medianIndex(4)]).toBe(200);
    expect([7][medianIndex(1)]).toBe(7);
    expect([1, 2][medianIndex(2)]).toBe(1);
  });

  test("behavior: seconds are exact decimals", () => {
    expect(fromThousandths(734)).toBe(0.734);
    expect(JSON.stringify(fromThousandths(734))).toBe("0.734");
    expect(JSON.stringify(fromThousandths(1))).toBe("0.001");
    expect(JSON.stringify(fromThousandths(4_294_967_295))).toBe("4294967.295");
    expect(JSON.stringify(fromThousandths(3000))).toBe("3");
  });

  test("error: no median of nothing", () => {
    expect(() => medianIndex(0)).toThrow(RangeError);
  });
});

describe("nearest-rank tails (SPEC.md 1.3)", () => {
  const ranked = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
  test("default: the 90th percentile at rank ceil(9n / 10), the 10th at rank ceil(n / 10)", () => {
    // n = 10: ranks 9 and 1; n = 11: ranks ceil(9.9) = 10 and ceil(1.1) = 2; n = 1: the value itself.
    expect(ranked(10)[p90Index(10)]).toBe(9);
    expect(ranked(10)[p10Index(10)]).toBe(1);
    expect(ranked(11)[p90Index(11)]).toBe(10);
    expect(ranked(11)[p10Index(11)]).toBe(2);
    expect([p90Index(1), p10Index(1)]).toEqual([0, 0]);
    // n = 20: ranks 18 and 2; n = 19: ranks ceil(17.1) = 18 and ceil(1.9) = 2.
    expect([p90Index(20) + 1, p10Index(20) + 1, p90Index(19) + 1, p10Index(19) + 1]).toEqual([18, 2, 18, 2]);
  });

  test("error: no tail of nothing", () => {
    expect(() => p90Index(0)).toThrow(RangeError);
    expect(() => p10Index(0)).toThrow(RangeError);
  });
});
