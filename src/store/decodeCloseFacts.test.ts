import { describe, expect, test } from "vitest";
import { closeFact, closeFields } from "../rollup/CloseDay.js";
import { decodeCloseFacts } from "./decodeCloseFacts.js";

describe("decodeCloseFacts", () => {
  test("default: closes row after row, every field in order", () => {
    const day = decodeCloseFacts(86_400, 8453, "10,224,734,41237,600,2,700,3,7;86399,0,0,0,0,1,-5,0,9");
    expect(day).toMatchObject({ day: 86_400, chainId: 8453, count: 2 });
    expect([...day.facts]).toEqual([10, 224, 734, 41237, 600, 2, 700, 3, 7, 86399, 0, 0, 0, 0, 1, -5, 0, 9]);
    expect(day.facts[closeFields + closeFact.duration]).toBe(-5);
    expect(day.facts[closeFact.providerRef]).toBe(7);
    // Flags: 2 for tokens counted, 1 for disputed.
    expect([day.facts[closeFact.flags], day.facts[closeFields + closeFact.flags]]).toEqual([2, 1]);
  });

  test("error: a close with another number of fields, or a character that is no part of a number", () => {
    expect(() => decodeCloseFacts(0, 1, "1,2,3;4,5,6,7,8,9,10,11,12")).toThrow(
      "3 fields in a close, expected 9",
    );
    expect(() => decodeCloseFacts(0, 1, "1,2,3,4,5,6,7,8,9,10")).toThrow("10 fields in a close, expected 9");
    expect(() => decodeCloseFacts(0, 1, "1,2,3,4,5,x,7,8,9")).toThrow("unexpected character");
  });
});
