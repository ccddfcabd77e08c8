import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { pageFile, resultsFile } from "../../scripts/bench/benchOptions.js";
import { forkFigures, forkFiguresFile, withForkFigures } from "../../scripts/bench/page/forkFigures.js";
import { figureFile, renderGrowthSvg } from "../../scripts/bench/page/renderGrowthSvg.js";
import { renderPerformancePage } from "../../scripts/bench/page/renderPerformancePage.js";
import type { BenchReport } from "../../scripts/bench/report.js";
import { repoRoot } from "./sourceFiles.js";

/**
 * docs/performance.md and its figure, and the fork suite's figures docs/publishing.md quotes, are
 * generated from the committed results (docs/performance.json, written by `npm run bench --
 * --record`): a page edited by hand, or results recorded without the page written again (`npm run
 * bench -- --render`), fail here.
 */
const read = (file: string) => readFileSync(join(repoRoot, file), "utf8");

describe("the performance page", () => {
  const report = JSON.parse(read(resultsFile)) as BenchReport;

  test("default: the committed page is what the committed results give", () => {
    const svg = renderGrowthSvg(report.scale?.side ?? []);
    expect(
      read(pageFile),
      `${pageFile} disagrees with ${resultsFile}: run \`npm run bench -- --render\``,
    ).toBe(renderPerformancePage(report, svg !== null));
    if (svg === null) expect(existsSync(join(repoRoot, figureFile))).toBe(false);
    else expect(read(figureFile), `${figureFile}: run \`npm run bench -- --render\``).toBe(svg);
  });

  test("default: the fork suite's figures docs/publishing.md quotes are the committed results", () => {
    const page = read(forkFiguresFile);
    expect(page, `${forkFiguresFile} disagrees with ${resultsFile}: run \`npm run bench -- --render\``).toBe(
      withForkFigures(page, forkFigures(report.fork)),
    );
  });

  test("default: the results say what was measured, where, when and under what load", () => {
    expect(report.benchVersion).toBe(3);
    expect(Number.isNaN(Date.parse(report.startedAt))).toBe(false);
    expect(report.provenance.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(report.provenance.versions.morThroughput).toMatch(/^\d+\.\d+\.\d+/);
    expect(report.provenance.versions.ponder).toMatch(/^\d+\.\d+\.\d+/);
    expect(report.machine.cores).toBeGreaterThan(0);
    expect(report.machine.loadAverage.start).toHaveLength(3);
    expect(report.machine.loadAverage.end).toHaveLength(3);
  });
});
