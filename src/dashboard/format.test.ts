import { describe, expect, test } from "vitest";
import { format } from "./format.js";
import { modelLabel } from "./modelLabel.js";

describe("format", () => {
  test("default: exact integers, seconds to the millisecond, UTC times", () => {
    expect(format.integer(37_153_319)).toBe("37,153,319");
    expect(format.seconds(0.734)).toBe("0.734 s");
    expect(format.seconds(undefined)).toBe("—");
    expect(format.utc(Date.UTC(2026, 10, 20, 12, 0) / 1000)).toBe("2026-11-20 12:00 UTC");
  });

  test("behavior: stakes in MOR from wei, identifiers shortened", () => {
    expect(format.mor("75628000000000000000")).toBe("75.628 MOR");
    expect(format.mor("1000000000000000000000")).toBe("1,000 MOR");
    expect(format.mor("123")).toBe("0 MOR");
    expect(format.shortHex("0x6c4e00000000000000000000000000000000f7b5")).toBe("0x6c4e…f7b5");
  });
});

describe("modelLabel", () => {
  test("default: the on-chain name; a model without one shows the start of its id", () => {
    expect(modelLabel("llama-3.3-70b-instruct", `0x${"ab".repeat(32)}`)).toBe("llama-3.3-70b-instruct");
    expect(modelLabel("", `0x5c2e${"0".repeat(60)}`)).toBe("(unnamed) 0x5c2e…");
  });
});
