import { describe, expect, test } from "vitest";
import type { BenchReport } from "../../scripts/bench/report.js";
import { packageRoot } from "../../src/util/packageRoot.js";
import { npm } from "../support/npm.js";

/**
 * `npm run bench -- … --json` as a user types it (the build first: up to date, so nothing
 * rebuilds the dist/ the suite's other files run; then the bench), at tiny
 * sizes: with npm's own banner off (-s), stdout is exactly one JSON object; with it on, the
 * bench says on stderr how to get the JSON alone. (--ignore-scripts skips only pre/post scripts:
 * the bench script itself runs.)
 */
const tiny = [
  "--suite",
  "scale",
  "--scenarios",
  "base",
  "--limits",
  "none",
  "--shrink",
  "20000",
  "--side-sizes",
  "",
  "--no-short",
  "--no-shapes",
  "--no-peer",
  "--json",
];

describe("npm run bench --json", () => {
  test("default: npm run -s bench -- --json: stdout is one JSON object and nothing else", {
    timeout: 300_000,
  }, async () => {
    const result = await npm(packageRoot(), ["run", "-s", "--ignore-scripts", "bench", "--", ...tiny]);
    expect(result.code, result.stderr).toBe(0);
    const text = result.stdout;
    expect(text.trimStart().startsWith("{")).toBe(true);
    const report = JSON.parse(text) as BenchReport;
    expect(report.benchVersion).toBe(3);
    expect(report.scale?.runs.map((run) => run.scenario)).toEqual(["base"]);
    // The build's report (here: that dist/ is up to date, the suite built it) and the bench's
    // progress went to stderr.
    expect(result.stderr).toMatch(/^dist\/ is up to date \(built /m);
    expect(result.stderr).toMatch(/^\[bench +\d+s\] /m);
    expect(result.stderr).not.toContain("npm printed its own lines");
  });

  test("behavior: without -s, npm's banner precedes the JSON on stdout, and the bench says how to avoid it", {
    timeout: 300_000,
  }, async () => {
    const result = await npm(packageRoot(), ["run", "--ignore-scripts", "bench", "--", ...tiny]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^\s*> mor-throughput@/);
    expect(result.stderr).toContain("run `npm run -s bench -- ... --json` (or use --out <file>)");
    // Past the banner, the same one object.
    expect(JSON.parse(result.stdout.slice(result.stdout.indexOf("\n{") + 1)).benchVersion).toBe(3);
  });
});
