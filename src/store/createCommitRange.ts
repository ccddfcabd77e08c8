import type Database from "better-sqlite3";
import type { RangeCommit } from "../sync/SyncStore.js";
import type { Refs } from "./createRefs.js";
import { syncRunStatements } from "./syncRunStatements.js";
import { bidStatements, writeBids } from "./writeBids.js";
import { upgradeStatement, writeUpgrades } from "./writeUpgrades.js";

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
    chain: sqlite.prepare(
      `INSERT INTO chains (chain_id, contract, from_block, creation_block, block_number, block_hash, block_timestamp, position, from_parent_time)
       VALUES (:chainId, :contract, :fromBlock, :creationBlock, :blockNumber, :blockHash, :blockTimestamp, :position, :parentTime)
       ON CONFLICT (chain_id) DO UPDATE SET block_number = excluded.block_number, block_hash = excluded.block_hash,
         block_timestamp = excluded.block_timestamp`,
    ),
    ...bidStatements(sqlite),
    storedBid: sqlite.prepare(
      "SELECT ref, read_ok AS ok, provider_ref AS providerRef FROM bids WHERE chain_id = ? AND bid_id = ?",
    ),
    session: sqlite.prepare(
      `INSERT INTO sessions (chain_id, session_id, opened_block, opened_log_index, read_ok, bid_id, stake, opened_at, ends_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    ),
    close: sqlite.prepare(
      `INSERT INTO closes (chain_id, session_id, block_number, log_index, kind, bid_ref, provider_ref, closed_at,
         opened_at, ends_at, closeout_type, receipt_length, tokens, ttft_ms, tps)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    ),
    markClosed: sqlite.prepare(
      "UPDATE sessions SET close_block = ? WHERE chain_id = ? AND session_id = ? AND close_block IS NULL",
    ),
    anomaly: sqlite.prepare(
      "INSERT INTO anomalies (chain_id, kind, key, block_number, detail) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
    ),
    block: sqlite.prepare(
      `INSERT INTO blocks (chain_id, number, hash, timestamp) VALUES (?, ?, ?, ?)
       ON CONFLICT (chain_id, number) DO UPDATE SET hash = excluded.hash, timestamp = excluded.timestamp`,
    ),
    upgrade: upgradeStatement(sqlite),
  };
  const runs = syncRunStatements(sqlite);
  // Bids never change once stored: their refs are cached for the run.
  const bidCache = new Map<string, StoredBid>();
  const storedBid = (bidId: string): StoredBid | undefined => {
    const cached = bidCache.get(bidId);
    if (cached) return cached;
    const row = s.storedBid.get(chainId, bidId) as
      | { ref: number; ok: number; providerRef: number | null }
      | undefined;
    if (!row) return undefined;
    const bid = { ref: row.ref, ok: row.ok === 1, providerRef: row.providerRef };
    bidCache.set(bidId, bid);
    return bid;
  };

  const commit = sqlite.transaction((range: RangeCommit) => {
    writeBids(s, refs, chainId, range);
    for (const open of range.opens) {
      const state = open.state;
      s.session.run(
        chainId,
        open.sessionId,
        open.blockNumber,
        open.logIndex,
        state ? 1 : 0,
        state?.bidId ?? null,
        state?.stake.toString() ?? null,
        state?.openedAt ?? null,
        state?.endsAt ?? null,
      );
    }
    for (const close of range.closes) {
      const state = close.state;
      const bid = state ? storedBid(state.bidId) : undefined;
      // SPEC.md: the provider is the bid's, and the log's topic3 is the same address.
      const providerRef = bid?.ok
        ? bid.providerRef
        : state && close.provider
          ? refs.provider(close.provider)
          : null;
      s.close.run(
        chainId,
        close.sessionId,
        close.blockNumber,
        close.logIndex,
        state?.kind ?? "unreadable",
        bid?.ok ? bid.ref : null,
        providerRef,
        state?.closedAt ?? null,
        state?.openedAt ?? null,
        state?.endsAt ?? null,
        state?.closeoutType.toString() ?? null,
        state?.receiptLength ?? null,
        state?.tokens ?? 0,
        state?.ttftMs ?? 0,
        state?.tps ?? 0,
      );
      s.markClosed.run(close.blockNumber, chainId, close.sessionId);
    }
    for (const anomaly of range.anomalies) {
      s.anomaly.run(chainId, anomaly.kind, anomaly.key, anomaly.blockNumber, anomaly.detail ?? null);
    }
    for (const header of [...range.headers, range.end])
      s.block.run(chainId, header.number, header.hash, header.timestamp);
    writeUpgrades(s.upgrade, chainId, range.upgrades);
    if (range.run) runs.note(chainId, range.run);
    s.chain.run({
      chainId,
      contract: range.identity.contract,
      fromBlock: range.identity.fromBlock,
      creationBlock: range.identity.creationBlock ?? null,
      blockNumber: range.end.number,
      blockHash: range.end.hash,
      blockTimestamp: range.end.timestamp,
      position: position(),
      parentTime: range.parentTime ?? null,
    });
  });
  return { commit, forgetBids: () => bidCache.clear() };
}
