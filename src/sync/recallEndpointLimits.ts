import type { ChainView, PoolMember } from "../chain/ChainView.js";
import type { EndpointLimits, SyncStore } from "./SyncStore.js";

/** The log range sizes of a chain's endpoints in a run: where each starts, and where each ended. */
export type RangeSizeMemory = {
  /** The size an endpoint's first range of the run asks for; undefined: one block (an endpoint not known yet). */
  initial(member: PoolMember): number | undefined;
  /** The size an endpoint ended this run's ranges with: where its next run starts. */
  reached(member: PoolMember, size: number): void;
};

/** What a run knows of its chain's endpoints: their range sizes, and, at its end, what to remember. */
export type EndpointMemory = RangeSizeMemory & {
  /** Writes what each endpoint of the chain knows now (its range size, its batch cap) for the next run. */
  save(): void;
};

/**
 * Starts each endpoint of the chain where the chain's runs left it: its batch cap from the first
 * request (an hourly run behind a capped endpoint refuses no batch), its log ranges at the size
 * it last ended with. An endpoint the store does not know (new, or a changed --rpc-url) starts
 * as on a first run, at the configured batch size and ranges of one block that grow, and learns
 * its own: never another endpoint's. A database's per-chain values from before endpoints had
 * their own (migration 0006) go to the chain's endpoint when it has one, as they came from it
 * unless --rpc-url changed since; a pool's members learn their own (those values were the
 * smallest cap and the largest range size of all of them).
 */
export function recallEndpointLimits(store: SyncStore, chain: ChainView): EndpointMemory {
  const { members } = chain.pool;
  const stored = store.endpointLimits();
  const recalled = new Map<PoolMember, EndpointLimits | undefined>(
    members.map((member) => [
      member,
      stored.byEndpoint.get(member.view.endpointKey) ??
        (members.length === 1 ? stored.unattributed : undefined),
    ]),
  );
  for (const [member, limits] of recalled) {
    if (limits?.batchCap !== undefined) member.view.assumeBatchCap(limits.batchCap);
    if (limits?.callCap !== undefined) member.view.assumeCallCap(limits.callCap);
  }
  const reached = new Map<PoolMember, number>();
  return {
    initial: (member) => recalled.get(member)?.rangeSize,
    reached: (member, size) => void reached.set(member, size),
    save: () =>
      store.saveEndpointLimits(
        members.map((member) => ({
          endpoint: member.view.endpointKey,
          rangeSize: reached.get(member) ?? recalled.get(member)?.rangeSize,
          batchCap: member.view.batchCap,
          callCap: member.view.callCap,
        })),
      ),
  };
}
