import { retryPolicies } from "../../src/chain/retryPolicies.js";
import { silentLogger } from "../../src/log/createLogger.js";
import {
  type FollowOptions,
  type FollowSummary,
  type FollowTarget,
  followChain,
} from "../../src/sync/followChain.js";
import type { SyncStore } from "../../src/sync/SyncStore.js";
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
