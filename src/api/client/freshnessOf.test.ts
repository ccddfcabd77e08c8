import { describe, expect, test } from "vitest";
import type { Meta } from "../responseTypes.js";
import { freshnessOf } from "./freshnessOf.js";

const hour = 3600;
const meta = (fields: Partial<Pick<Meta, "updatedAt" | "updateIntervalSeconds" | "backfillComplete">>) => ({
  asOf: 1_800_000_000,
  backfillComplete: true,
  ...fields,
});

describe("freshnessOf", () => {
  test("default: a publication updated within twice its interval is fresh", () => {
    const updatedAt = 1_800_000_100;
    expect(
      freshnessOf(meta({ updatedAt, updateIntervalSeconds: hour }), (updatedAt + 1.5 * hour) * 1000),
    ).toEqual({
      updatedAt,
      ageSeconds: 1.5 * hour,
      intervalSeconds: hour,
      maxAgeSeconds: 2 * hour,
      stale: false,
      backfillComplete: true,
    });
  });

  test("behavior: older than twice its interval, it is stale (a schedule that stopped)", () => {
    const updatedAt = 1_800_000_100;
    const freshness = freshnessOf(
      meta({ updatedAt, updateIntervalSeconds: hour }),
      (updatedAt + 2 * hour + 1) * 1000,
    );
    expect([freshness.stale, freshness.ageSeconds]).toEqual([true, 2 * hour + 1]);
    expect(
      freshnessOf(meta({ updatedAt, updateIntervalSeconds: 86_400 }), (updatedAt + 2 * hour + 1) * 1000)
        .stale,
    ).toBe(false);
  });

  test("behavior: a publication from before updatedAt: its as-of time and an hour", () => {
    expect(freshnessOf(meta({}), (1_800_000_000 + 3 * hour) * 1000)).toMatchObject({
      updatedAt: 1_800_000_000,
      intervalSeconds: hour,
      stale: true,
    });
  });

  test("behavior: a backfill in progress is said, whatever the age", () => {
    expect(freshnessOf(meta({ backfillComplete: false }), 1_800_000_000 * 1000).backfillComplete).toBe(false);
  });
});
