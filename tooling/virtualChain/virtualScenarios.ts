import { presets } from "../../src/chain/presets.js";
import type { VirtualChainSpec } from "./virtualSpec.js";

/** The head time of every scenario: "today" in the bench's histories. */
export const scenarioHeadTime = Date.UTC(2026, 5, 1, 12) / 1000;

const day = 86_400;
const month = 30.44 * day;

export type ScenarioName = "base" | "arbitrum" | "acceptance";

/**
 * The marketplace's networks at their real sizes, as virtual chains. `shrink` divides the blocks
 * and sessions by n (the block time grows n-fold: the same months, fewer blocks).
 *
 * - base: the Base preset's start block to a head 34 million blocks later, the contract created
 *   19 million blocks in, its history from then to the head (11.5 months), 200,000 sessions.
 * - arbitrum: 165 million blocks at 0.25 s from the preset's start block (the contract's creation),
 *   15 months of history, 100,000 sessions, then quiet (three weeks).
 * - acceptance: 4,000 blocks of 5 minutes (two weeks), about 1,400 closed sessions, on a local
 *   chain id (no preset: --contract needed).
 */
export function scenarioSpec(
  name: ScenarioName,
  options: { seed?: number; shrink?: number; shorter?: number } = {},
): VirtualChainSpec {
  const spec = scaledSpec(name, options.seed ?? 1, (options.shrink ?? 1) * (options.shorter ?? 1));
  return options.shorter ? { ...spec, sessions: scaledSpec(name, 1, options.shrink ?? 1).sessions } : spec;
}

function scaledSpec(name: ScenarioName, seed: number, n: number): VirtualChainSpec {
  if (name === "base") {
    const start = presets.base.startBlock;
    const creationBlock = start + Math.round(19_000_000 / n);
    const head = start + Math.round(34_000_000 / n);
    const blockTime = 2 * n;
    return {
      chainId: presets.base.chainId,
      contract: presets.base.contract,
      seed,
      blockTime,
      head,
      headTime: scenarioHeadTime,
      creationBlock,
      historyStart: scenarioHeadTime - Math.floor((head - creationBlock) * blockTime),
      historyEnd: scenarioHeadTime - 2 * 3600,
      sessions: Math.round(200_000 / n),
      spike: { at: scenarioHeadTime - 100 * day, seconds: 4 * 3600, share: 0.04 },
    };
  }
  if (name === "arbitrum") {
    const start = presets.arbitrum.startBlock;
    const head = start + Math.round(165_000_000 / n);
    const blockTime = 0.25 * n;
    const creationTime = scenarioHeadTime - Math.floor((head - start) * blockTime);
    return {
      chainId: presets.arbitrum.chainId,
      contract: presets.arbitrum.contract,
      seed,
      blockTime,
      head,
      headTime: scenarioHeadTime,
      creationBlock: start,
      historyStart: creationTime,
      historyEnd: creationTime + Math.floor(15 * month),
      sessions: Math.round(100_000 / n),
      spike: { at: creationTime + Math.floor(11 * month), seconds: 30 * 60, share: 0.04 },
    };
  }
  const blockTime = 300;
  const head = Math.round(4_000 / n);
  return {
    chainId: 31337,
    contract: "0x5fbdb2315678afecb367f032d93f642f64180aa3",
    seed,
    blockTime: blockTime * n,
    head,
    headTime: scenarioHeadTime,
    creationBlock: 1,
    historyStart: scenarioHeadTime - (head - 1) * blockTime * n,
    historyEnd: scenarioHeadTime - 3600,
    sessions: Math.round(1_500 / n),
  };
}
