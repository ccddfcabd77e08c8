import { describe, expect, test } from "vitest";
import { backoffDelay } from "./backoffDelay.js";

const waits = (policy: Parameters<typeof backoffDelay>[1], random?: () => number) =>
  [1, 2, 3, 4, 5].map((attempt) => backoffDelay(attempt, policy, random));

describe("backoffDelay", () => {
  test("default: exponential doubles from the base", () => {
    expect(waits({ baseMs: 500, growth: "exponential" })).toEqual([500, 1000, 2000, 4000, 8000]);
  });

  test("behavior: linear grows by the base", () => {
    expect(waits({ baseMs: 250, growth: "linear" })).toEqual([250, 500, 750, 1000, 1250]);
  });

  test("behavior: the cap bounds the wait", () => {
    expect(waits({ baseMs: 250, growth: "exponential", capMs: 1500 })).toEqual([250, 500, 1000, 1500, 1500]);
  });

  test("behavior: jitter spreads the capped wait around it, both ways", () => {
    const policy = { baseMs: 250, growth: "exponential", capMs: 1500, jitter: 0.25 } as const;
    expect(waits(policy, () => 0)).toEqual([187.5, 375, 750, 1125, 1125]);
    expect(waits(policy, () => 0.5)).toEqual([250, 500, 1000, 1500, 1500]);
    expect(backoffDelay(5, policy, () => 1)).toBe(1875);
  });

  test("behavior: attempt 0 or less waits the base", () => {
    expect(backoffDelay(0, { baseMs: 100, growth: "exponential" })).toBe(100);
  });
});
