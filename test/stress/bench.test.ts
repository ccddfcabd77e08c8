import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { measureCommand } from "../../scripts/bench/measure.js";
import type { BenchReport } from "../../scripts/bench/report.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** `npm run bench` at tiny sizes, without the Ponder peer: every measure is there, with sane values. */
const runBench = (args: string[]) =>
  measureCommand(process.execPath, ["--import", "tsx", "scripts/bench.ts", ...args], { cwd: root });

const target = (report: BenchReport, start: string) => {
  const found = report.targets.filter((t) => t.measure.startsWith(start));
  expect(found.length, `a target "${start}…"`).toBeGreaterThan(0);
  return found;
};

describe("npm run bench (smoke, tiny sizes)", () => {
  test("default: every measure, with counts that add up", { timeout: 300_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "mor-bench-test-"));
    // --out into a folder that does not exist yet (.bench/ on a fresh clone).
    const outFile = join(dir, "reports", "latest.json");
    const result = await runBench([
      "--out",
      outFile,
      "--sessions",
      "200",
      "--scale",
      "",
      "--build-sizes",
      "2000",
      "--incremental",
      "50",
      "--shrink",
      "2000",
      // One limit set: "none" runs the same steps without the throttle.
      "--limits",
      "paid",
      "--side-sizes",
      "20000,10000",
      "--side-limits",
      "paid",
      "--no-peer",
      "--json",
    ]);
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as BenchReport;
    expect(readFileSync(outFile, "utf8")).toBe(result.stdout);
    rmSync(dir, { recursive: true, force: true });
    // The table went to stderr, with the same targets.
    expect(result.stderr).toContain(
      "| measure | size | wall | CPU | peak RSS | HTTP requests | RPC calls | note |",
    );

    expect(report.benchVersion).toBe(3);
    expect(report.provenance.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(report.provenance.versions.node).toBe(process.version);
    expect(report.machine.cores).toBeGreaterThan(0);
    expect(report.machine.loadAverage.start).toHaveLength(3);
    expect(report.machine.loadAverage.end).toHaveLength(3);

    expect(report.cold.map((run) => run.requested)).toEqual([200]);
    for (const run of report.cold) {
      expect(run.sessions).toBeGreaterThanOrEqual(run.requested);
      expect(run.closed).toBeGreaterThan(0);
      expect(run.closed).toBeLessThan(run.sessions);
      expect(run.events).toBe(run.sessions + run.closed);
      expect(run.peer).toBeUndefined();
      for (const measure of [run.sync, run.firstRun, run.warmRun]) {
        expect(measure.wallMs).toBeGreaterThan(0);
        expect(measure.peakRssMb).toBeGreaterThan(10);
        expect(measure.cpuMs === null || measure.cpuMs > 0).toBe(true);
        expect(measure.httpRequests).toBeGreaterThan(0);
        expect(measure.rpcCalls).toBeGreaterThanOrEqual(measure.httpRequests);
      }
      // The cold sync batches: many calls per HTTP request, logs fetched, views read.
      expect(run.sync.rpcCalls).toBeGreaterThan(run.sync.httpRequests);
      expect(run.sync.methods.eth_getLogs).toBeGreaterThan(0);
      expect(run.sync.methods.eth_call).toBeGreaterThan(0);
      // Nothing new: no logs asked for again.
      expect(run.warmRun.methods.eth_getLogs).toBeUndefined();
    }

    expect(report.build).toHaveLength(1);
    const [build] = report.build;
    expect(build?.closed).toBe(2000);
    expect(build?.models).toBe(18);
    expect(build?.providers).toBe(120);
    expect(build?.open).toBeGreaterThan(0);
    expect(build?.wallMs).toBeGreaterThan(0);
    expect(build?.peakRssMb).toBeGreaterThan(10);
    expect(build?.dbMb).toBeGreaterThan(0);

    const incremental = report.incremental;
    expect(incremental?.baseClosed).toBe(2000);
    expect(incremental?.newSessions).toBe(50);
    expect(incremental?.run.methods.eth_getLogs).toBeGreaterThan(0);
    expect(incremental?.warmRun.methods.eth_getLogs).toBeUndefined();

    const scale = report.scale;
    // Side by side without Ponder: mor-throughput alone at each length, longer chains after shorter.
    expect(scale?.side.map((run) => [run.limits, run.shrink, run.ponder])).toEqual([
      ["paid", 20000, null],
      ["paid", 10000, null],
    ]);
    const [short, long] = scale?.side ?? [];
    expect(long?.blocksScanned).toBeGreaterThan(1.9 * (short?.blocksScanned ?? 0));
    expect(long?.sessions).toBeGreaterThan(short?.sessions ?? 0);
    for (const run of scale?.side ?? []) {
      expect(run.mor).toMatchObject({ finished: true, complete: true });
      expect(run.mor.requests).toBeGreaterThan(0);
    }
    expect(scale?.limitSets.paid).toMatchObject({ rangeCap: 10_000, batchCap: 100 });
    // Every scenario behind the limit set asked for, a first backfill and an hourly run.
    expect(scale?.runs.map((run) => `${run.scenario} ${run.limits}`)).toEqual(["base paid", "arbitrum paid"]);
    for (const run of scale?.runs ?? []) {
      expect(run.sessions).toBeGreaterThan(0);
      expect(run.closed).toBeGreaterThan(0);
      expect(run.blocksScanned).toBeGreaterThan(0);
      expect(run.lowerBoundRequests).toBeGreaterThan(0);
      expect(run.requests).toBe(run.first.requests);
      expect(run.calls).toBeGreaterThanOrEqual(run.requests);
      expect(run.wallSeconds).toBeGreaterThan(0);
      expect(run.peakRssMb).toBeGreaterThan(10);
      expect(run.hourly.newBlocks).toBeGreaterThan(0);
      expect(run.hourly.methods.eth_getLogs).toBeGreaterThan(0);
      expect(run.peer).toEqual({ skipped: "--no-peer" });
    }
    expect(scale?.short.map((s) => s.limits)).toEqual(["paid"]);
    expect(scale?.both?.chains.map((chain) => chain.chainId)).toEqual([8453, 42161]);
    expect(scale?.both?.first.methods.eth_getLogs).toBeGreaterThan(0);
    // The chains of other shapes, each about 1,500 sessions, read as their shape says.
    expect(scale?.shapes.map((shape) => [shape.shape, shape.reader])).toEqual([
      ["acceptance", "multicall"],
      ["spread", "multicall"],
      ["busy start", "multicall"],
      ["no Multicall3", "deployless"],
      ["spread, no Multicall3", "deployless"],
    ]);
    for (const shape of scale?.shapes ?? []) expect(shape.closed).toBeGreaterThan(1_200);

    // The targets counted in requests do not depend on the machine: they are met.
    for (const hourly of target(report, "hourly run when nothing happened")) expect(hourly.met).toBe(true);
    expect(target(report, "cold run, ")).toHaveLength(5);
    for (const cold of target(report, "cold run, ")) expect(cold.met, cold.measured).toBe(true);
    // Sizes not run are n/a, and say so; Ponder not run decides nothing.
    for (const notRun of [
      ...target(report, "build, 1M"),
      ...target(report, "build, 10M"),
      ...target(report, "cold enriched backfill, 20,000"),
    ]) {
      expect(notRun).toMatchObject({ measured: "not run", met: null });
    }
    expect(target(report, "ahead of Ponder side by side")[0]).toMatchObject({
      measured: "Ponder not run",
      met: null,
    });
    expect(report.targets.filter((t) => t.measure.startsWith("ahead of Ponder at the real size"))).toEqual(
      [],
    );
  });
});
