import type Database from "better-sqlite3";
import type { RangeCommit } from "../sync/SyncStore.js";
import type { Refs } from "./createRefs.js";
import { anomalyStatements } from "./statements/anomalyStatements.js";
import { bidStatements } from "./statements/bidStatements.js";
import { blockStatements } from "./statements/blockStatements.js";
import { chainStatements } from "./statements/chainStatements.js";
import { type CloseWrite, closeStatements } from "./statements/closeStatements.js";
import { sessionStatements } from "./statements/sessionStatements.js";
import { syncRunStatements } from "./statements/syncRunStatements.js";
import { upgradeStatements } from "./statements/upgradeStatements.js";
import { writeBidLogs } from "./writeBidLogs.js";
import { writeUpgrades } from "./writeUpgrades.js";

type StoredBid = { ref: number; ok: boolean; providerRef: number | null };

/**
 * The transaction that writes one synced range of one chain with its checkpoint: bids, sessions,
 * closes (each filed under its bid, or under its log's provider when the bid cannot be read),
 * anomalies, block hashes, the contract's upgrades it went past, and the run that read it (where
 * it started, when it wrote). All of it or nothing.
 */
export function createCommitRange(
  sqlite: Database.Database,
  refs: Refs,
  chainId: number,
  position: () => number | null,
): { commit: (commit: RangeCommit) => void; forgetBids: () => void } {
  const s = {
    chains: chainStatements(sqlite),
    bids: bidStatements(sqlite),
    sessions: sessionStatements(sqlite),
    closes: closeStatements(sqlite),
    anomalies: anomalyStatements(sqlite),
    blocks: blockStatements(sqlite),
    upgrades: upgradeStatements(sqlite),
    runs: syncRunStatements(sqlite),
  };
  // Bids never change once stored: their refs are cached for the run.
  const bidCache = new Map<string, StoredBid>();
  const storedBid = (bidId: string): StoredBid | undefined => {
    const cached = bidCache.get(bidId);
    if (cached) return cached;
    const row = s.bids.stored.get(chainId, bidId);
    if (!row) return undefined;
    const bid = { ref: row.ref, ok: row.readOk === 1, providerRef: row.providerRef };
    bidCache.set(bidId, bid);
    return bid;
  };
  /** A close's row: filed under its bid's provider, or its log's (topic3) when the bid cannot be read. */
  const closeRow = (close: RangeCommit["closes"][number]): CloseWrite => {
    const { state } = close;
    const bid = state ? storedBid(state.bidId) : undefined;
    // SPEC.md: the provider is the bid's, and the log's topic3 is the same address.
    const providerRef = bid?.ok
      ? bid.providerRef
      : state && close.provider
        ? refs.provider(close.provider)
        : null;
    return {
      chainId,
      sessionId: close.sessionId,
      blockNumber: close.blockNumber,
      logIndex: close.logIndex,
      kind: state?.kind ?? "unreadable",
      bidRef: bid?.ok ? bid.ref : null,
      providerRef,
      closedAt: state?.closedAt ?? null,
      openedAt: state?.openedAt ?? null,
      endsAt: state?.endsAt ?? null,
      closeoutType: state?.closeoutType.toString() ?? null,
      receiptLength: state?.receiptLength ?? null,
      tokens: state?.tokens ?? 0,
      tokenCounted: state?.tokenCounted ? 1 : 0,
      ttftMs: state?.ttftMs ?? 0,
      tps: state?.tps ?? 0,
    };
  };

  const commit = sqlite.transaction((range: RangeCommit) => {
    writeBidLogs(s.bids, refs, chainId, range);
    for (const { sessionId, blockNumber, logIndex, state } of range.opens) {
      s.sessions.insert.run({
        chainId,
        sessionId,
        openedBlock: blockNumber,
        openedLogIndex: logIndex,
        readOk: state ? 1 : 0,
        bidId: state?.bidId ?? null,
        stake: state?.stake.toString() ?? null,
        openedAt: state?.openedAt ?? null,
        endsAt: state?.endsAt ?? null,
      });
    }
    for (const close of range.closes) {
      s.closes.insert.run(closeRow(close));
      s.sessions.closed.run({ chainId, sessionId: close.sessionId, closeBlock: close.blockNumber });
    }
    for (const { kind, key, blockNumber, detail } of range.anomalies)
      s.anomalies.insert.run({ chainId, kind, key, blockNumber, detail: detail ?? null });
    for (const { number, hash, timestamp } of [...range.headers, range.end])
      s.blocks.save.run({ chainId, number, hash, timestamp });
    writeUpgrades(s.upgrades, chainId, range.upgrades);
    s.runs.note.run({ chainId, ...range.run });
    const { identity, end } = range;
    s.chains.checkpointMoved.run({
      chainId,
      contract: identity.contract,
      fromBlock: identity.fromBlock,
      creationBlock: identity.creationBlock,
      blockNumber: end.number,
      blockHash: end.hash,
      blockTimestamp: end.timestamp,
      position: position(),
      parentTime: range.parentTime ?? null,
    });
  });
  return { commit, forgetBids: () => bidCache.clear() };
}
