import { describe, expect, test } from "vitest";
import { buildProgressLine, formatDuration } from "./buildProgressLine.js";

const state = { chainId: 8453, from: 1_000, to: 100_999, logs: 0, opened: 1_234, closed: 1_200 };

describe("buildProgressLine", () => {
  test("default: percent, block, sessions found, rate and ETA", () => {
    expect(buildProgressLine({ ...state, synced: 25_999, elapsedMs: 10_000 })).toBe(
      "sync 25.0% · block 25,999/100,999 · 1,234 sessions opened, 1,200 closed · 2,500 blocks/s · ETA 30s",
    );
  });

  test("behavior: rate and ETA unknown during the first second", () => {
    expect(buildProgressLine({ ...state, synced: 1_500, elapsedMs: 40 })).toBe(
      "sync 0.5% · block 1,500/100,999 · 1,234 sessions opened, 1,200 closed · ? blocks/s · ETA ?",
    );
  });

  test("behavior: done is 100% with nothing left", () => {
    expect(buildProgressLine({ ...state, synced: 100_999, elapsedMs: 50_000 })).toContain(
      "sync 100.0% · block 100,999/100,999",
    );
    expect(buildProgressLine({ ...state, synced: 100_999, elapsedMs: 50_000 })).toMatch(/ETA 0s$/);
  });

  test("behavior: durations read as minutes and hours", () => {
    expect(formatDuration(59)).toBe("59s");
    expect(formatDuration(75)).toBe("1m 15s");
    expect(formatDuration(3725)).toBe("1h 2m");
  });
});
