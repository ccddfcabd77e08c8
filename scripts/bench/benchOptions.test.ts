import { describe, expect, test } from "vitest";
import { BenchUsageError, parseBenchOptions } from "./benchOptions.js";

describe("parseBenchOptions", () => {
  test("default: every suite, side by side at four lengths behind no limits and a paid endpoint's", () => {
    const options = parseBenchOptions([]);
    expect(options.suites).toEqual(["local", "build", "scale"]);
    expect(options).toMatchObject({
      sideSizes: [2000, 1000, 500, 250],
      sideLimits: ["none", "paid"],
      sideBudgetMinutes: 20,
      peerBudgetMinutes: 5,
      shapes: true,
      record: false,
      render: false,
    });
  });

  test("behavior: budgets in minutes take decimals; an empty list of sizes runs none", () => {
    const options = parseBenchOptions([
      "--peer-budget",
      "0.25",
      "--side-budget",
      "1.5",
      "--side-sizes",
      "",
      "--no-shapes",
    ]);
    expect(options).toMatchObject({
      peerBudgetMinutes: 0.25,
      sideBudgetMinutes: 1.5,
      sideSizes: [],
      shapes: false,
    });
  });

  test.each([
    [["--peer-budget", "0"], /--peer-budget: expected a positive number of minutes, got "0"/],
    [["--side-budget", "soon"], /--side-budget: expected a positive number of minutes/],
    [["--side-limits", "free"], /--side-limits: expected some of none, paid, public, got "free"/],
    [["--side-sizes", "1000,x"], /--side-sizes: expected a positive integer, got "x"/],
  ])("error: %j is refused, saying what was expected", (argv, message) => {
    expect(() => parseBenchOptions(argv)).toThrow(BenchUsageError);
    expect(() => parseBenchOptions(argv)).toThrow(message);
  });
});
