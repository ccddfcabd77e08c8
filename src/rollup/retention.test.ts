import { describe, expect, test } from "vitest";
import { seriesRange } from "./retention.js";

const utc = (y: number, m: number, d = 1, h = 0, min = 0, s = 0) => Date.UTC(y, m, d, h, min, s) / 1000;

describe("seriesRange", () => {
  const asOf = utc(2026, 10, 21, 14, 32, 5);

  test("default: the retention window ends with the as-of period", () => {
    expect(seriesRange("hourly", asOf, utc(2020, 0, 1))).toEqual({
      first: utc(2026, 10, 21, 14) - 335 * 3600,
      last: utc(2026, 10, 21, 14),
    });
    expect(seriesRange("daily", asOf, utc(2020, 0, 1))).toEqual({
      first: utc(2026, 10, 21) - 364 * 86_400,
      last: utc(2026, 10, 21),
    });
    expect(seriesRange("monthly", asOf, utc(2020, 0, 15))).toEqual({
      first: utc(2020, 0, 1),
      last: utc(2026, 10, 1),
    });
  });

  test("behavior: a later earliest close starts the series at its period", () => {
    expect(seriesRange("hourly", asOf, utc(2026, 10, 21, 9, 59, 59))).toEqual({
      first: utc(2026, 10, 21, 9),
      last: utc(2026, 10, 21, 14),
    });
    expect(seriesRange("daily", asOf, utc(2026, 10, 1, 0, 0, 0))).toEqual({
      first: utc(2026, 10, 1),
      last: utc(2026, 10, 21),
    });
  });

  test("behavior: retention edges: the 336th hour back is in, the 337th out", () => {
    const asOfHour = utc(2026, 10, 21, 14);
    const first = asOfHour - 335 * 3600;
    expect(seriesRange("hourly", asOf, first)?.first).toBe(first);
    expect(seriesRange("hourly", asOf, first - 1)?.first).toBe(first);
    expect(seriesRange("hourly", asOf, first + 3600)?.first).toBe(first + 3600);
  });

  test("behavior: the 365th day back is in, the 366th out", () => {
    const first = utc(2026, 10, 21) - 364 * 86_400;
    expect(seriesRange("daily", asOf, first)?.first).toBe(first);
    expect(seriesRange("daily", asOf, first - 86_400)?.first).toBe(first);
  });

  test("behavior: no closed session, or only after the as-of period: empty", () => {
    expect(seriesRange("daily", asOf, undefined)).toBeUndefined();
    expect(seriesRange("daily", asOf, utc(2026, 10, 22))).toBeUndefined();
  });
});
