import { type ScenarioName, scenarioSpec } from "../../../tooling/virtualChain/virtualScenarios.js";
import type { VirtualChainSpec } from "../../../tooling/virtualChain/virtualSpec.js";

/** A chain of about 1,500 sessions shaped to cost requests: at most one per 50 closed sessions all the same. */
export type RequestShape = { shape: string; description: string; spec: VirtualChainSpec };

/**
 * The acceptance tests' chain (two weeks on 4,000 blocks of 5 minutes, about 1,500 sessions) and
 * the same history made harder: spread over 200,000 blocks of 6 s (a session's open and close
 * thousands of blocks apart, a few logs in a block); a busy first hour (the first ranges, which
 * start at one block, meet many logs at once); without Multicall3 (view calls aggregated in a
 * constructor instead); spread and without Multicall3 at once.
 */
export function requestShapes(seed: number): RequestShape[] {
  const acceptance = scenarioSpec("acceptance" satisfies ScenarioName, { seed });
  const spreadBlocks = 200_000;
  const spreadTime = 6;
  const spread: VirtualChainSpec = {
    ...acceptance,
    blockTime: spreadTime,
    head: spreadBlocks,
    historyStart: acceptance.headTime - (spreadBlocks - 1) * spreadTime,
  };
  return [
    {
      shape: "acceptance",
      description: "4,000 blocks of 5 minutes, two weeks of sessions (the acceptance tests' chain)",
      spec: acceptance,
    },
    {
      shape: "spread",
      description: "the same two weeks on 200,000 blocks of 6 s: opens and closes thousands of blocks apart",
      spec: spread,
    },
    {
      shape: "busy start",
      description:
        "a third of the sessions in the hour after the contract's creation: ranges from one block meet many logs",
      spec: { ...acceptance, spike: { at: acceptance.historyStart, seconds: 3600, share: 0.3 } },
    },
    {
      shape: "no Multicall3",
      description: "the acceptance chain without Multicall3",
      spec: { ...acceptance, multicall: false },
    },
    {
      shape: "spread, no Multicall3",
      description: "the spread chain without Multicall3",
      spec: { ...spread, multicall: false },
    },
  ];
}
