import { describe, expect, test } from "vitest";
import { parseRetryAfter } from "./parseRetryAfter.js";

const now = Date.UTC(2026, 2, 1, 12, 0, 0);

describe("parseRetryAfter", () => {
  test("default: seconds", () => {
    expect(parseRetryAfter("2", 60_000, now)).toBe(2000);
    expect(parseRetryAfter("0.5", 60_000, now)).toBe(500);
  });

  test("behavior: an HTTP date, counted from now", () => {
    expect(parseRetryAfter("Sun, 01 Mar 2026 12:00:03 GMT", 60_000, now)).toBe(3000);
  });

  test("behavior: no less than nothing, no more than the cap", () => {
    expect(parseRetryAfter("Sun, 01 Mar 2026 11:59:00 GMT", 60_000, now)).toBe(0);
    expect(parseRetryAfter("-5", 60_000, now)).toBe(0);
    expect(parseRetryAfter("3600", 60_000, now)).toBe(60_000);
  });

  test("error: none, or nothing that parses", () => {
    expect(parseRetryAfter(null, 60_000, now)).toBeUndefined();
    expect(parseRetryAfter("", 60_000, now)).toBeUndefined();
    expect(parseRetryAfter("soon", 60_000, now)).toBeUndefined();
  });
});
