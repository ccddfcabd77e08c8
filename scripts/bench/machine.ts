import { cpus, loadavg, platform, release, totalmem } from "node:os";
import type { Machine } from "./report.js";

/** The machine the bench ran on, with the load averages at its start and now. */
export function machine(start: number[]): Machine {
  return {
    cpu: cpus()[0]?.model.trim() ?? "unknown",
    cores: cpus().length,
    memoryGiB: totalmem() / 2 ** 30,
    node: process.version,
    platform: `${platform()} ${release()}`,
    loadAverage: { start, end: loadavg() },
  };
}
