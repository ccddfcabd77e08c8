import { describe, expect, test } from "vitest";
import { format } from "./format.js";
import { modelLabel } from "./modelLabel.js";
import { countIncrements, timeLabels, timeSplits, valueLabels } from "./ticks.js";

const utc = (...parts: [number, number, number, number?]) => Date.UTC(...parts) / 1000;

describe("format", () => {
  test("default: exact integers, seconds to the millisecond, UTC times on a 24-hour clock", () => {
    expect(format.integer(37_153_319)).toBe("37,153,319");
    expect(format.seconds(0.734)).toBe("0.734 s");
    expect(format.seconds(undefined)).toBe("—");
    expect(format.tps(41.237)).toBe("41.237 tok/s");
    expect(format.utc(utc(2026, 10, 20, 12))).toBe("2026-11-20 12:00 UTC");
    expect(format.period("hourly", utc(2026, 10, 20, 15))).toBe("20 Nov 2026 15:00 UTC");
    expect(format.period("daily", utc(2026, 10, 20))).toBe("20 Nov 2026");
    expect(format.period("monthly", utc(2026, 10, 1))).toBe("Nov 2026");
  });

  test("behavior: MOR from wei with BigInt, rounded half up, never through a float", () => {
    expect(format.mor("75628000000000000000")).toBe("75.63 MOR");
    expect(format.mor("1000000000000000000000")).toBe("1,000.00 MOR");
    expect(format.mor("123")).toBe("0.00 MOR");
    expect(format.mor("4999999999999999", 2)).toBe("0.00 MOR");
    expect(format.mor("5000000000000000", 2)).toBe("0.01 MOR");
    // Past 2^53 wei a float would already have lost the last digits.
    expect(format.mor("46660214432411818000000000", 0)).toBe("46,660,214 MOR");
    expect(format.morExact("9007199254740993000000001")).toBe("9007199.254740993000000001");
    expect(format.morExact("1000000000000000000")).toBe("1");
  });

  test("behavior: prices: whole MOR from 100, two decimals from 1, three significant digits below", () => {
    expect(format.morShort(123_456n * 10n ** 16n)).toBe("1,235 MOR");
    expect(format.morShort(15_005n * 10n ** 14n)).toBe("1.50 MOR");
    expect(format.morShort(3_604_999n * 10n ** 9n)).toBe("0.00360 MOR");
    expect(format.morShort(3_605_000n * 10n ** 9n)).toBe("0.00361 MOR");
    expect(format.morShort(1n)).toBe("0.000000000000000001 MOR");
    expect(format.morShort(0n)).toBe("0.00 MOR");
    // 10^15 wei a second is 3.6 MOR an hour.
    expect(format.perHour(10n ** 15n)).toBe("3.60 MOR/h");
  });

  test("behavior: hours, shares, ages and identifiers", () => {
    expect(format.hours(657_586_348)).toBe("182,663 h");
    expect(format.hours(5400)).toBe("1.5 h");
    expect(format.share(659, 32_924)).toBe("2.0 %");
    expect(format.share(0, 0)).toBe("—");
    expect(format.ago(30)).toBe("just now");
    expect(format.ago(3 * 3600 + 5)).toBe("3 h ago");
    expect(format.ago(3 * 86_400)).toBe("3 days ago");
    expect(format.interval(3600)).toBe("hour");
    expect(format.interval(6 * 3600)).toBe("6 hours");
    expect(format.shortHex("0x6c4e00000000000000000000000000000000f7b5")).toBe("0x6c4e…f7b5");
  });
});

describe("modelLabel", () => {
  test("default: the on-chain name; a model without one shows the start of its id", () => {
    expect(modelLabel("llama-3.3-70b-instruct", `0x${"ab".repeat(32)}`)).toBe("llama-3.3-70b-instruct");
    expect(modelLabel("", `0x5c2e${"0".repeat(60)}`)).toBe("(unnamed) 0x5c2e…");
  });
});

describe("axis ticks", () => {
  test("behavior: value labels say the tick exactly: 1.25M is never '1.3M'", () => {
    expect(valueLabels([0, 250_000, 500_000, 750_000, 1_000_000, 1_250_000])).toEqual([
      "0",
      "0.25M",
      "0.5M",
      "0.75M",
      "1M",
      "1.25M",
    ]);
    expect(valueLabels([0, 0.5, 1, 1.5], " s")).toEqual(["0 s", "0.5 s", "1 s", "1.5 s"]);
    expect(valueLabels([0, 2500, 5000])).toEqual(["0", "2.5K", "5K"]);
  });

  test("behavior: counts step by whole numbers only (never 2.5 sessions)", () => {
    expect(countIncrements.slice(0, 4)).toEqual([1, 2, 5, 10]);
    expect(countIncrements.every(Number.isInteger)).toBe(true);
  });

  test("behavior: a monthly axis is labelled by months, with the year under January", () => {
    const min = utc(2026, 8, 1) - 15 * 86_400;
    const max = utc(2026, 10, 1) + 15 * 86_400;
    const splits = timeSplits("monthly", min, max, 800);
    expect(splits).toEqual([utc(2026, 8, 1), utc(2026, 9, 1), utc(2026, 10, 1)]);
    expect(timeLabels("monthly", splits)).toEqual(["Sep\n2026", "Oct", "Nov"]);
    const twoYears = timeSplits("monthly", utc(2024, 10, 1), utc(2026, 10, 1), 600);
    expect(twoYears.every((ts) => new Date(ts * 1000).getUTCDate() === 1)).toBe(true);
    expect(timeLabels("monthly", twoYears)).toContain("Jan\n2026");
  });

  test("behavior: hourly ticks on a 24-hour clock, the date under midnight; daily ticks as days", () => {
    const day = utc(2026, 10, 19);
    const hours = timeSplits("hourly", day + 18 * 3600, day + 36 * 3600, 260);
    expect(timeLabels("hourly", hours)).toEqual(["18:00\n19 Nov", "00:00\n20 Nov", "06:00", "12:00"]);
    const days = timeSplits("daily", utc(2026, 10, 1), utc(2026, 10, 30), 1100);
    expect(days).toHaveLength(15);
    expect(timeLabels("daily", days).slice(0, 2)).toEqual(["1 Nov\n2026", "3 Nov"]);
  });
});
