import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { startVirtualChain, type VirtualChain } from "../../../tooling/virtualChain/startVirtualChain.js";
import type { VirtualLimits } from "../../../tooling/virtualChain/virtualLimits.js";
import { type ScenarioName, scenarioSpec } from "../../../tooling/virtualChain/virtualScenarios.js";
import type { BenchContext } from "../benchContext.js";
import { type ChainSyncFigures, syncedChains } from "../runMor.js";
import { indexedAll } from "./historyCounts.js";
import { limitSets } from "./limitSets.js";
import { lowerBoundRequests, oneRequestPerRangeAndBatch } from "./lowerBoundRequests.js";
import { measureOnChain } from "./measureOnChain.js";
import { ponderScale } from "./ponderScale.js";
import { requestShapes } from "./requestShapes.js";
import type { BothRun, ScaleReport, ScaleRun, ShapeRun, ShortRun } from "./scaleTypes.js";
import { firstLine, sideBySide } from "./sideBySide.js";

/**
 * The scale suite: side by side with Ponder on Base's chain at growing lengths; each scenario (a
 * virtual chain of a real network's size) behind each limit set: mor-throughput's first backfill
 * and an hourly run after it, then Ponder's first backfill within its budget; Arbitrum a hundred
 * times shorter (peak RSS against length); both networks in one run; chains of other shapes.
 */
export async function scaleSuite(context: BenchContext): Promise<ScaleReport> {
  const { options, log } = context;
  const used = [...new Set(["none", ...options.sideLimits, ...options.limits])];
  const report: ScaleReport = {
    limitSets: Object.fromEntries(used.map((name) => [name, limitSets[name] as VirtualLimits])),
    side: [],
    runs: [],
    short: [],
    both: null,
    shapes: [],
  };
  report.side = await sideBySide(context);
  for (const scenario of options.scenarios as ScenarioName[]) {
    const spec = scenarioSpec(scenario, { seed: options.seed, shrink: options.shrink });
    log(
      `scale: ${scenario}, ${spec.head.toLocaleString("en-US")} blocks (the contract from block ${spec.creationBlock.toLocaleString("en-US")}), ${spec.sessions.toLocaleString("en-US")} sessions: planning the virtual chain`,
    );
    const chain = await startVirtualChain(spec);
    try {
      for (const limits of options.limits) report.runs.push(await scaleRun(context, chain, scenario, limits));
    } finally {
      await chain.close();
    }
    if (scenario === "arbitrum" && options.short) {
      const shorter = 100;
      // The same history (sessions, months) on a hundred times fewer blocks.
      const short = await startVirtualChain(
        scenarioSpec(scenario, { seed: options.seed, shrink: options.shrink, shorter }),
      );
      try {
        for (const limits of options.limits) {
          short.setLimits(limitSets[limits] as VirtualLimits);
          const dir = mkdtempSync(join(context.scratch, `short-${limits}-`));
          const { measure, summary } = await measureOnChain(
            context.mor,
            short,
            paths(dir),
            `short-${limits}`,
          );
          const synced = syncedChains(summary)[0] as ChainSyncFigures;
          const counts = indexedAll(
            short.state.history,
            synced,
            `${scenario}, ${shorter}× shorter (${limits})`,
          );
          report.short.push({
            scenario,
            limits,
            shorter,
            blocksScanned: synced.target - synced.fromBlock + 1,
            sessions: counts.opened,
            closed: counts.closed,
            events: counts.events,
            first: measure,
          } satisfies ShortRun);
          log(
            `  a hundred times shorter, ${limits} limits: ${(measure.wallMs / 1000).toFixed(1)} s, ${measure.peakRssMb.toFixed(0)} MB`,
          );
          rmSync(dir, { recursive: true, force: true });
        }
      } finally {
        await short.close();
      }
    }
  }
  if (options.scenarios.length === 2) {
    const limits = options.limits.includes("paid") ? "paid" : "none";
    report.both = await bothRun(context, options.scenarios as ScenarioName[], limits);
  }
  if (options.shapes) report.shapes = await shapeRuns(context);
  return report;
}

/** Both networks in one `run` (each its own endpoint), then an hour later: the publishing workflow's first runs. */
async function bothRun(context: BenchContext, scenarios: ScenarioName[], limits: string): Promise<BothRun> {
  const { options, log } = context;
  const chains = await Promise.all(
    scenarios.map((scenario) =>
      startVirtualChain(scenarioSpec(scenario, { seed: options.seed, shrink: options.shrink })),
    ),
  );
  const dir = mkdtempSync(join(context.scratch, "both-"));
  try {
    for (const chain of chains) chain.setLimits(limitSets[limits] as VirtualLimits);
    log(`both networks in one run, ${limits} limits: first backfill`);
    const first = await measureOnChain(context.mor, chains, paths(dir), `both-${limits}-first`);
    log(
      `  ${(first.measure.wallMs / 1000).toFixed(1)} s, ${first.measure.requests.toLocaleString("en-US")} requests, ${first.measure.peakRssMb.toFixed(0)} MB`,
    );
    const newBlocks = new Map(
      chains.map((chain) => [chain.state.spec.chainId, Math.round(3600 / chain.state.spec.blockTime)]),
    );
    for (const chain of chains) chain.advance(newBlocks.get(chain.state.spec.chainId) as number);
    const hourly = await measureOnChain(context.mor, chains, paths(dir), `both-${limits}-hourly`);
    log(
      `  an hour later: ${hourly.measure.requests} requests, ${(hourly.measure.wallMs / 1000).toFixed(2)} s`,
    );
    return {
      limits,
      chains: syncedChains(first.summary).map((synced) => ({
        chainId: synced.chainId,
        blocksScanned: synced.target - synced.fromBlock + 1,
        sessions: synced.sessionsOpened,
        closed: synced.sessionsClosed,
        // From the creation block: every session opened and closed in the range.
        events: synced.sessionsOpened + synced.sessionsClosed,
        newBlocks: newBlocks.get(synced.chainId) as number,
      })),
      first: first.measure,
      hourly: hourly.measure,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await Promise.all(chains.map((chain) => chain.close()));
  }
}

const paths = (dir: string) => ["--db", join(dir, "throughput.sqlite"), "--out", join(dir, "out")];

async function scaleRun(
  context: BenchContext,
  chain: VirtualChain,
  scenario: string,
  limits: string,
): Promise<ScaleRun> {
  const { log, mor, options } = context;
  const spec = chain.state.spec;
  chain.state.setHead(spec.head);
  chain.setLimits(limitSets[limits] as VirtualLimits);
  const dir = mkdtempSync(join(context.scratch, `scale-${scenario}-${limits}-`));
  try {
    log(`  ${scenario}, ${limits} limits: first backfill`);
    const first = await measureOnChain(mor, chain, paths(dir), `scale-${scenario}-${limits}-first`);
    const synced = syncedChains(first.summary)[0] as ChainSyncFigures;
    const counts = indexedAll(chain.state.history, synced, `${scenario} (${limits})`);
    const blocksScanned = synced.target - synced.fromBlock + 1;
    const caps = limitSets[limits] as VirtualLimits;
    const lowerBound = lowerBoundRequests({ blocks: blocksScanned, logs: counts.events, limits: caps });
    log(
      `    ${(first.measure.wallMs / 1000).toFixed(1)} s, ${first.measure.requests.toLocaleString("en-US")} requests (lower bound ${lowerBound.toLocaleString("en-US")}), ${first.measure.peakRssMb.toFixed(0)} MB`,
    );
    const newBlocks = Math.round(3600 / spec.blockTime);
    chain.advance(newBlocks);
    const hourly = await measureOnChain(mor, chain, paths(dir), `scale-${scenario}-${limits}-hourly`);
    log(
      `    an hour later: ${hourly.measure.requests} requests, ${(hourly.measure.wallMs / 1000).toFixed(2)} s`,
    );
    chain.state.setHead(spec.head);
    const wallSeconds = first.measure.wallMs / 1000;
    const peer = options.peer
      ? await ponderScale(
          context,
          chain,
          { from: synced.fromBlock, to: synced.target, ...counts },
          wallSeconds,
          options.peerBudgetMinutes,
        ).catch((error: unknown) => {
          // Recorded, not fatal: the rest of the bench still runs.
          log(`  Ponder failed: ${firstLine(error)}`);
          return { skipped: `Ponder failed: ${firstLine(error)}` };
        })
      : { skipped: "--no-peer" };
    return {
      scenario,
      limits,
      chainId: spec.chainId,
      blockTime: spec.blockTime,
      head: spec.head,
      creationBlock: spec.creationBlock,
      blocksScanned,
      events: counts.events,
      sessions: counts.opened,
      closed: counts.closed,
      reads: counts.reads,
      lowerBoundRequests: lowerBound,
      oneRequestPerRangeAndBatch: oneRequestPerRangeAndBatch(blocksScanned, counts.reads, caps),
      requests: first.measure.requests,
      calls: first.measure.calls,
      wallSeconds,
      cpuSeconds: first.measure.cpuMs === null ? null : first.measure.cpuMs / 1000,
      peakRssMb: first.measure.peakRssMb,
      first: first.measure,
      hourly: { ...hourly.measure, newBlocks },
      peer,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Chains of about 1,500 sessions in other shapes (requestShapes.ts): a cold run each. */
export async function shapeRuns(context: BenchContext): Promise<ShapeRun[]> {
  const runs: ShapeRun[] = [];
  for (const { shape, description, spec } of requestShapes(context.options.seed)) {
    const chain = await startVirtualChain(spec);
    const dir = mkdtempSync(join(context.scratch, "shape-"));
    try {
      const { measure, summary } = await measureOnChain(
        context.mor,
        chain,
        ["--contract", spec.contract, ...paths(dir)],
        `shape-${shape.replaceAll(/[^a-z0-9]+/gi, "-")}`,
      );
      const synced = syncedChains(summary)[0] as ChainSyncFigures;
      context.log(
        `${shape}: ${synced.sessionsClosed} closed sessions, ${measure.requests} requests (1 per ${Math.round(synced.sessionsClosed / Math.max(1, measure.requests))})`,
      );
      runs.push({
        shape,
        description,
        blocks: synced.target - synced.fromBlock + 1,
        sessions: synced.sessionsOpened,
        closed: synced.sessionsClosed,
        reader: synced.rpc.reader ?? "",
        limitSet: {},
        first: measure,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await chain.close();
    }
  }
  return runs;
}
