import { describe, expect, test } from "vitest";
import { fromThousandths, medianIndex } from "./nearestRank.js";

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
