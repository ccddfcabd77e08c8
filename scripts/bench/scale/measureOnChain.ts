import type { VirtualChain } from "../../../src/devchain/virtual/startVirtualChain.js";
import type { MorRunner } from "../runMor.js";
import type { ScaleMeasure } from "./scaleTypes.js";

/** mor-throughput's `run` against a virtual chain, with what the chain saw of it. */
export async function measureOnChain(
  mor: MorRunner,
  chain: VirtualChain,
  args: string[],
  label: string,
): Promise<{ measure: ScaleMeasure; summary: Record<string, unknown> }> {
  chain.resetStats();
  const run = await mor(["run", "--rpc-url", chain.url, ...args], label);
  const { stats } = chain;
  return {
    summary: run.summary,
    measure: {
      wallMs: run.wallMs,
      cpuMs: run.cpuMs,
      peakRssMb: run.peakRssMb,
      requests: stats.requests,
      calls: Object.values(stats.calls).reduce((sum, n) => sum + n, 0),
      rateLimited: stats.rateLimited,
      refusals: stats.rangeRefusals + stats.resultRefusals + stats.batchRefusals,
      methods: { ...stats.calls },
    },
  };
}
