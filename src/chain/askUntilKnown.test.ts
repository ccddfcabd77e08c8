import { describe, expect, test } from "vitest";
import { askUntilKnown } from "./askUntilKnown.js";

describe("askUntilKnown", () => {
  test("default: asks again while the answer is null, and returns the first known one", async () => {
    const answers = [null, null, "block"];
    let asked = 0;
    const answer = await askUntilKnown(async () => answers[asked++] ?? null, {
      attempts: 5,
      delay: { baseMs: 1, growth: "linear" },
    });
    expect([answer, asked]).toEqual(["block", 3]);
  });

  test("error: null after `attempts` asks", async () => {
    let asked = 0;
    const answer = await askUntilKnown(
      async () => {
        asked++;
        return null;
      },
      { attempts: 4, delay: { baseMs: 1, growth: "linear" } },
    );
    expect([answer, asked]).toEqual([null, 4]);
  });
});
