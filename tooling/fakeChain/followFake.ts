import { retryPolicies } from "../../src/chain/retryPolicies.js";
import { silentLogger } from "../../src/log/createLogger.js";
import type { FollowTarget } from "../../src/sync/FollowTarget.js";
import { type FollowOptions, type FollowSummary, followChain } from "../../src/sync/followChain.js";
import type { SyncRun, SyncStore } from "../../src/sync/SyncStore.js";
import type { FakeChain } from "./fakeChain.js";

/**
 * Test-only: followChain over a fake chain with small ranges (10 blocks), from block 1 to the
 * head, no confirmations, and re-reads of lagging sessions after a millisecond.
 */
export function followFake(
  store: SyncStore,
  chain: FakeChain,
  target: Partial<FollowTarget> = {},
  options: Partial<FollowOptions> = {},
): Promise<FollowSummary> {
  return followChain(
    store,
    chain.view,
    {
      chainId: store.chainId,
      contract: chain.contract,
      fromBlock: 1,
      fallbackFromBlock: 0,
      toBlock: "latest",
      confirmations: 0,
      ...target,
    },
    {
      logger: silentLogger,
      initialRangeSize: 10,
      sessionRetry: { ...retryPolicies.laggingSession, delay: { baseMs: 1, growth: "linear" } },
      ...options,
    },
  );
}

/**
 * Test-only: the run that a refill or a bid scan called on its own writes with (syncChain makes
 * one from the follower's run): it started at `lowBlock`, at time 0, and writes now.
 */
export function runWriting(lowBlock: number): SyncRun {
  return {
    firstBlock: lowBlock,
    head: lowBlock,
    startedAt: 0,
    wroteAt: Math.floor(Date.now() / 1000),
    lowBlock,
  };
}
