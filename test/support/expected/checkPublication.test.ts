import { describe, expect, test } from "vitest";
import { generateHistory } from "../../../src/devchain/generateHistory.js";
import { serializeJson } from "../../../src/publish/serializeJson.js";
import { checkConsistency } from "../../../src/publish/spec/checkConsistency.js";
import { checkFiles } from "../../../src/publish/spec/checkFiles.js";
import { expectedPublication } from "./expectedPublication.js";

/**
 * validate's rules against the independent calculator of SPEC.md (test/support/expected): what
 * SPEC.md computes breaks none of them, at any length of history (retention-limited hourly and
 * daily series included) and with several chains whose as-of times differ.
 */
describe("the rules of SPEC.md on what SPEC.md computes", () => {
  const endTime = Date.UTC(2026, 2, 1, 10, 45) / 1000;

  /** The calculator's files for these chains, with the meta.json fields the rules read. */
  function publication(chains: Array<{ chainId: number; days: number; seed: number; lag?: number }>) {
    const histories = chains.map(({ chainId, days, seed, lag = 0 }) => ({
      chainId,
      history: generateHistory({ seed, days, sessionsPerDay: 12, endTime: endTime - lag }),
      asOf: endTime - lag,
    }));
    const files = expectedPublication(histories);
    const audit = files["audit.json"] as { complete: boolean; asOf: number };
    const metaChains = histories.map(({ chainId, asOf }) => ({
      chainId,
      contract: "0x0000000000000000000000000000000000000001",
      fromBlock: 0,
      toBlock: 100,
      asOf,
      caughtUp: true,
    }));
    files["meta.json"] = {
      ...metaChains[0],
      asOf: Math.min(...histories.map((h) => h.asOf)),
      chains: metaChains,
      backfillComplete: true,
      complete: audit.complete,
    };
    const texts = Object.fromEntries(
      Object.entries(files).map(([path, value]) => [path, serializeJson(value)]),
    );
    // As published: parsed back from their text.
    const parsed = Object.fromEntries(Object.entries(texts).map(([path, text]) => [path, JSON.parse(text)]));
    return { files: parsed, texts };
  }

  test.each([
    ["a few days", [{ chainId: 31337, days: 3, seed: 1 }]],
    ["past the hourly retention", [{ chainId: 31337, days: 30, seed: 2 }]],
    ["past the daily retention", [{ chainId: 31337, days: 420, seed: 3 }]],
    [
      "two chains, as-of times apart",
      [
        { chainId: 8453, days: 60, seed: 4 },
        { chainId: 42161, days: 400, seed: 5, lag: 5000 },
      ],
    ],
  ] as const)("default: %s", (_name, chains) => {
    const { files, texts } = publication([...chains]);
    expect(checkFiles(files)).toEqual([]);
    expect(checkConsistency(files, texts)).toEqual([]);
  });
});
