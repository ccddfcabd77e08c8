import type { ConnectedChain } from "../chain/connectChain.js";
import { type BaseError, TransientError, UserError } from "../errors/BaseError.js";
import type { SyncRunSummary } from "../sync/syncChains.js";
import { noBlockYet } from "./noBlockYet.js";

/**
 * The error of a `run` whose sync left no configured chain a block to publish, or undefined when
 * one has a block. Held back by the confirmation depth (or a safe or finalized block) before the
 * start, a later run, once the chains have grown, publishes: exit 75. A --to-block number before
 * the start never will: exit 1.
 */
export function noBlockToPublish(
  sync: SyncRunSummary,
  chains: readonly Pick<ConnectedChain, "chainId" | "toBlock">[],
): BaseError | undefined {
  const reasons = sync.chains.map((chain) => ({ chain, why: noBlockYet(chain) }));
  if (reasons.some(({ why }) => why === undefined)) return undefined;
  const lines = reasons.map(({ chain, why }) => `${chain.name} (${chain.chainId}): ${why?.text}`);
  const fixed = reasons.some(
    ({ chain, why }) =>
      !why?.deep && typeof chains.find((c) => c.chainId === chain.chainId)?.toBlock === "number",
  );
  if (fixed) {
    return new UserError("No block to sync, so nothing to publish", {
      details: [...lines, "Expected a --to-block at or past the block where indexing starts."].join("\n"),
      data: { sync },
    });
  }
  return new TransientError("No block to sync yet, so nothing to publish", {
    details: [
      ...lines,
      `A later run, once the chain has grown, syncs and publishes. --confirmations lowers the depth: 0 on a local chain, where nothing reorganises unasked (--confirmations ${sync.chains[0]?.chainId}=0 for one chain).`,
    ].join("\n"),
    data: { sync },
  });
}
