import { getAddress } from "viem";
import type { ApiFiles, Meta, MetaChain, MetaUpgrade } from "../api/apiTypes.js";
import { apiVersion } from "../api/apiTypes.js";
import { presetForChainId } from "../chain/presets.js";
import type { ChainRecord } from "./IndexReader.js";

export type MetaInput = {
  generator: string;
  asOf: number;
  chains: ReadonlyArray<
    ChainRecord & {
      counts: Record<string, number>;
      anomalies: Record<string, number>;
      upgrades: readonly MetaUpgrade[];
    }
  >;
  stuckGrace: number;
  updateInterval: number;
  audit: ApiFiles["audit.json"];
  counts: Record<string, number>;
  anomalies: Record<string, number>;
};

/**
 * meta.json: what the files were computed from (every chain, its contract and block range, its
 * own as-of, the upgrades of its contract the sync went past), whether the history is complete (backfill) and the index agrees with the contract
 * (audit), when it was last brought up to date, and the counts and anomalies. The 1.0 fields
 * (chainId, contract, fromBlock, toBlock) describe the first configured chain.
 */
export function computeMeta(input: MetaInput): Meta {
  const chains = input.chains.map((chain): MetaChain => {
    const caughtUp = chain.targetBlock === null || chain.blockNumber >= chain.targetBlock;
    const record: MetaChain = {
      chainId: chain.chainId,
      name: presetForChainId(chain.chainId)?.name ?? `chain-${chain.chainId}`,
      contract: getAddress(chain.contract),
      fromBlock: chain.fromBlock,
      creationBlock: chain.creationBlock,
      fromCreationBlock:
        chain.fromBlock === 0 || (chain.creationBlock !== null && chain.fromBlock <= chain.creationBlock),
      toBlock: chain.blockNumber,
      toBlockHash: chain.blockHash,
      asOf: chain.blockTimestamp,
      asOfIso: iso(chain.blockTimestamp),
      caughtUp,
      marketComplete: chain.bidScanNext === null,
      counts: chain.counts,
      anomalies: chain.anomalies,
      // The sync stores what meta.json says of each (sync/SyncStore.ts, UpgradeRow).
      upgrades: [...chain.upgrades],
    };
    // Where a backfill in progress is heading (caught up, the target says nothing new).
    if (!caughtUp) record.targetBlock = chain.targetBlock as number;
    return record;
  });
  const first = chains[0] as MetaChain;
  const syncedAt = input.chains.map((chain) => chain.syncedAt);
  const meta: Meta = {
    schemaVersion: apiVersion,
    generator: input.generator,
    chainId: first.chainId,
    contract: first.contract,
    fromBlock: first.fromBlock,
    toBlock: first.toBlock,
    toBlockHash: first.toBlockHash,
    asOf: input.asOf,
    asOfIso: iso(input.asOf),
    chains,
    stuckGraceSeconds: input.stuckGrace,
    complete: input.audit.complete,
    audit: {
      pairs: input.audit.pairs,
      matching: input.audit.matching,
      unavailable: input.audit.unavailable,
      partial: input.audit.partial,
    },
    backfillComplete: chains.every((chain) => chain.caughtUp),
    marketComplete: chains.every((chain) => chain.marketComplete === true),
    updateIntervalSeconds: input.updateInterval,
    counts: input.counts,
    anomalies: input.anomalies,
  };
  // The oldest chain's last sync: a publication is as fresh as its stalest chain.
  if (syncedAt.every((at) => at !== null)) meta.updatedAt = Math.min(...(syncedAt as number[]));
  return meta;
}

function iso(seconds: number): string {
  return new Date(seconds * 1000).toISOString();
}
