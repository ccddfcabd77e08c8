import { describe, expect, test } from "vitest";
import { healthAfterFailure, healthAfterSuccess, healthy, isServing } from "./memberHealth.js";

const cooldown = { firstMs: 5_000, capMs: 300_000 };

describe("memberHealth", () => {
  test("behavior: a failure leaves the endpoint out for the first cooldown; it serves again once that is over", () => {
    const out = healthAfterFailure(healthy, 1_000, cooldown);
    expect(out).toEqual({ failures: 1, outUntil: 6_000 });
    expect(isServing(out, 5_999)).toBe(false);
    expect(isServing(out, 6_000)).toBe(true);
  });

  test("behavior: failing again after coming back doubles the cooldown, up to the cap", () => {
    let health = healthy;
    const waits: number[] = [];
    for (let at = 0, n = 0; n < 8; n++) {
      health = healthAfterFailure(health, at, cooldown);
      waits.push(health.outUntil - at);
      at = health.outUntil;
    }
    expect(waits).toEqual([5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000]);
  });

  test("behavior: failures of work in flight while it is out change nothing; a success while out neither", () => {
    const out = healthAfterFailure(healthy, 0, cooldown);
    expect(healthAfterFailure(out, 100, cooldown)).toBe(out);
    expect(healthAfterSuccess(out, 100)).toBe(out);
  });

  test("behavior: a success once it is back clears its record: the next failure starts from the first cooldown", () => {
    const twice = healthAfterFailure(healthAfterFailure(healthy, 0, cooldown), 5_000, cooldown);
    const back = healthAfterSuccess(twice, 20_000);
    expect(back).toEqual(healthy);
    expect(healthAfterFailure(back, 20_000, cooldown).outUntil).toBe(25_000);
  });
});
