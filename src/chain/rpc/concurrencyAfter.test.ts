import { describe, expect, test } from "vitest";
import { type Concurrency, concurrencyAfter } from "./concurrencyAfter.js";

const start: Concurrency = { current: 8, max: 8, successes: 0 };
const replay = (state: Concurrency, ...events: Array<"rate-limited" | "succeeded">) =>
  events.reduce(concurrencyAfter, state);
const successes = (n: number) => Array<"succeeded">(n).fill("succeeded");

describe("concurrencyAfter", () => {
  test("default: successes at full concurrency change nothing but the count", () => {
    expect(replay(start, ...successes(30))).toEqual({ current: 8, max: 8, successes: 30 });
  });

  test("behavior: a rate limit halves the requests in flight, down to one", () => {
    expect(replay(start, "rate-limited")).toEqual({ current: 4, max: 8, successes: 0 });
    expect(replay(start, "rate-limited", "rate-limited", "rate-limited", "rate-limited")).toMatchObject({
      current: 1,
    });
  });

  test("behavior: every 20 successes since, one more request in flight, up to the max", () => {
    const slowed = replay(start, "rate-limited", "rate-limited");
    expect(replay(slowed, ...successes(19))).toEqual({ current: 2, max: 8, successes: 19 });
    expect(replay(slowed, ...successes(20))).toEqual({ current: 3, max: 8, successes: 0 });
    expect(replay(slowed, ...successes(200))).toMatchObject({ current: 8 });
    expect(replay(slowed, ...successes(19), "rate-limited", ...successes(19))).toEqual({
      current: 1,
      max: 8,
      successes: 19,
    });
  });
});
