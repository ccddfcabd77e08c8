import { describe, expect, test } from "vitest";
import { addPeriods, floorDay, floorHour, floorMonth, periodStarts } from "./periods.js";

const utc = (...parts: [number, number, number?, number?, number?, number?]) =>
  Date.UTC(parts[0], parts[1], parts[2] ?? 1, parts[3] ?? 0, parts[4] ?? 0, parts[5] ?? 0) / 1000;

describe("periods", () => {
  test("default: floors to the hour, the day and the month in UTC", () => {
    const ts = utc(2026, 10, 21, 14, 32, 5);
    expect(floorHour(ts)).toBe(utc(2026, 10, 21, 14));
    expect(floorDay(ts)).toBe(utc(2026, 10, 21));
    expect(floorMonth(ts)).toBe(utc(2026, 10, 1));
  });

  test("behavior: a boundary belongs to the period it starts", () => {
    expect(floorHour(utc(2026, 0, 1, 5))).toBe(utc(2026, 0, 1, 5));
    expect(floorHour(utc(2026, 0, 1, 5) - 1)).toBe(utc(2026, 0, 1, 4));
    expect(floorDay(utc(2026, 0, 2))).toBe(utc(2026, 0, 2));
    expect(floorDay(utc(2026, 0, 2) - 1)).toBe(utc(2026, 0, 1));
    expect(floorMonth(utc(2026, 2, 1))).toBe(utc(2026, 2, 1));
    expect(floorMonth(utc(2026, 2, 1) - 1)).toBe(utc(2026, 1, 1));
  });

  test("behavior: month lengths and the leap day", () => {
    expect(addPeriods("monthly", utc(2024, 1, 1), 1) - utc(2024, 1, 1)).toBe(29 * 86_400);
    expect(addPeriods("monthly", utc(2026, 1, 1), 1) - utc(2026, 1, 1)).toBe(28 * 86_400);
    expect(addPeriods("monthly", utc(2026, 3, 1), 1) - utc(2026, 3, 1)).toBe(30 * 86_400);
    expect(addPeriods("monthly", utc(2026, 11, 1), 1)).toBe(utc(2027, 0, 1));
    expect(floorDay(utc(2024, 1, 29, 23, 59, 59))).toBe(utc(2024, 1, 29));
    expect(floorMonth(utc(2024, 1, 29, 12))).toBe(utc(2024, 1, 1));
    expect(addPeriods("daily", utc(2024, 1, 28), 1)).toBe(utc(2024, 1, 29));
    expect(addPeriods("daily", utc(2024, 1, 29), 1)).toBe(utc(2024, 2, 1));
  });

  test("behavior: going back across a year", () => {
    expect(addPeriods("monthly", utc(2026, 0, 1), -1)).toBe(utc(2025, 11, 1));
    expect(addPeriods("hourly", utc(2026, 0, 1), -1)).toBe(utc(2025, 11, 31, 23));
  });

  test("behavior: dense starts, both ends included", () => {
    expect(periodStarts("monthly", utc(2025, 10, 1), utc(2026, 1, 1))).toEqual([
      utc(2025, 10, 1),
      utc(2025, 11, 1),
      utc(2026, 0, 1),
      utc(2026, 1, 1),
    ]);
    expect(periodStarts("daily", utc(2026, 0, 2), utc(2026, 0, 1))).toEqual([]);
  });
});
