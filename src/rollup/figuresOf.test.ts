import { describe, expect, test } from "vitest";
import type { TestClose } from "../../tooling/rollup/makeCloseDays.js";
import { rollupOf } from "../../tooling/rollup/rollupOf.js";
import { floorHour } from "../api/periods.js";
import { type CloseDay, closeFact, closeFields } from "./CloseDay.js";
import { computeChainFiles } from "./computeChainFiles.js";
import { createDenseIndices } from "./createDenseIndices.js";
import { tallyCloses } from "./tallyCloses.js";

const hour = 3_600;
const asOf = Date.UTC(2026, 2, 15, 12, 34, 56) / 1000;
const big = 2 ** 51 + 1;

describe("figuresOf: earned", () => {
  // Prices eighteen and forty-eight orders of magnitude apart.
  const price2 = 1_000_000_000_000_000_007n;
  const price3 = 3n ** 100n;
  const world = {
    bids: {
      1: { model: 1, provider: 1, price: 1n },
      2: { model: 2, provider: 1, price: price2 },
      3: { model: 1, provider: 2, price: price3 },
    },
  };
  const at = (
    closedAt: number,
    bidRef: number,
    seconds: number,
    more: Partial<TestClose> = {},
  ): TestClose => ({
    closedAt,
    bidRef,
    providerRef: bidRef === 3 ? 2 : 1,
    seconds,
    ...more,
  });
  const h = floorHour(asOf);
  const closes = [
    at(h - 3 * hour, 1, 86_401),
    at(h - 2 * hour, 2, 3_600),
    at(h - 2 * hour + 1, 2, 3_600, { disputed: true }),
    at(h - hour, 2, 3_600),
    at(h - hour + 5, 3, 7),
    at(asOf, 0, 1_000), // its bid could not be read
  ];
  const { files } = rollupOf(closes, asOf, world);

  test("default: Σ session time × the bid's price, exact past 2^64, disputed closes included", () => {
    const all = files["summary.json"].all;
    expect(all).toMatchObject({ seconds: 86_401 + 3 * 3_600 + 7 + 1_000, disputed: 1, sessions: 6 });
    expect(all.earned).toBe((86_401n + 10_800n * price2 + 7n * price3).toString());
    expect(BigInt(all.earned) > 2n ** 64n).toBe(true);
    expect(all.earned).toMatch(/^[1-9][0-9]*$/);
  });

  test("behavior: each bucket earns by its own bids; an unreadable bid's time counts in seconds only", () => {
    const hourly = files["rollup/hourly.json"].series.slice(-4);
    expect(hourly.map((bucket) => [bucket.seconds, bucket.earned])).toEqual([
      [86_401, "86401"],
      [7_200, (7_200n * price2).toString()],
      [3_607, (3_600n * price2 + 7n * price3).toString()],
      [1_000, "0"],
    ]);
  });

  test("behavior: a model's and a provider's earned are over their own bids", () => {
    const [model1, model2] = files["models.json"].models;
    expect(model1?.windows["24h"].earned).toBe((86_401n + 7n * price3).toString());
    expect(model2?.windows["24h"].earned).toBe((10_800n * price2).toString());
    const [provider1, provider2] = files["providers.json"].providers;
    expect(provider1?.windows.all).toMatchObject({
      seconds: 86_401 + 10_800 + 1_000,
      earned: (86_401n + 10_800n * price2).toString(),
    });
    expect(provider2?.windows.all.earned).toBe((7n * price3).toString());
    const byModel = files["rollup/by-model-daily.json"].models.map((m) => m.series.at(-1)?.earned);
    expect(byModel).toEqual([(86_401n + 7n * price3).toString(), (10_800n * price2).toString()]);
    const byProvider = files["rollup/by-provider-daily.json"].providers.map((p) => p.series.at(-1)?.earned);
    expect(byProvider).toEqual([(86_401n + 10_800n * price2).toString(), (7n * price3).toString()]);
  });
});

describe("figuresOf: sums past 2^53", () => {
  const expected = 5n * (2n ** 51n + 1n);

  test("default: tokens past 2^53 are written as an exact bigint", () => {
    const closes = Array.from({ length: 5 }, (_, i) => ({
      closedAt: asOf - i,
      tokens: big,
      bidRef: 1,
      providerRef: 1,
    }));
    const { files } = rollupOf(closes, asOf);
    expect(files["summary.json"]["24h"].tokens).toBe(expected);
    expect(files["rollup/hourly.json"].series.at(-1)?.tokens).toBe(expected);
    expect(files["rollup/daily.json"].series.at(-1)?.tokens).toBe(expected);
    expect(files["rollup/monthly.json"].series.at(-1)?.tokens).toBe(expected);
    expect(files["rollup/by-model-daily.json"].models[0]?.series.at(-1)?.tokens).toBe(expected);
    expect(files["models.json"].models[0]?.windows.all.tokens).toBe(expected);
  });

  test("behavior: a carried sum that still fits a double is a plain number", () => {
    const closes = [2 ** 52 - 1, 2 ** 52 - 1].map((tokens, i) => ({ closedAt: asOf - i, tokens, bidRef: 1 }));
    const { files } = rollupOf(closes, asOf);
    expect(files["summary.json"].all.tokens).toBe(2 ** 53 - 2);
  });

  test("behavior: seconds past 2^53 are written as an exact bigint", () => {
    const closes = Array.from({ length: 5 }, (_, i) => ({
      closedAt: asOf - i,
      seconds: big,
      providerRef: 1,
    }));
    const { files } = rollupOf(closes, asOf);
    expect(files["summary.json"].all).toMatchObject({ seconds: expected, earned: "0" });
    expect(files["providers.json"].providers[0]?.windows["7d"].seconds).toBe(expected);
  });

  test("behavior: 2^20 + 1 closes of nearly the largest v2 token count: the sum passes 2^53, exact", () => {
    const count = 2 ** 20 + 1;
    // inputTokens 2^32 - 1 and outputTokens 2^32 - 2: odd, so that a double past 2^53 would lose it.
    const perClose = 2 ** 33 - 3;
    const day = asOf - (asOf % 86_400);
    const facts = new Float64Array(count * closeFields);
    for (let at = 0; at < facts.length; at += closeFields) {
      facts[at + closeFact.second] = asOf - day;
      facts[at + closeFact.tokens] = perClose;
    }
    const group: CloseDay = { day, chainId: 8453, count, facts };
    const indices = createDenseIndices(new Map(), []);
    const tally = tallyCloses([group], asOf, indices);
    const labels = { modelIds: new Map(), providers: new Map(), modelName: () => "" };
    const files = computeChainFiles(tally, indices, labels, []);
    expect(files["summary.json"].all.tokens).toBe(BigInt(count) * BigInt(perClose));
    expect(files["rollup/hourly.json"].series.at(-1)?.tokens).toBe(BigInt(count) * BigInt(perClose));
  });
});

describe("figuresOf: a bid's session time past 2^53", () => {
  test("behavior: earned stays exact where seconds does", () => {
    // The largest times readSessions accepts are 2^40 (a chain stamping its blocks there): 8,193
    // sessions of one bid, each opened at 1 and closed at 2^40, pass 2^53 seconds together.
    const closedAt = 2 ** 40;
    const closes = Array.from({ length: 8_193 }, () => ({
      closedAt,
      seconds: closedAt - 1,
      bidRef: 1,
      providerRef: 1,
    }));
    const { files } = rollupOf(closes, closedAt, { bids: { 1: { model: 1, provider: 1, price: 3n } } });
    const seconds = 8_193n * (2n ** 40n - 1n);
    expect(files["summary.json"].all.seconds).toBe(seconds);
    expect(files["summary.json"].all.earned).toBe((seconds * 3n).toString());
    expect(files["models.json"].models[0]?.windows["24h"].earned).toBe((seconds * 3n).toString());
  });
});
