import type { VirtualChain } from "../../../tooling/virtualChain/startVirtualChain.js";
import type { MorRunner } from "../runMor.js";
import type { ScaleMeasure } from "./scaleTypes.js";

/** mor-throughput's `run` (or `sync`) against virtual chains (one or several at once), with what they saw of it. */
export async function measureOnChain(
  mor: MorRunner,
  chain: VirtualChain | VirtualChain[],
  args: string[],
  label: string,
  command: "run" | "sync" = "run",
): Promise<{ measure: ScaleMeasure; summary: Record<string, unknown> }> {
  const chains = Array.isArray(chain) ? chain : [chain];
  for (const each of chains) each.resetStats();
  const urls = chains.flatMap((each) => ["--rpc-url", each.url]);
  const run = await mor([command, ...urls, ...args], label);
  const methods: Record<string, number> = {};
  let requests = 0;
  let rateLimited = 0;
  let refusals = 0;
  for (const { stats } of chains) {
    requests += stats.requests;
    rateLimited += stats.rateLimited;
    refusals += stats.rangeRefusals + stats.resultRefusals + stats.batchRefusals;
    for (const [method, n] of Object.entries(stats.calls)) methods[method] = (methods[method] ?? 0) + n;
  }
  return {
    summary: run.summary,
    measure: {
      wallMs: run.wallMs,
      cpuMs: run.cpuMs,
      peakRssMb: run.peakRssMb,
      requests,
      calls: Object.values(methods).reduce((sum, n) => sum + n, 0),
      rateLimited,
      refusals,
      methods,
    },
  };
}
