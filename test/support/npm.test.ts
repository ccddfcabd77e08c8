import { tmpdir } from "node:os";
import { describe, expect, test } from "vitest";
import { packageRoot } from "../../src/util/packageRoot.js";
import { refuseRebuild } from "./npm.js";

describe("npm in tests", () => {
  test("error: packing or installing in the checkout without --ignore-scripts is refused (prepare rebuilds dist/)", () => {
    expect(() => refuseRebuild(packageRoot(), ["pack", "--json"])).toThrow(/--ignore-scripts/);
    expect(() => refuseRebuild(packageRoot(), ["ci"])).toThrow(/rebuild dist\//);
    expect(() => refuseRebuild(packageRoot(), ["pack", "-w", "@mor-throughput/client"])).toThrow();
  });

  test("default: with --ignore-scripts, or outside the checkout, it goes ahead", () => {
    expect(() => refuseRebuild(packageRoot(), ["pack", "--json", "--ignore-scripts"])).not.toThrow();
    expect(() => refuseRebuild(tmpdir(), ["ci", "--offline"])).not.toThrow();
    expect(() => refuseRebuild(packageRoot(), ["--version"])).not.toThrow();
  });
});
