import type { Address } from "viem";
import { generateHistory } from "../../src/devchain/generateHistory.js";
import type { History } from "../../src/devchain/history.js";
import type { AnvilNode } from "../../src/devchain/startAnvil.js";
import { nodeCall } from "../../tooling/devchain/nodeCall.js";
import { startDevChain } from "../../tooling/devchain/startDevChain.js";

export type SeededChain = {
  node: AnvilNode;
  contract: Address;
  /** The last block holding history: the target of every indexer in the run. */
  lastBlock: number;
  blocks: number;
  sessions: number;
  closed: number;
  /** SessionOpened + SessionClosed logs. */
  events: number;
  seedMs: number;
  stop(): Promise<void>;
};

/** Days of history a seeded chain covers: 13 months and a bit, like the build-scaling databases. */
const historyDays = 400;

/**
 * Its own anvil with the marketplace (and Multicall3) deployed and a generated history of about
 * `sessions` sessions written into it, thousands of events per block (writeHistory's packing).
 */
export async function seedChain(options: {
  sessions: number;
  seed: number;
  endTime: number;
  /** No past state (for runs that read at the head only): anvil's memory stays flat. */
  pruneHistory?: boolean;
  /**
   * Empty blocks mined on top of the history, so that it is final for an indexer that keeps the
   * newest blocks for a slower realtime path (Ponder: 30 blocks on an unknown chain). Not free:
   * anvil's cost per block grows with the state (a few seconds per block at 200k sessions).
   */
  finalityPadding?: number;
}): Promise<SeededChain> {
  const started = performance.now();
  const history = generateHistory({
    seed: options.seed,
    days: historyDays,
    sessionsPerDay: Math.max(1, options.sessions / historyDays),
    endTime: options.endTime,
    models: 12,
    providers: 40,
  });
  const chain = await startDevChain(history, {
    genesis: options.endTime - (historyDays + 2) * 86_400,
    pruneHistory: options.pruneHistory ?? false,
    write: { maxEventsPerBlock: 5000 },
  });
  try {
    const padding = options.finalityPadding ?? 0;
    if (padding > 0) await nodeCall(chain.rpcUrl, "anvil_mine", [`0x${padding.toString(16)}`]);
  } catch (error) {
    await chain.stop();
    throw error;
  }
  const { sessions, closed, events } = countHistory(history);
  return {
    node: chain.node,
    contract: chain.contract,
    lastBlock: chain.lastBlock,
    blocks: chain.written.blocks,
    sessions,
    closed,
    events,
    seedMs: Math.round(performance.now() - started),
    stop: chain.stop,
  };
}

/** Empty blocks mined after a history that Ponder indexes: more than its 30-block finality of unknown chains. */
export const ponderFinalityPadding = 64;

function countHistory(history: History): { sessions: number; closed: number; events: number } {
  const closed = history.sessions.filter((session) => session.close !== undefined).length;
  return { sessions: history.sessions.length, closed, events: history.sessions.length + closed };
}
