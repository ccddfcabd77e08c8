import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { startVirtualChain, type VirtualChain } from "../../../tooling/virtualChain/startVirtualChain.js";
import { publicEndpoint, type VirtualLimits } from "../../../tooling/virtualChain/virtualLimits.js";
import { scenarioSpec } from "../../../tooling/virtualChain/virtualScenarios.js";
import type { BenchContext } from "../benchContext.js";
import { type ChainSyncFigures, syncedChains } from "../runMor.js";
import { indexedAll } from "./historyCounts.js";
import { measureOnChain } from "./measureOnChain.js";
import type { ScaleMeasure } from "./scaleTypes.js";

/** The pool suite's one measure (the report's `pool` field). */
export type PoolRun = {
  scenario: "base";
  limits: "public";
  /** The values of those limits, as each endpoint imposed them. */
  limitSet: VirtualLimits;
  /** --shrink: Base's blocks and sessions divided by this. */
  shrink: number;
  endpoints: number;
  blocksScanned: number;
  sessions: number;
  closed: number;
  /** SessionOpened and SessionClosed logs in the blocks scanned. */
  events: number;
  /** The backfill behind one endpoint with the free-endpoint stand-in's limits. */
  one: ScaleMeasure;
  /** The same backfill behind `endpoints` such endpoints, each with its own limits (a pool). */
  pool: ScaleMeasure & { perEndpoint: Array<{ requests: number; rateLimited: number; refusals: number }> };
  /** one.wallMs / pool.wallMs. */
  speedup: number;
};

/**
 * A first backfill of Base's size behind three endpoints with the free-endpoint stand-in's
 * limits (virtualLimits.ts publicEndpoint: 2,000-block ranges, 10 calls a batch, 5 requests a
 * second, 200 ms), each its own virtual chain of the same history, against one such endpoint.
 * Both runs must index every session and close of the range.
 */
export async function poolRun(context: BenchContext, endpoints = 3): Promise<PoolRun> {
  const { options, log, mor } = context;
  const spec = scenarioSpec("base", { seed: options.seed, shrink: options.shrink });
  log(
    `pool: base, ${spec.head.toLocaleString("en-US")} blocks (the contract from block ${spec.creationBlock.toLocaleString("en-US")}), public limits: one endpoint, then ${endpoints}`,
  );
  const chains = await Promise.all(
    Array.from({ length: endpoints }, () => startVirtualChain(spec, publicEndpoint)),
  );
  const measure = async (behind: VirtualChain[], label: string) => {
    const dir = mkdtempSync(join(context.scratch, `${label}-`));
    try {
      const run = await measureOnChain(
        mor,
        behind,
        ["--db", join(dir, "throughput.sqlite"), "--out", join(dir, "out")],
        label,
      );
      const synced = syncedChains(run.summary)[0] as ChainSyncFigures;
      const counts = indexedAll((behind[0] as VirtualChain).state.history, synced, `pool suite (${label})`);
      log(
        `  ${label}: ${(run.measure.wallMs / 1000).toFixed(1)} s, ${run.measure.requests.toLocaleString("en-US")} requests, ${run.measure.rateLimited.toLocaleString("en-US")} answered 429`,
      );
      return { run, synced, counts };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    const one = await measure(chains.slice(0, 1), "pool-one");
    const pool = await measure(chains, `pool-${endpoints}`);
    log(
      `  pool: ${endpoints} endpoints backfilled in ${(one.run.measure.wallMs / pool.run.measure.wallMs).toFixed(2)}× less time than one`,
    );
    return {
      scenario: "base",
      limits: "public",
      limitSet: publicEndpoint,
      shrink: options.shrink,
      endpoints,
      blocksScanned: pool.synced.target - pool.synced.fromBlock + 1,
      sessions: pool.counts.opened,
      closed: pool.counts.closed,
      events: pool.counts.events,
      one: one.run.measure,
      pool: {
        ...pool.run.measure,
        perEndpoint: chains.map(({ stats }) => ({
          requests: stats.requests,
          rateLimited: stats.rateLimited,
          refusals: stats.rangeRefusals + stats.resultRefusals + stats.batchRefusals,
        })),
      },
      speedup: one.run.measure.wallMs / pool.run.measure.wallMs,
    };
  } finally {
    await Promise.all(chains.map((chain) => chain.close()));
  }
}
