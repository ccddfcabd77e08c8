import type Database from "better-sqlite3";
import type { BidScanCommit, EndpointLimits, StoredEndpointLimits, SyncStore } from "../sync/SyncStore.js";
import { createCommitRange } from "./createCommitRange.js";
import type { Refs } from "./createRefs.js";
import { createRollbackChain } from "./createRollbackChain.js";
import { createRouterStore } from "./createRouterStore.js";
import { readUpgradeSample } from "./readUpgradeSample.js";
import { anomalyStatements } from "./statements/anomalyStatements.js";
import { bidStatements } from "./statements/bidStatements.js";
import { blockStatements } from "./statements/blockStatements.js";
import { chainStatements } from "./statements/chainStatements.js";
import { closeStatements } from "./statements/closeStatements.js";
import { endpointLimitStatements } from "./statements/endpointLimitStatements.js";
import { modelNameStatements } from "./statements/modelNameStatements.js";
import { pairStatStatements } from "./statements/pairStatStatements.js";
import { syncRunStatements } from "./statements/syncRunStatements.js";
import { upgradeStatements } from "./statements/upgradeStatements.js";
import { writeBidLogs } from "./writeBidLogs.js";
import { writeUpgrades } from "./writeUpgrades.js";

/**
 * One chain's part of the database as the sync sees it (sync/SyncStore.ts declares it): its
 * checkpoint and ranges, what earlier versions' databases lack (refills, the bid scan), model
 * names, the contract's counters, its endpoints' limits, and what an upgrade's check reads back.
 * Every write that the rollback after an upgrade must undo notes its run in its own transaction.
 */
export function createSyncStore(
  sqlite: Database.Database,
  refs: Refs,
  chainId: number,
  position: () => number | null,
): SyncStore {
  const s = {
    chains: chainStatements(sqlite),
    bids: bidStatements(sqlite),
    blocks: blockStatements(sqlite),
    closes: closeStatements(sqlite),
    anomalies: anomalyStatements(sqlite),
    modelNames: modelNameStatements(sqlite),
    pairStats: pairStatStatements(sqlite),
    upgrades: upgradeStatements(sqlite),
    runs: syncRunStatements(sqlite),
    endpoints: endpointLimitStatements(sqlite),
  };
  const { commit, forgetBids } = createCommitRange(sqlite, refs, chainId, position);
  const rollback = createRollbackChain(sqlite, chainId);
  const sample = readUpgradeSample(sqlite);
  return {
    chainId,
    checkpoint: () => s.chains.checkpoint.get(chainId),
    knownBids: () => new Map(s.bids.standing.all(chainId).map(([id, standing]) => [id, standing === 1])),
    commitRange: commit,
    storedBlocks: (atOrBelow) => s.blocks.atOrBelow.all(chainId, atOrBelow),
    rollbackTo(ancestor) {
      rollback(ancestor);
      refs.clear();
      forgetBids();
    },
    pruneBlocks: (belowNumber) => void s.blocks.prune.run(chainId, belowNumber),
    modelIds: () => s.modelNames.named.all(),
    saveModelNames: sqlite.transaction((names: Parameters<SyncStore["saveModelNames"]>[0]) => {
      for (const { modelId, name, status } of names)
        s.modelNames.save.run({ chainId, modelRef: refs.model(modelId), name, status });
    }),
    closesToRefill: (limit) => s.closes.toRefill.all(chainId, limit),
    saveRefilled: sqlite.transaction(({ run, closes }: Parameters<SyncStore["saveRefilled"]>[0]) => {
      s.runs.note.run({ chainId, ...run });
      for (const { sessionId, state, oversizeTokens } of closes) {
        s.closes.refilled.run({
          chainId,
          sessionId,
          kind: state?.kind ?? "unreadable",
          closedAt: state?.closedAt ?? null,
          openedAt: state?.openedAt ?? null,
          endsAt: state?.endsAt ?? null,
          closeoutType: state?.closeoutType.toString() ?? null,
          receiptLength: state?.receiptLength ?? null,
          tokens: state?.tokens ?? 0,
          tokenCounted: state?.tokenCounted ? 1 : 0,
          ttftMs: state?.ttftMs ?? 0,
          tps: state?.tps ?? 0,
        });
        if (oversizeTokens) s.anomalies.oversizeTokens.run({ chainId, sessionId });
      }
    }),
    auditPairs: () => s.pairStats.auditPairs.all(chainId),
    router: createRouterStore(sqlite, chainId),
    statsBlock: () => s.chains.statsBlock.get(chainId) ?? undefined,
    saveAuditCounters: sqlite.transaction(
      (block: number, counters: Parameters<SyncStore["saveAuditCounters"]>[1]) => {
        s.pairStats.clear.run(chainId);
        for (const { modelId, provider, totalCount, successCount, totalDuration } of counters ?? []) {
          s.pairStats.insert.run({
            chainId,
            modelRef: refs.model(modelId),
            providerRef: refs.provider(provider),
            totalCount,
            successCount,
            totalDuration,
          });
        }
        s.chains.statsRead.run(block, counters ? 1 : 0, chainId);
      },
    ),
    saveRunRecord: ({ targetBlock, syncedAt }) => void s.chains.runRecord.run(targetBlock, syncedAt, chainId),
    endpointLimits: () => storedLimits(s.endpoints, chainId),
    saveEndpointLimits: sqlite.transaction((rows: Parameters<SyncStore["saveEndpointLimits"]>[0]) => {
      for (const { endpoint, rangeSize, batchCap, callCap } of rows)
        s.endpoints.save.run({
          chainId,
          endpoint,
          rangeSize: rangeSize ?? null,
          batchCap: batchCap ?? null,
          callCap: callCap ?? null,
        });
      s.endpoints.dropUnattributed.run(chainId);
    }),
    upgradeSample: (perEnd) => sample(chainId, s.upgrades.lastAccepted.get(chainId) ?? -1, perEnd),
    syncRuns: () =>
      s.runs.ofChain.all(chainId).map(({ firstBlock, head, startedAt, wroteAt, lowBlock }) => ({
        firstBlock,
        head,
        ...(startedAt !== null ? { startedAt } : {}),
        ...(wroteAt !== null ? { wroteAt } : {}),
        ...(lowBlock !== null ? { lowBlock } : {}),
      })),
    pruneRuns: (synced) => void s.runs.prune.run({ chainId, synced }),
    bidsToRefill: (limit, after = "") => s.bids.toRefill.all({ chainId, after, limit }),
    saveRefilledBids: sqlite.transaction(({ run, bids }: Parameters<SyncStore["saveRefilledBids"]>[0]) => {
      s.runs.note.run({ chainId, ...run });
      for (const { bidId, state } of bids)
        s.bids.refilled.run({
          chainId,
          bidId,
          createdAt: state?.createdAt ?? null,
          deletedAt: state?.deletedAt ?? null,
          nonce: state?.nonce.toString() ?? null,
        });
    }),
    bidScan() {
      const row = s.chains.bidScan.get(chainId);
      return row?.next != null && row.end != null ? { next: row.next, end: row.end } : undefined;
    },
    commitBidScan: sqlite.transaction((scan: BidScanCommit) => {
      s.runs.note.run({ chainId, ...scan.run });
      writeBidLogs(s.bids, refs, chainId, scan);
      writeUpgrades(s.upgrades, chainId, scan.upgrades);
      for (const { kind, key, blockNumber, detail } of scan.anomalies)
        s.anomalies.insert.run({ chainId, kind, key, blockNumber, detail: detail ?? null });
      s.chains.bidScanMoved.run({ chainId, next: scan.next, parentTime: scan.parentTime ?? null });
    }),
  };
}

/** What the chain's runs learned of each endpoint; the values of a database before 0006 apart. */
function storedLimits(s: ReturnType<typeof endpointLimitStatements>, chainId: number): StoredEndpointLimits {
  const byEndpoint = new Map<string, EndpointLimits>();
  let unattributed: EndpointLimits | undefined;
  for (const { endpoint, rangeSize, batchCap, callCap } of s.ofChain.all(chainId)) {
    const limits = {
      rangeSize: rangeSize ?? undefined,
      batchCap: batchCap ?? undefined,
      callCap: callCap ?? undefined,
    };
    if (endpoint === "") unattributed = limits;
    else byEndpoint.set(endpoint, limits);
  }
  return { byEndpoint, unattributed };
}
