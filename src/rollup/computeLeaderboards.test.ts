import { describe, expect, test } from "vitest";
import type { TestClose } from "../../tooling/rollup/makeCloseDays.js";
import { rollupOf } from "../../tooling/rollup/rollupOf.js";

const day = 86_400;
const asOf = Date.UTC(2026, 2, 15, 12, 34, 56) / 1000;
// EIP-55: "0xB…" sorts before "0xa…" by code units, after it as lowercase strings (SPEC.md).
const upper = "0xB000000000000000000000000000000000000001";
const lower = "0xa000000000000000000000000000000000000002";
const world = {
  bids: {
    1: { model: 1, provider: 1 },
    2: { model: 2, provider: 2 },
    3: { model: 3, provider: 1 },
    4: { model: 4, provider: 3 },
  },
  modelIds: {
    1: `0x${"f".repeat(64)}`,
    2: `0x${"0".repeat(64)}`,
    3: `0x${"a".repeat(64)}`,
    4: `0x${"b".repeat(64)}`,
  },
  providerAddresses: { 1: upper, 2: lower, 3: "0x0000000000000000000000000000000000000003" },
};
const close = (closedAt: number, bidRef: number, providerRef: number): TestClose => ({
  closedAt,
  bidRef,
  providerRef,
  tokens: 1,
});

describe("computeLeaderboards", () => {
  const { files } = rollupOf(
    [
      close(asOf - 400 * day, 1, 1), // before the daily range: in the leaderboards only
      close(asOf - 1, 2, 2),
      close(asOf + 1, 4, 3), // after the as-of: model 4 and provider 3 have no close yet
    ],
    asOf,
    world,
  );

  test("default: one item per model and provider with a close up to the as-of, ever; sorted as lowercase strings", () => {
    expect(files["models.json"].models.map((m) => [m.modelId, m.name])).toEqual([
      [`0x${"0".repeat(64)}`, "model 2"],
      [`0x${"f".repeat(64)}`, "model 1"],
    ]);
    expect(files["providers.json"].providers.map((p) => p.provider)).toEqual([lower, upper]);
  });

  test("behavior: by-model and by-provider items hold only closes of the daily range, sorted alike", () => {
    expect(files["rollup/by-model-daily.json"].models.map((m) => m.modelId)).toEqual([`0x${"0".repeat(64)}`]);
    expect(files["rollup/by-provider-daily.json"].providers.map((p) => p.provider)).toEqual([lower]);
  });

  test("behavior: an old model's windows: zero but for all", () => {
    const old = files["models.json"].models[1]?.windows;
    const zero = {
      tokens: 0,
      tokenSessions: 0,
      sessions: 0,
      seconds: 0,
      earned: "0",
      disputed: 0,
      providers: 0,
      models: 0,
    };
    expect(old).toEqual({
      "24h": zero,
      "7d": zero,
      "30d": zero,
      all: {
        tokens: 1,
        tokenSessions: 1,
        sessions: 1,
        seconds: 0,
        earned: "0",
        disputed: 0,
        providers: 1,
        models: 1,
      },
    });
  });
});
