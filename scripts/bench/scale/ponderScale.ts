import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { VirtualChain } from "../../../tooling/virtualChain/startVirtualChain.js";
import type { BenchContext } from "../benchContext.js";
import { installPonder, runPonder } from "../ponderPeer.js";
import type { HistoryCounts } from "./historyCounts.js";
import type { PeerProjection, PeerScale } from "./scaleTypes.js";

/** Where the bench installs its Ponder app (reused by every run with the same package.json). */
export const ponderDir = join(tmpdir(), "mor-throughput-bench-ponder");

/**
 * Ponder's first backfill of the same virtual chain behind the same limits, within a time budget:
 * its figures when it finishes; else how far it got (events: its own metrics; calls and requests:
 * the virtual chain's counters), the lower bound the budget gives, and a projection kept apart.
 */
export async function ponderScale(
  context: BenchContext,
  chain: VirtualChain,
  range: { from: number; to: number } & HistoryCounts,
  oursSeconds: number,
  budgetMinutes: number,
): Promise<PeerScale> {
  const { log } = context;
  mkdirSync(ponderDir, { recursive: true });
  const install = await installPonder(ponderDir);
  const budgetSeconds = budgetMinutes * 60;
  log(`  Ponder ${install.version}: indexing, ${budgetMinutes} minutes at most`);
  chain.resetStats();
  const run = await runPonder({
    dir: ponderDir,
    rpcUrl: chain.url,
    chainId: chain.state.spec.chainId,
    contract: chain.state.spec.contract,
    fromBlock: range.from,
    toBlock: range.to,
    timeoutMs: budgetSeconds * 1000,
    budget: true,
  });
  const wallSeconds = run.wallMs / 1000;
  const calls = Object.values(chain.stats.calls).reduce((sum, n) => sum + n, 0);
  const eventsIndexed = run.finished ? range.events : (run.progress?.events ?? 0);
  const projection = run.finished ? null : projectPonder(range, calls, wallSeconds);
  // Not finished: it took longer than its budget, so its time over ours is more than this.
  const ratio = (run.finished ? wallSeconds : budgetSeconds) / oursSeconds;
  log(
    run.finished
      ? `  Ponder: finished in ${wallSeconds.toFixed(1)} s, ${ratio.toFixed(1)}× ours`
      : `  Ponder: ${eventsIndexed.toLocaleString("en-US")} of ${range.events.toLocaleString("en-US")} events in its ${budgetMinutes}-minute budget: more than ${ratio.toFixed(1)}× ours`,
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
    budgetSeconds,
    events: range.events,
    eventsIndexed,
    complete: run.finished
      ? run.counts?.sessions === range.opened && run.counts?.closes === range.closed
      : null,
    ratio,
    ratioIsLowerBound: !run.finished,
    projection,
  };
}

/**
 * A projection, not a measurement: the calls Ponder's app needs at the least (a block for each
 * block holding a log; getSession, getBid and getModel for each event) at the rate the virtual
 * chain counted Ponder's calls (all of them) in `seconds`. Null when it made none.
 */
export function projectPonder(
  range: Pick<HistoryCounts, "events" | "eventBlocks">,
  callsMade: number,
  seconds: number,
): PeerProjection | null {
  if (callsMade <= 0) return null;
  const callsNeeded = range.eventBlocks + 3 * range.events;
  return {
    seconds: (seconds * callsNeeded) / callsMade,
    callsNeeded,
    callsMade,
    method: `the calls its app needs at the least (a block for each of the ${range.eventBlocks.toLocaleString("en-US")} blocks holding a log; getSession, getBid and getModel for each of the ${range.events.toLocaleString("en-US")} events: ${callsNeeded.toLocaleString("en-US")}) at the rate the virtual chain counted its calls in its budget (${callsMade.toLocaleString("en-US")} in ${seconds.toFixed(0)} s)`,
  };
}
