import { describe, expect, test } from "vitest";
import { pickHours } from "./pickHours.js";

const hour = 3600;
const range = { first: 100 * hour, last: 199 * hour };

describe("pickHours", () => {
  test("default: count distinct hours of the range; the same seed, the same hours", () => {
    const drawn = pickHours(range, { given: [], count: 3, seed: 7 });
    expect(new Set(drawn).size).toBe(3);
    for (const ts of drawn) expect(ts >= range.first && ts <= range.last && ts % hour === 0).toBe(true);
    expect(pickHours(range, { given: [], count: 3, seed: 7 })).toEqual(drawn);
  });

  test("behavior: with `among`, only its hours inside the range; all of them when count passes their number; none inside: the range", () => {
    const among = [90 * hour, 120 * hour, 150 * hour, 180 * hour, 250 * hour];
    for (const seed of [1, 2, 3, 4]) {
      const drawn = pickHours(range, { given: [], count: 2, seed, among });
      expect(drawn).toHaveLength(2);
      for (const ts of drawn) expect([120, 150, 180].map((h) => h * hour)).toContain(ts);
    }
    expect(pickHours(range, { given: [], count: 10, seed: 1, among })).toEqual(
      [120, 150, 180].map((h) => h * hour),
    );
    expect(pickHours(range, { given: [], count: 2, seed: 1, among: [5 * hour] })).toHaveLength(2);
  });
});
