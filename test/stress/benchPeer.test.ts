import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { measureCommand } from "../../scripts/bench/measure.js";
import type { BenchReport } from "../../scripts/bench/report.js";
import type { PeerScale } from "../../scripts/bench/scale/scaleTypes.js";
import { summarizeSide } from "../../scripts/bench/scale/summarizeSide.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

/**
 * The Ponder peer at small sizes (installed from npm into a temporary folder on first use):
 * side by side at three growing lengths where it finishes, and at a size where its budget runs
 * out first: how far it got, the lower bound the budget gives, and the projection.
 */
describe("npm run bench with Ponder (small run)", () => {
  test("default: side by side where both finish; past Ponder's budget, a lower bound and a projection apart", {
    timeout: 900_000,
  }, async () => {
    const result = await measureCommand(
      process.execPath,
      [
        "--import",
        "tsx",
        "scripts/bench.ts",
        "--suite",
        "scale",
        "--side-sizes",
        "20000,10000,5000",
        "--side-limits",
        "none",
        "--side-budget",
        "5",
        "--scenarios",
        "base",
        "--limits",
        "none",
        // Base / 1,000 (399 events) takes Ponder a minute or more; 45 s is not enough.
        "--shrink",
        "1000",
        "--peer-budget",
        "0.75",
        "--no-short",
        "--no-shapes",
        "--json",
      ],
      { cwd: root },
    );
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as BenchReport;
    const scale = report.scale;

    // Side by side: three lengths, each doubling the last; both finished and indexed everything.
    const side = scale?.side ?? [];
    expect(side.map((run) => run.shrink)).toEqual([20000, 10000, 5000]);
    for (const [i, run] of side.entries()) {
      if (i > 0) expect(run.blocksScanned).toBeGreaterThan(1.9 * (side[i - 1]?.blocksScanned ?? 0));
      expect(run.mor).toMatchObject({ finished: true, complete: true });
      expect(run.ponder).toMatchObject({
        finished: true,
        complete: true,
        version: report.provenance.versions.ponder,
      });
      expect(run.ponder?.eventsIndexed).toBe(run.events);
      // Ponder asks for every block holding a log and three views per event, one call a request.
      expect(run.ponder?.calls).toBeGreaterThan(3 * run.events);
      expect(run.ponder?.requests).toBeGreaterThan(run.mor.requests);
    }
    const [summary] = summarizeSide(side);
    expect(summary?.both).toHaveLength(3);
    expect(summary?.ratios.map((ratio) => ratio.wall)).toEqual(
      side.map((run) => (run.ponder?.wallSeconds ?? 0) / run.mor.wallSeconds),
    );
    for (const k of [summary?.growth.mor.requests, summary?.growth.ponder.requests])
      expect(k).toEqual(expect.any(Number));
    // Ponder's requests grow with the events (about linearly), ours far slower.
    expect(summary?.growth.ponder.requests).toBeGreaterThan(0.6);
    expect(summary?.growth.mor.requests).toBeLessThan(summary?.growth.ponder.requests as number);
    expect(result.stderr).toMatch(/doubling the chain multiplied mor-throughput's wall time by/);

    // The real-size run, with a budget too short for Ponder: measured progress and a lower bound.
    const [run] = scale?.runs ?? [];
    const peer = run?.peer as PeerScale;
    expect(peer).toMatchObject({
      name: "Ponder",
      finished: false,
      complete: null,
      ratioIsLowerBound: true,
      budgetSeconds: 45,
    });
    expect(peer.eventsIndexed).toBeLessThan(peer.events);
    expect(peer.events).toBe(run?.events);
    expect(peer.wallSeconds).toBeGreaterThanOrEqual(45);
    expect(peer.ratio).toBeCloseTo(45 / (run?.wallSeconds ?? 1), 10);
    // The projection: apart, its inputs recorded, its arithmetic what the method says.
    if (peer.calls === 0) expect(peer.projection).toBeNull();
    else {
      expect(peer.projection?.callsMade).toBe(peer.calls);
      expect(peer.projection?.callsNeeded).toBeGreaterThan(3 * peer.events);
      expect(peer.projection?.seconds).toBeCloseTo(
        (peer.wallSeconds * (peer.projection?.callsNeeded ?? 0)) / peer.calls,
        6,
      );
      expect(peer.projection?.method).toMatch(/^the calls its app needs at the least/);
    }
    const ahead = report.targets.find((t) => t.measure.startsWith("ahead of Ponder at the real size"));
    expect(ahead?.measured).toMatch(/^more than [\d.,]+× \(Ponder not finished in its 45\.0 s budget\)$/);
    expect(result.stdout + result.stderr).not.toContain("\u2265 ");
  });
});
