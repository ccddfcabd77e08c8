import type Database from "better-sqlite3";
import type { bidDeletions, bids } from "../schema/marketTables.js";
import type { StoredRow } from "../storedRow.js";

export type BidsRow = StoredRow<typeof bids.$inferSelect>;
export type BidDeletionsRow = StoredRow<typeof bidDeletions.$inferSelect>;

/** A bid as a sample of stored records shows it (upgradeSample): its model and provider by value. */
export type BidSampleRow = Pick<BidsRow, "bidId" | "createdAt" | "deletedAt"> & {
  provider: string;
  modelId: string;
  pricePerSecond: string;
};

const sampleColumns = `b.bid_id AS bidId, p.address AS provider, m.model_id AS modelId,
  b.price_per_second AS pricePerSecond, b.created_at AS createdAt, b.deleted_at AS deletedAt`;
const sampleJoins = "JOIN providers p ON p.ref = b.provider_ref JOIN models m ON m.ref = b.model_ref";

/** The statements of bids and bid_deletions: the known bids of each chain (SPEC.md 1.2). */
export function bidStatements(sqlite: Database.Database) {
  return {
    insert: sqlite.prepare<
      Pick<
        BidsRow,
        | "chainId"
        | "bidId"
        | "readOk"
        | "providerRef"
        | "modelRef"
        | "pricePerSecond"
        | "nonce"
        | "createdAt"
        | "deletedAt"
      >
    >(
      `INSERT INTO bids (chain_id, bid_id, read_ok, provider_ref, model_ref, price_per_second, nonce, created_at, deleted_at)
       VALUES (:chainId, :bidId, :readOk, :providerRef, :modelRef, :pricePerSecond, :nonce, :createdAt, :deletedAt)
       ON CONFLICT DO NOTHING`,
    ),
    /** A stored bid read again: its times now. */
    timesRead: sqlite.prepare<Pick<BidsRow, "chainId" | "bidId" | "createdAt" | "deletedAt">>(
      `UPDATE bids SET created_at = :createdAt, deleted_at = :deletedAt
       WHERE chain_id = :chainId AND bid_id = :bidId AND read_ok = 1`,
    ),
    /**
     * A read again that failed (null) keeps the times and nonce stored, and gives a 1.1 bid 0 (never
     * an offer); a 1.2 bid without a nonce keeps none (it names no previous bid: SPEC.md 1.3, changes).
     */
    refilled: sqlite.prepare<{
      chainId: number;
      bidId: string;
      createdAt: number | null;
      deletedAt: number | null;
      nonce: string | null;
    }>(
      `UPDATE bids SET created_at = coalesce(:createdAt, created_at, 0), deleted_at = coalesce(:deletedAt, deleted_at, 0),
         nonce = coalesce(:nonce, nonce)
       WHERE chain_id = :chainId AND bid_id = :bidId`,
    ),
    posted: sqlite.prepare<{ chainId: number; bidId: string; blockNumber: number }>(
      "UPDATE bids SET posted_block = :blockNumber WHERE chain_id = :chainId AND bid_id = :bidId AND posted_block IS NULL",
    ),
    deletion: sqlite.prepare<BidDeletionsRow>(
      `INSERT INTO bid_deletions (chain_id, bid_id, block_number) VALUES (:chainId, :bidId, :blockNumber)
       ON CONFLICT DO NOTHING`,
    ),
    stored: sqlite.prepare<[chainId: number, bidId: string], Pick<BidsRow, "ref" | "readOk" | "providerRef">>(
      "SELECT ref, read_ok AS readOk, provider_ref AS providerRef FROM bids WHERE chain_id = ? AND bid_id = ?",
    ),
    /** Each stored bid, with whether it stands as last read (1: read, deletedAt 0). */
    standing: sqlite
      .prepare<[chainId: number], [BidsRow["bidId"], number]>(
        "SELECT bid_id, read_ok = 1 AND ifnull(deleted_at, 0) = 0 FROM bids WHERE chain_id = ?",
      )
      .raw(),
    // A 1.1 database's bids (no times), a 1.2 database's (no nonce); a bid stored standing although its deletion log is
    // indexed, or posted and stored as the empty record (reads that lagged behind the logs).
    toRefill: sqlite
      .prepare<{ chainId: number; after: string; limit: number }, string>(
        `SELECT bid_id FROM bids b WHERE chain_id = :chainId AND bid_id > :after AND read_ok = 1 AND (
           created_at IS NULL
           OR nonce IS NULL
           OR (created_at = 0 AND posted_block IS NOT NULL)
           OR (deleted_at = 0 AND EXISTS (SELECT 1 FROM bid_deletions d WHERE d.chain_id = b.chain_id AND d.bid_id = b.bid_id)))
         ORDER BY bid_id LIMIT :limit`,
      )
      .pluck(),
    /** The readable bids, as the build reads them. */
    readable: sqlite.prepare<
      [],
      Pick<BidsRow, "ref" | "chainId" | "modelRef" | "providerRef" | "pricePerSecond">
    >(
      `SELECT ref, chain_id AS chainId, model_ref AS modelRef, provider_ref AS providerRef,
         price_per_second AS pricePerSecond
       FROM bids WHERE read_ok = 1`,
    ),
    /**
     * The times of the known bids of a list of chains (an SQL list: countStatements.ts, chainList)
     * read with a createdAt, and whether their deletion log is indexed (1 or 0).
     */
    timesOf: (chains: string) =>
      sqlite.prepare<
        [],
        Pick<BidsRow, "ref" | "chainId" | "bidId" | "nonce"> & {
          createdAt: number;
          deletedAt: number;
          deletionIndexed: number;
        }
      >(
        `SELECT b.ref, b.chain_id AS chainId, b.bid_id AS bidId, b.nonce, b.created_at AS createdAt, b.deleted_at AS deletedAt,
           d.bid_id IS NOT NULL AS deletionIndexed
         FROM bids b LEFT JOIN bid_deletions d ON d.chain_id = b.chain_id AND d.bid_id = b.bid_id
         WHERE b.chain_id IN ${chains} AND b.read_ok = 1 AND b.created_at > 0`,
      ),
    sample: sqlite.prepare<[chainId: number, bidId: string], BidSampleRow>(
      `SELECT ${sampleColumns} FROM bids b ${sampleJoins} WHERE b.chain_id = ? AND b.bid_id = ? AND b.read_ok = 1`,
    ),
    // Bids the sessions do not reach: the newest posted ones (a market of bids nobody opened yet).
    newestPosted: sqlite.prepare<[chainId: number, afterBlock: number, limit: number], BidSampleRow>(
      `SELECT ${sampleColumns} FROM bids b ${sampleJoins}
       WHERE b.chain_id = ? AND b.posted_block > ? AND b.read_ok = 1 ORDER BY b.posted_block DESC, b.ref DESC LIMIT ?`,
    ),
  };
}

export type BidStatements = ReturnType<typeof bidStatements>;
