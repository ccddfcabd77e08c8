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

describe("npm run bench (smoke, tiny sizes)", () => {
  test("default: every measure, with counts that add up", { timeout: 180_000 }, async () => {
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

    // The scale suite: every scenario behind the limit set asked for, a first backfill and an hourly run.
    const scale = report.scale;
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
    expect(scale?.short.map((short) => short.limits)).toEqual(["paid"]);
    expect(scale?.both?.chains.map((chain) => chain.chainId)).toEqual([8453, 42161]);
    expect(scale?.both?.first.methods.eth_getLogs).toBeGreaterThan(0);
    expect(scale?.acceptance?.closed).toBeGreaterThan(1_000);

    // Every target of the issue is listed; those of sizes not run are n/a (null).
    expect(report.targets.length).toBeGreaterThanOrEqual(9);
    for (const target of report.targets) expect([true, false, null]).toContain(target.met);
    expect(report.targets.find((target) => target.measure.startsWith("build, 1M"))?.met).toBeNull();
  });
});
