import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { VirtualChain } from "../../../tooling/virtualChain/startVirtualChain.js";
import type { BenchContext } from "../benchContext.js";
import { installPonder, runPonder } from "../ponderPeer.js";
import type { PeerScale } from "./scaleTypes.js";

/**
 * Ponder's first backfill of the same virtual chain behind the same limits, within a time budget:
 * its figures when it finishes; else how far it got (its own metrics) and a projection from that.
 */
export async function ponderScale(
  context: BenchContext,
  chain: VirtualChain,
  range: { from: number; to: number; events: number; eventBlocks: number; opened: number; closed: number },
  oursSeconds: number,
): Promise<PeerScale> {
  const { log, options } = context;
  const dir = join(tmpdir(), "mor-throughput-bench-ponder");
  mkdirSync(dir, { recursive: true });
  const install = await installPonder(dir);
  const budgetMs = options.peerBudgetMinutes * 60_000;
  log(`  Ponder ${install.version}: indexing, ${options.peerBudgetMinutes} minutes at most`);
  chain.resetStats();
  const run = await runPonder({
    dir,
    rpcUrl: chain.url,
    chainId: chain.state.spec.chainId,
    contract: chain.state.spec.contract,
    fromBlock: range.from,
    toBlock: range.to,
    timeoutMs: budgetMs,
    budget: true,
  });
  const wallSeconds = run.wallMs / 1000;
  const events = run.progress?.events ?? 0;
  const calls = Object.values(chain.stats.calls).reduce((sum, n) => sum + n, 0);
  // What the app asks for at the least: every block holding a log, then getSession, getBid and
  // getModel at each event's block; projected at the pace it made calls in its budget.
  const needed = range.eventBlocks + 3 * range.events;
  const projectedSeconds = run.finished ? wallSeconds : calls > 0 ? (wallSeconds * needed) / calls : null;
  const reason = run.finished
    ? null
    : `not finished in its ${options.peerBudgetMinutes}-minute budget: ${events.toLocaleString("en-US")} of ${range.events.toLocaleString("en-US")} events indexed, ${calls.toLocaleString("en-US")} of the ${needed.toLocaleString("en-US")} calls it needs made${
        projectedSeconds === null ? "" : `: ${(projectedSeconds / 3600).toFixed(1)} h at that pace`
      }`;
  const factor = (projectedSeconds ?? wallSeconds) / oursSeconds;
  log(
    `  Ponder: ${run.finished ? `finished in ${wallSeconds.toFixed(0)} s` : reason}; ${factor.toFixed(0)}× ours${run.finished || projectedSeconds !== null ? "" : " at least"}`,
  );
  return {
    name: "Ponder",
    version: install.version,
    finished: run.finished,
    wallSeconds,
    cpuSeconds: run.cpuMs / 1000,
    peakRssMb: run.peakRssMb,
    requests: chain.stats.requests,
    calls,
    methods: { ...chain.stats.calls },
    eventsIndexed: run.finished ? range.events : events,
    complete: run.finished
      ? run.counts?.sessions === range.opened && run.counts?.closes === range.closed
      : null,
    projectedSeconds,
    reason,
    factor,
  };
}
