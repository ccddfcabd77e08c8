import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { History } from "../../../src/devchain/history.js";
import { startDevChain } from "../../../tooling/devchain/startDevChain.js";
import { type BenchContext, endTime } from "../benchContext.js";
import { startCountingProxy } from "../countingProxy.js";
import type { ProcessMeasure, RpcCounts } from "../report.js";
import { type ChainSyncFigures, syncedChains } from "../runMor.js";
import { acceptanceHistory, busyStartHistory, shapeBlockSpanSeconds } from "./anvilShapeHistory.js";

/** A shape's cold `run` on anvil (no caps), its requests counted by a proxy in front of the node. */
export type AnvilShapeRun = {
  shape: string;
  description: string;
  /** How the chain and the flags let view calls travel: Multicall3, no Multicall3, --no-multicall. */
  views: string;
  /** Blocks from 0 to the last block holding history (anvil's blocks: one per 5 minutes holding events). */
  blocks: number;
  sessions: number;
  closed: number;
  /** SessionOpened and SessionClosed logs in those blocks. */
  events: number;
  reader: string;
  first: ProcessMeasure & RpcCounts;
};

/**
 * Why the spread shape is not measured on anvil: writeHistory mines only blocks that hold events,
 * so its opens and closes would not lie thousands of blocks apart without some 197,000 empty
 * blocks mined between them, at anvil's cost per block.
 */
export const spreadOnAnvil =
  "The spread shape (200,000 blocks) is measured on the virtual chain only: on anvil the history is written one block per 5 minutes that holds events (about 2,000 blocks), and spreading it over 200,000 would take some 197,000 empty blocks mined between them, which writeHistory does not do (writing these histories took some 45 ms a block on this machine: about 2.5 hours for those).";

const shapes = [
  {
    shape: "acceptance",
    description: "two weeks of about 1,500 sessions, a block per 5 minutes holding events",
    history: acceptanceHistory,
  },
  {
    shape: "busy start",
    description: "the same with its clock bent: the first 30% of the sessions in its first hour",
    history: (seed: number, end: number) => busyStartHistory(seed, end),
  },
];

const modes = [
  { views: "Multicall3", multicall: true, flags: [] as string[] },
  { views: "no Multicall3", multicall: false, flags: [] as string[] },
  { views: "--no-multicall", multicall: false, flags: ["--no-multicall"] },
];

/** The acceptance and busy-start shapes on anvil, with Multicall3, without, and with --no-multicall. */
export async function anvilShapeRuns(context: BenchContext): Promise<AnvilShapeRun[]> {
  const runs: AnvilShapeRun[] = [];
  for (const { shape, description, history: make } of shapes) {
    const history = make(context.options.seed, endTime);
    for (const multicall of [true, false]) {
      context.log(`shape ${shape} on anvil${multicall ? "" : " without Multicall3"}: writing the history`);
      const chain = await startDevChain(history, {
        multicall,
        write: { blockSpanSeconds: shapeBlockSpanSeconds },
      });
      const proxy = await startCountingProxy(chain.rpcUrl);
      try {
        for (const mode of modes.filter((each) => each.multicall === multicall))
          runs.push(await oneRun(context, { shape, description, history }, chain, proxy, mode));
      } finally {
        await proxy.close();
        await chain.stop();
      }
    }
  }
  return runs;
}

async function oneRun(
  context: BenchContext,
  shape: { shape: string; description: string; history: History },
  chain: { contract: string; lastBlock: number },
  proxy: Awaited<ReturnType<typeof startCountingProxy>>,
  mode: (typeof modes)[number],
): Promise<AnvilShapeRun> {
  const dir = mkdtempSync(join(context.scratch, "anvil-shape-"));
  try {
    proxy.reset();
    const args = ["run", "--rpc-url", proxy.url, "--contract", chain.contract, "--from-block", "0"];
    args.push("--to-block", String(chain.lastBlock), "--confirmations", "0");
    args.push("--db", join(dir, "throughput.sqlite"), "--out", join(dir, "out"), ...mode.flags);
    const run = await context.mor(args, `anvil-shape-${shape.shape.replaceAll(" ", "-")}-${mode.views}`);
    const counts = proxy.counts();
    const synced = syncedChains(run.summary)[0] as ChainSyncFigures;
    const opened = shape.history.sessions.length;
    if (!synced.complete || synced.sessionsOpened !== opened)
      throw new Error(
        `anvil shape ${shape.shape}: synced ${synced.sessionsOpened} opens, the history has ${opened}`,
      );
    context.log(
      `  ${mode.views}: ${synced.sessionsClosed} closed sessions, ${counts.httpRequests} requests (1 per ${Math.round(synced.sessionsClosed / Math.max(1, counts.httpRequests))})`,
    );
    return {
      shape: shape.shape,
      description: shape.description,
      views: mode.views,
      blocks: synced.target - synced.fromBlock + 1,
      sessions: synced.sessionsOpened,
      closed: synced.sessionsClosed,
      events: synced.sessionsOpened + synced.sessionsClosed,
      reader: synced.rpc.reader ?? "",
      first: { wallMs: run.wallMs, peakRssMb: run.peakRssMb, cpuMs: run.cpuMs, ...counts },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
