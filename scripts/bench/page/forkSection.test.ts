import { describe, expect, test } from "vitest";
import type { ForkStep } from "../fork/forkRun.js";
import { firstCompleteAfterSeconds } from "./forkSection.js";

const step = (wallMs: number, caughtUp: boolean): ForkStep => ({
  wallMs,
  cpuMs: 0,
  peakRssMb: 0,
  requests: 0,
  calls: 0,
  rateLimited: 0,
  refusals: 0,
  methods: {},
  caughtUp,
});

describe("firstCompleteAfterSeconds", () => {
  test("behavior: each run before the last waits for the next hour; the last adds its own time", () => {
    expect(firstCompleteAfterSeconds([step(90_000, true)], 3600)).toBe(90);
    expect(firstCompleteAfterSeconds([step(1_800_500, false), step(600_000, true)], 3600)).toBe(3600 + 600);
  });
  test("behavior: without a run that caught up there is no complete publication", () => {
    expect(() => firstCompleteAfterSeconds([step(1_800_000, false)], 3600)).toThrow(/no run caught up/);
  });
});
