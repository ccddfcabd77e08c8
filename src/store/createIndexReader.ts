import type { MetaUpgrade } from "../api/apiTypes.js";
import { type CloseDay, decodeCloseFacts } from "./decodeCloseFacts.js";
import type { Store } from "./openStore.js";

export { type CloseDay, closeFact, closeFields } from "./decodeCloseFacts.js";

/** One chain of the database: its identity, checkpoint and last run. */
export type ChainRecord = {
  chainId: number;
  contract: string;
  fromBlock: number;
  creationBlock: number | null;
  blockNumber: number;
  blockHash: string;
  blockTimestamp: number;
  /** Place in the configuration of the last sync; null: left out of it. */
  position: number | null;
  targetBlock: number | null;
  syncedAt: number | null;
  statsBlock: number | null;
  statsAvailable: boolean | null;
  /** The timestamp of the block before fromBlock (null: from block 0, or not read yet). */
  fromParentTime: number | null;
  /** The next block of the one-time bid log scan of a database indexed before 1.2; null: none left. */
  bidScanNext: number | null;
};

/**
 * A known bid's times (SPEC.md 1.2's offer rule decides with them), for the bids whose getBid
 * succeeded with a createdAt: deletedAt as last read, and whether a MarketplaceBidDeleted log of
 * it is indexed.
 */
export type BidTimesRecord = {
  ref: number;
  chainId: number;
  bidId: string;
  createdAt: number;
  deletedAt: number;
  deletionIndexed: boolean;
};

export type BidRecord = { chainId: number; modelRef: number; providerRef: number; pricePerSecond: bigint };
export type ModelNameRecord = { chainId: number; modelRef: number; name: string | null; status: string };
export type StuckRecord = {
  chainId: number;
  sessionId: string;
  openedAt: number;
  endsAt: number;
  stake: string | null;
  provider: string | null;
  modelId: string | null;
};
export type PairStatRecord = {
  modelRef: number;
  providerRef: number;
  totalCount: number;
  successCount: number;
  totalDuration: number;
};

/** The build's reads: everything the rollup computes from, in one consistent snapshot. */
export type IndexReader = {
  chains(): ChainRecord[];
  /** Bids that could be read, by ref. */
  bids(): Map<number, BidRecord>;
  /** The times of the known bids of these chains that could be read with a createdAt. */
  bidTimes(chainIds: readonly number[]): BidTimesRecord[];
  /** modelId by ref. */
  models(): Map<number, string>;
  modelNames(): ModelNameRecord[];
  /** EIP-55 address by ref. */
  providers(): Map<number, string>;
  /** Every close whose session could be read, one day and chain at a time, ascending by day. */
  closeDays(chainIds: readonly number[]): Iterable<CloseDay>;
  /** Sessions of a chain opened, never closed, whose stake ran out at or before `endsAtUpTo`. */
  stuck(chainId: number, endsAtUpTo: number): StuckRecord[];
  pairStats(chainId: number): PairStatRecord[];
  /** A chain's contract upgrades up to its last synced block, in block order. */
  /** The contract upgrades the sync went past (store/schema.ts, upgrades), as meta.json lists them. */
  upgrades(chainId: number): MetaUpgrade[];
  counts(chainIds: readonly number[]): Record<string, number>;
  /** Distinct models and providers of these chains together (a provider on two chains is one). */
  distinctCounts(chainIds: readonly number[]): { models: number; providers: number };
  anomalies(chainIds: readonly number[]): Record<string, number>;
  /** Closes a 1.0 database holds that the next sync has to read again. */
  closesToRefill(): number;
};

/** The index as the build reads it (run it inside one read transaction for a consistent snapshot). */
export function createIndexReader({ sqlite }: Store): IndexReader {
  const q = (source: string) => sqlite.prepare(source);
  const inChains = (chainIds: readonly number[]) =>
    `(${chainIds.map((id) => Number(id)).join(",") || "NULL"})`;
  /** Counts asked for the same chains twice (a publication of one chain) are counted once. */
  const once = (read: (chainIds: readonly number[]) => Record<string, number>) => {
    const known = new Map<string, Record<string, number>>();
    return (chainIds: readonly number[]) => {
      const key = inChains([...chainIds].sort((a, b) => a - b));
      const counted = known.get(key) ?? read(chainIds);
      known.set(key, counted);
      return { ...counted };
    };
  };
  return {
    chains: () =>
      (
        q(
          `SELECT chain_id AS chainId, contract, from_block AS fromBlock, creation_block AS creationBlock,
             block_number AS blockNumber, block_hash AS blockHash, block_timestamp AS blockTimestamp, position,
             target_block AS targetBlock, synced_at AS syncedAt, stats_block AS statsBlock, stats_available AS statsAvailable,
             from_parent_time AS fromParentTime, bid_scan_next AS bidScanNext
           FROM chains ORDER BY chain_id`,
        ).all() as Array<ChainRecord & { statsAvailable: number | null }>
      ).map((row) => ({
        ...row,
        statsAvailable: row.statsAvailable === null ? null : row.statsAvailable === 1,
      })),
    bids() {
      const rows = q(
        `SELECT ref, chain_id AS chainId, model_ref AS modelRef, provider_ref AS providerRef, price_per_second AS price
         FROM bids WHERE read_ok = 1`,
      ).all() as Array<{
        ref: number;
        chainId: number;
        modelRef: number;
        providerRef: number;
        price: string;
      }>;
      return new Map(
        rows.map((r) => [
          r.ref,
          {
            chainId: r.chainId,
            modelRef: r.modelRef,
            providerRef: r.providerRef,
            pricePerSecond: BigInt(r.price),
          },
        ]),
      );
    },
    bidTimes: (chainIds) =>
      (
        q(
          `SELECT b.ref, b.chain_id AS chainId, b.bid_id AS bidId, b.created_at AS createdAt, b.deleted_at AS deletedAt,
             d.bid_id IS NOT NULL AS deletionIndexed
           FROM bids b LEFT JOIN bid_deletions d ON d.chain_id = b.chain_id AND d.bid_id = b.bid_id
           WHERE b.chain_id IN ${inChains(chainIds)} AND b.read_ok = 1 AND b.created_at > 0`,
        ).all() as Array<Omit<BidTimesRecord, "deletionIndexed"> & { deletionIndexed: number }>
      ).map((row) => ({ ...row, deletionIndexed: row.deletionIndexed === 1 })),
    models: () => new Map(q("SELECT ref, model_id FROM models").raw().all() as Array<[number, string]>),
    modelNames: () =>
      q(
        "SELECT chain_id AS chainId, model_ref AS modelRef, name, status FROM model_names",
      ).all() as ModelNameRecord[],
    providers: () => new Map(q("SELECT ref, address FROM providers").raw().all() as Array<[number, string]>),
    *closeDays(chainIds) {
      const statement = q(
        `SELECT day, chain_id, group_concat(facts, ';') FROM closes INDEXED BY closes_facts
         WHERE closed_at IS NOT NULL AND chain_id IN ${inChains(chainIds)} GROUP BY day, chain_id ORDER BY day, chain_id`,
      ).raw();
      for (const [day, chainId, facts] of statement.iterate() as Iterable<[number, number, string]>) {
        yield decodeCloseFacts(day, chainId, facts);
      }
    },
    stuck: (chainId, endsAtUpTo) =>
      q(
        `SELECT s.chain_id AS chainId, s.session_id AS sessionId, s.opened_at AS openedAt, s.ends_at AS endsAt,
           s.stake, p.address AS provider, m.model_id AS modelId
         FROM sessions s INDEXED BY sessions_open_by_end
         LEFT JOIN bids b ON b.chain_id = s.chain_id AND b.bid_id = s.bid_id AND b.read_ok = 1
         LEFT JOIN providers p ON p.ref = b.provider_ref
         LEFT JOIN models m ON m.ref = b.model_ref
         WHERE s.chain_id = ? AND s.close_block IS NULL AND s.ends_at <= ?`,
      ).all(chainId, endsAtUpTo) as StuckRecord[],
    pairStats: (chainId) =>
      q(
        `SELECT model_ref AS modelRef, provider_ref AS providerRef, total_count AS totalCount,
           success_count AS successCount, total_duration AS totalDuration FROM pair_stats WHERE chain_id = ?`,
      ).all(chainId) as PairStatRecord[],
    upgrades: (chainId) =>
      (
        q(
          `SELECT block_number AS block, block_timestamp AS time, status, added, replaced, removed, compared
           FROM upgrades WHERE chain_id = ? ORDER BY block_number, log_index`,
        ).all(chainId) as Array<
          Omit<MetaUpgrade, "added" | "replaced" | "removed"> &
            Record<"added" | "replaced" | "removed", string>
        >
      ).map((row) => ({
        ...row,
        added: namesOf(row.added),
        replaced: namesOf(row.replaced),
        removed: namesOf(row.removed),
      })),
    counts: once((chainIds) => {
      const c = inChains(chainIds);
      return q(
        `SELECT
           (SELECT COUNT(*) FROM sessions WHERE chain_id IN ${c}) AS sessionsOpened,
           (SELECT COUNT(*) FROM closes WHERE chain_id IN ${c}) AS sessionsClosed,
           (SELECT COUNT(DISTINCT model_ref) FROM bids WHERE chain_id IN ${c} AND read_ok = 1) AS models,
           -- A close with a readable bid is filed under the bid's provider, counted from the bids:
           -- only the closes filed under their log's provider are looked up (an index of its own).
           (SELECT COUNT(*) FROM (SELECT provider_ref FROM bids WHERE chain_id IN ${c} AND provider_ref IS NOT NULL
              UNION SELECT provider_ref FROM closes INDEXED BY closes_log_provider
                WHERE chain_id IN ${c} AND bid_ref IS NULL AND provider_ref IS NOT NULL)) AS providers`,
      ).get() as Record<string, number>;
    }),
    distinctCounts: (chainIds) => {
      const c = inChains(chainIds);
      return q(
        `SELECT
           (SELECT COUNT(DISTINCT model_ref) FROM bids WHERE chain_id IN ${c} AND read_ok = 1) AS models,
           (SELECT COUNT(*) FROM (SELECT provider_ref FROM bids WHERE chain_id IN ${c} AND provider_ref IS NOT NULL
              UNION SELECT provider_ref FROM closes INDEXED BY closes_log_provider
                WHERE chain_id IN ${c} AND bid_ref IS NULL AND provider_ref IS NOT NULL)) AS providers`,
      ).get() as { models: number; providers: number };
    },
    anomalies: once((chainIds) => {
      const c = inChains(chainIds);
      return q(
        `SELECT
           (SELECT COUNT(*) FROM closes WHERE chain_id IN ${c} AND kind = 'malformed') AS malformedReceipts,
           (SELECT COUNT(*) FROM closes WHERE chain_id IN ${c} AND kind = 'malformed' AND receipt_length = 0) AS emptyReceipts,
           (SELECT COUNT(*) FROM anomalies WHERE chain_id IN ${c} AND kind = 'oversize-token-counts') AS oversizeTokenCounts,
           (SELECT COUNT(*) FROM closes WHERE chain_id IN ${c} AND kind = 'disputed') AS disputedSessions,
           (SELECT COUNT(*) FROM closes INDEXED BY closes_kind WHERE chain_id IN ${c} AND kind = 'unreadable')
             + (SELECT COUNT(*) FROM sessions s INDEXED BY sessions_unreadable WHERE s.chain_id IN ${c} AND s.read_ok = 0
                AND NOT EXISTS (SELECT 1 FROM closes x WHERE x.chain_id = s.chain_id AND x.session_id = s.session_id
                  AND x.kind = 'unreadable')) AS unreadableSessions,
           (SELECT COUNT(*) FROM anomalies WHERE chain_id IN ${c} AND kind = 'inconsistent-session') AS inconsistentSessions,
           (SELECT COUNT(*) FROM bids WHERE chain_id IN ${c} AND read_ok = 0) AS unreadableBids,
           (SELECT COUNT(*) FROM bids b JOIN providers p ON p.ref = b.provider_ref
             WHERE b.chain_id IN ${c} AND p.address = '0x0000000000000000000000000000000000000000') AS zeroAddressProviders,
           (SELECT COUNT(*) FROM model_names WHERE chain_id IN ${c} AND status = 'unreadable') AS unreadableModels,
           (SELECT COUNT(*) FROM model_names WHERE chain_id IN ${c} AND status = 'invalid-utf8') AS invalidModelNames,
           (SELECT COUNT(*) FROM anomalies WHERE chain_id IN ${c} AND kind = 'foreign-log') AS foreignLogs`,
      ).get() as Record<string, number>;
    }),
    closesToRefill: () =>
      q("SELECT COUNT(*) FROM closes INDEXED BY closes_refill WHERE tps IS NULL AND closed_at IS NOT NULL")
        .pluck()
        .get() as number,
  };
}

/** A comma-separated list of function names as the sync stored it ("" for none). */
function namesOf(list: string): MetaUpgrade["added"] {
  return list === "" ? [] : (list.split(",") as MetaUpgrade["added"]);
}
