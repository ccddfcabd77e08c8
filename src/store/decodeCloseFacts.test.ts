import { describe, expect, test } from "vitest";
import { closeFact, closeFields } from "../rollup/CloseDay.js";
import { decodeCloseFacts } from "./decodeCloseFacts.js";

describe("decodeCloseFacts", () => {
  test("default: closes row after row, every field in order", () => {
    const day = decodeCloseFacts(86_400, 8453, "10,224,734,41237,600,0,700,3,7,1;86399,0,0,0,0,1,-5,0,9,0");
    expect(day).toMatchObject({ day: 86_400, chainId: 8453, count: 2 });
    expect([...day.facts]).toEqual([
      10, 224, 734, 41237, 600, 0, 700, 3, 7, 1, 86399, 0, 0, 0, 0, 1, -5, 0, 9, 0,
    ]);
    expect(day.facts[closeFields + closeFact.duration]).toBe(-5);
    expect(day.facts[closeFact.providerRef]).toBe(7);
    expect([day.facts[closeFact.tokenCounted], day.facts[closeFields + closeFact.tokenCounted]]).toEqual([
      1, 0,
    ]);
  });

  test("error: a close with another number of fields, or a character that is no part of a number", () => {
    expect(() => decodeCloseFacts(0, 1, "1,2,3;4,5,6,7,8,9,10,11,12,13")).toThrow(
      "3 fields in a close, expected 10",
    );
    expect(() => decodeCloseFacts(0, 1, "1,2,3,4,5,6,7,8,9,10,11")).toThrow(
      "11 fields in a close, expected 10",
    );
    expect(() => decodeCloseFacts(0, 1, "1,2,3,4,5,x,7,8,9,10")).toThrow("unexpected character");
  });
});
