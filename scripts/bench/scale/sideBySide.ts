import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { startVirtualChain } from "../../../tooling/virtualChain/startVirtualChain.js";
import type { VirtualLimits } from "../../../tooling/virtualChain/virtualLimits.js";
import { scenarioSpec } from "../../../tooling/virtualChain/virtualScenarios.js";
import type { BenchContext } from "../benchContext.js";
import { type ChainSyncFigures, syncedChains } from "../runMor.js";
import { indexedAll } from "./historyCounts.js";
import { limitSets } from "./limitSets.js";
import { measureOnChain } from "./measureOnChain.js";
import { ponderScale } from "./ponderScale.js";
import type { SideRun } from "./scaleTypes.js";

/**
 * Side by side: mor-throughput's `sync` and Ponder, each a cold backfill of the same virtual chain
 * (Base's, its blocks and sessions divided by each of --side-sizes, smallest chain first) behind
 * the same limits, from the contract's creation block to the same last block. Past the first size
 * Ponder does not finish within its budget, the larger ones run without it (they would not either).
 */
export async function sideBySide(context: BenchContext): Promise<SideRun[]> {
  const { options, log, mor } = context;
  const runs: SideRun[] = [];
  const shrinks = [...options.sideSizes].sort((a, b) => b - a);
  for (const limits of options.sideLimits) {
    let ponderFinishes = options.peer;
    for (const shrink of shrinks) {
      const spec = scenarioSpec("base", { seed: options.seed, shrink });
      const chain = await startVirtualChain(spec, limitSets[limits] as VirtualLimits);
      const dir = mkdtempSync(join(context.scratch, `side-${limits}-${shrink}-`));
      try {
        log(
          `side by side, ${limits} limits: Base / ${shrink}, ${(spec.head - spec.creationBlock).toLocaleString("en-US")} blocks, ${spec.sessions.toLocaleString("en-US")} sessions`,
        );
        const args = ["--from-block", String(spec.creationBlock), "--db", join(dir, "throughput.sqlite")];
        const { measure, summary } = await measureOnChain(
          mor,
          chain,
          args,
          `side-${limits}-${shrink}`,
          "sync",
        );
        const synced = syncedChains(summary)[0] as ChainSyncFigures;
        const counts = indexedAll(chain.state.history, synced, `side by side (${limits}, /${shrink})`);
        const oursSeconds = measure.wallMs / 1000;
        log(
          `  mor-throughput: ${oursSeconds.toFixed(2)} s, ${measure.requests.toLocaleString("en-US")} requests`,
        );
        const run: SideRun = {
          limits,
          shrink,
          blocksScanned: synced.target - synced.fromBlock + 1,
          sessions: counts.opened,
          closed: counts.closed,
          events: counts.events,
          mor: {
            finished: true,
            complete: true,
            wallSeconds: oursSeconds,
            cpuSeconds: measure.cpuMs === null ? null : measure.cpuMs / 1000,
            peakRssMb: measure.peakRssMb,
            requests: measure.requests,
            calls: measure.calls,
          },
          ponder: null,
        };
        if (ponderFinishes) {
          const peer = await ponderScale(
            context,
            chain,
            { from: synced.fromBlock, to: synced.target, ...counts },
            oursSeconds,
            options.sideBudgetMinutes,
          ).catch((error: unknown) => {
            // Recorded, not fatal: the rest of the bench still runs.
            run.ponderError = firstLine(error);
            log(`  Ponder failed: ${run.ponderError}`);
            return undefined;
          });
          ponderFinishes = peer?.finished === true;
          if (!peer) {
            runs.push(run);
            continue;
          }
          run.ponder = {
            version: peer.version,
            budgetSeconds: peer.budgetSeconds,
            eventsIndexed: peer.eventsIndexed,
            finished: peer.finished,
            complete: peer.complete,
            wallSeconds: peer.wallSeconds,
            cpuSeconds: peer.cpuSeconds,
            peakRssMb: peer.peakRssMb,
            requests: peer.requests,
            calls: peer.calls,
          };
        }
        runs.push(run);
      } finally {
        rmSync(dir, { recursive: true, force: true });
        await chain.close();
      }
    }
  }
  return runs;
}

/** The first line of an error's message. */
export function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
}
