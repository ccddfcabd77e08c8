import type { ApiFiles, AuditPair } from "../api/apiTypes.js";
import { compareLowercase } from "./compareLowercase.js";
import type { Labels } from "./computeChainFiles.js";
import type { Tally } from "./createTally.js";
import type { BidRecord, ChainRecord, PairStatRecord } from "./IndexReader.js";

/** A chain of the publication as the audit sees it. */
export type AuditedChain = Pick<
  ChainRecord,
  "chainId" | "fromBlock" | "creationBlock" | "blockNumber" | "statsBlock" | "statsAvailable"
> & {
  pairStats: readonly PairStatRecord[];
};

/**
 * audit.json: each (chain, model, provider) pair of the indexed closes whose bid could be read,
 * counted from the index (every close indexed up to the chain's last synced block, after the
 * as-of too) beside the contract's own counters read at that block. A chain whose counters are
 * not there (the function reverts, or they were not read at its last synced block) is
 * `unavailable`; one whose index cannot hold the contract's first closes is `partial`.
 */
export function computeAudit(
  tally: Tally,
  bids: ReadonlyMap<number, BidRecord>,
  chains: readonly AuditedChain[],
  labels: Labels,
  asOf: number,
): ApiFiles["audit.json"] {
  const index = new Map<
    string,
    {
      chainId: number;
      modelRef: number;
      providerRef: number;
      closes: number;
      signed: number;
      duration: number;
    }
  >();
  for (const [ref, bid] of bids) {
    const closes = tally.audit.closes[ref] ?? 0;
    if (closes === 0) continue;
    const key = `${bid.chainId}:${bid.modelRef}:${bid.providerRef}`;
    const pair = index.get(key) ?? {
      chainId: bid.chainId,
      modelRef: bid.modelRef,
      providerRef: bid.providerRef,
      closes: 0,
      signed: 0,
      duration: 0,
    };
    pair.closes += closes;
    pair.signed += tally.audit.signed[ref] ?? 0;
    pair.duration += tally.audit.duration[ref] ?? 0;
    index.set(key, pair);
  }
  const items: AuditPair[] = [];
  const unavailable: number[] = [];
  const partial: number[] = [];
  for (const chain of chains) {
    if (chain.statsAvailable !== true || chain.statsBlock !== chain.blockNumber) {
      unavailable.push(chain.chainId);
      continue;
    }
    const counters = new Map(chain.pairStats.map((row) => [`${row.modelRef}:${row.providerRef}`, row]));
    const fromCreation =
      chain.fromBlock === 0 || (chain.creationBlock !== null && chain.fromBlock <= chain.creationBlock);
    let behind = false;
    for (const pair of index.values()) {
      if (pair.chainId !== chain.chainId) continue;
      const contract = counters.get(`${pair.modelRef}:${pair.providerRef}`);
      const item: AuditPair = {
        chainId: pair.chainId,
        modelId: labels.modelIds.get(pair.modelRef) as string,
        provider: labels.providers.get(pair.providerRef) as string,
        contract: {
          totalCount: contract?.totalCount ?? 0,
          successCount: contract?.successCount ?? 0,
          totalDuration: contract?.totalDuration ?? 0,
        },
        index: { closes: pair.closes, signedCloses: pair.signed, duration: pair.duration },
        match: false,
      };
      item.match =
        item.contract.totalCount === item.index.closes &&
        item.contract.successCount === item.index.signedCloses &&
        item.contract.totalDuration === item.index.duration;
      if (item.contract.totalCount > item.index.closes) behind = true;
      items.push(item);
    }
    if (behind && !fromCreation) partial.push(chain.chainId);
  }
  items.sort(
    (a, b) =>
      a.chainId - b.chainId ||
      compareLowercase(a.modelId, b.modelId) ||
      compareLowercase(a.provider, b.provider),
  );
  const matching = items.filter((item) => item.match).length;
  return {
    asOf,
    pairs: items.length,
    matching,
    complete: matching === items.length,
    items,
    unavailable,
    partial,
  };
}
