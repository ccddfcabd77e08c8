import { describe, expect, test } from "vitest";
import {
  initialSizing,
  rangeCeiling,
  refusalKind,
  sizeAfterLogs,
  sizeAfterRefusal,
  splitRange,
} from "./nextRangeSize.js";

describe("sizeAfterLogs", () => {
  test("default: empty and sparse ranges grow 16-fold, up to the maximum", () => {
    let sizing = initialSizing(1);
    const sizes: number[] = [];
    for (let k = 0; k < 6; k++) {
      sizing = sizeAfterLogs(sizing, sizing.size, 3);
      sizes.push(sizing.size);
    }
    expect(sizes).toEqual([16, 256, 4096, 65_536, 1_000_000, 1_000_000]);
  });

  test("behavior: towards 5,000 logs a range once the density shows", () => {
    expect(sizeAfterLogs(initialSizing(10_000), 10_000, 1_000).size).toBe(50_000);
    // Between light and heavy: as it is.
    expect(sizeAfterLogs(initialSizing(10_000), 10_000, 4_000).size).toBe(10_000);
    // Heavy: smaller, in proportion.
    expect(sizeAfterLogs(initialSizing(10_000), 10_000, 20_000).size).toBe(2_500);
  });

  test("behavior: a light range that was cut short (the target's end) does not shrink the size", () => {
    expect(sizeAfterLogs(initialSizing(10_000), 10, 0).size).toBe(10_000);
  });
});

describe("sizeAfterRefusal", () => {
  const refuse = (
    sizing: ReturnType<typeof initialSizing>,
    span: number,
    message: string,
    maxBlocks?: number,
  ) =>
    sizeAfterRefusal(sizing, {
      from: 100,
      to: 100 + span - 1,
      split: 100 + Math.floor((span - 1) / 2),
      message,
      hint: maxBlocks === undefined ? {} : { maxBlocks },
    });

  test("default: a cap the endpoint names is kept for good: growth stops there", () => {
    let sizing = refuse(initialSizing(65_536), 65_536, "eth_getLogs is limited to a 10,000 range", 10_000);
    expect(sizing.size).toBe(10_000);
    sizing = sizeAfterLogs(sizing, 10_000, 0);
    expect(sizing.size).toBe(10_000);
    expect(rangeCeiling(sizing)).toBe(10_000);
  });

  test("behavior: a cap without a number is bisected between the largest range answered and the refused one", () => {
    let sizing = sizeAfterLogs(initialSizing(256), 256, 0);
    sizing = refuse(sizing, 4096, "block range is too wide");
    expect(sizing.size).toBe(Math.floor(Math.sqrt(256 * 4095)));
    // Within 1/8 of the refused size: settled on the largest answered.
    sizing = { size: 650, accepted: 650, refused: 701, named: false };
    expect(rangeCeiling(sizing)).toBe(650);
  });

  test("behavior: too many logs shrinks the next range, and sets no cap: sparse ranges grow past it again", () => {
    let sizing = refuse(initialSizing(10_000), 10_000, "query returned more than 10000 results");
    expect(sizing.size).toBe(5_000);
    expect(sizing.refused).toBe(Infinity);
    sizing = sizeAfterLogs(sizing, 5_000, 10);
    expect(sizing.size).toBe(80_000);
  });
});

describe("refusalKind", () => {
  test.for([
    ["block range is too wide", "blocks"],
    ["eth_getLogs block range too large", "blocks"],
    ["requested too many blocks from 1 to 100000, maximum is set to 2048", "blocks"],
    ["query returned more than 10000 results", "logs"],
    ["Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range", "logs"],
    ["backend response too large", "logs"],
    ["query timeout exceeded", "logs"],
    ["no backend is currently healthy to serve traffic", "logs"],
  ] as const)("default: %s → %s", ([message, kind]) => {
    expect(refusalKind(message)).toBe(kind);
  });
});

describe("splitRange", () => {
  const sizing = { size: 1, accepted: 300, refused: Infinity, named: false };
  test("default: at the named cap, as many pieces as needed", () => {
    const refusal = { from: 0, to: 24_999, split: 9_999, message: "", hint: { maxBlocks: 10_000 } };
    expect(splitRange(refusal, sizing)).toEqual([
      [0, 9_999],
      [10_000, 19_999],
      [20_000, 24_999],
    ]);
  });
  test("behavior: a suggested range: two pieces at it; too many logs: two halves", () => {
    const suggested = { from: 0, to: 999, split: 299, message: "", hint: { suggestedTo: 299 } };
    expect(splitRange(suggested, sizing)).toEqual([
      [0, 299],
      [300, 999],
    ]);
    const logs = {
      from: 0,
      to: 999,
      split: 499,
      message: "query returned more than 10000 results",
      hint: {},
    };
    expect(splitRange(logs, sizing)).toEqual([
      [0, 499],
      [500, 999],
    ]);
  });
  test("behavior: a cap without a number: pieces of the largest range answered, at most 16", () => {
    const refusal = { from: 0, to: 999, split: 499, message: "block range is too wide", hint: {} };
    expect(splitRange(refusal, sizing)).toEqual([
      [0, 299],
      [300, 599],
      [600, 899],
      [900, 999],
    ]);
    const long = { ...refusal, to: 99_999 };
    const pieces = splitRange(long, sizing);
    expect(pieces).toHaveLength(16);
    expect(pieces[15]).toEqual([4_500, 99_999]);
  });
});
