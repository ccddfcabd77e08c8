import type Database from "better-sqlite3";
import type { chains } from "../schema/chainTables.js";
import type { StoredRow } from "../storedRow.js";

export type ChainsRow = StoredRow<typeof chains.$inferSelect>;

/** What a range's commit writes of its chain: the checkpoint (a new chain's identity with it). */
type CheckpointWrite = Pick<
  ChainsRow,
  "chainId" | "contract" | "fromBlock" | "creationBlock" | "blockNumber" | "blockHash" | "blockTimestamp"
> &
  Pick<ChainsRow, "position"> & { parentTime: number | null };

const checkpointColumns = `chain_id AS chainId, contract, from_block AS fromBlock, creation_block AS creationBlock,
  block_number AS blockNumber, block_hash AS blockHash, block_timestamp AS blockTimestamp`;

/** The statements of the chains table: one row per indexed chain (store/schema/chainTables.ts). */
export function chainStatements(sqlite: Database.Database) {
  return {
    /** Inserts a chain with its first range, or moves its checkpoint. */
    checkpointMoved: sqlite.prepare<CheckpointWrite>(
      `INSERT INTO chains (chain_id, contract, from_block, creation_block, block_number, block_hash, block_timestamp, position, from_parent_time)
       VALUES (:chainId, :contract, :fromBlock, :creationBlock, :blockNumber, :blockHash, :blockTimestamp, :position, :parentTime)
       ON CONFLICT (chain_id) DO UPDATE SET block_number = excluded.block_number, block_hash = excluded.block_hash,
         block_timestamp = excluded.block_timestamp`,
    ),
    checkpoint: sqlite.prepare<
      [chainId: number],
      Pick<
        ChainsRow,
        | "chainId"
        | "contract"
        | "fromBlock"
        | "creationBlock"
        | "blockNumber"
        | "blockHash"
        | "blockTimestamp"
      >
    >(`SELECT ${checkpointColumns} FROM chains WHERE chain_id = ?`),
    /** Every chain, as the build reads them. */
    all: sqlite.prepare<[], Omit<ChainsRow, "bidScanEnd">>(
      `SELECT ${checkpointColumns}, position, target_block AS targetBlock, synced_at AS syncedAt,
         stats_block AS statsBlock, stats_available AS statsAvailable, from_parent_time AS fromParentTime,
         bid_scan_next AS bidScanNext
       FROM chains ORDER BY chain_id`,
    ),
    ids: sqlite.prepare<[], number>("SELECT chain_id FROM chains ORDER BY chain_id").pluck(),
    setPosition: sqlite.prepare<[position: number | null, chainId: number]>(
      "UPDATE chains SET position = ? WHERE chain_id = ?",
    ),
    runRecord: sqlite.prepare<[targetBlock: number, syncedAt: number, chainId: number]>(
      "UPDATE chains SET target_block = ?, synced_at = ? WHERE chain_id = ?",
    ),
    statsRead: sqlite.prepare<[block: number, available: number, chainId: number]>(
      "UPDATE chains SET stats_block = ?, stats_available = ? WHERE chain_id = ?",
    ),
    statsBlock: sqlite
      .prepare<[chainId: number], ChainsRow["statsBlock"]>(
        "SELECT stats_block FROM chains WHERE chain_id = ?",
      )
      .pluck(),
    bidScan: sqlite.prepare<
      [chainId: number],
      { next: ChainsRow["bidScanNext"]; end: ChainsRow["bidScanEnd"] }
    >("SELECT bid_scan_next AS next, bid_scan_end AS end FROM chains WHERE chain_id = ?"),
    /** The bid scan moved on to `next`: past its end, done. */
    bidScanMoved: sqlite.prepare<{ chainId: number; next: number; parentTime: number | null }>(
      `UPDATE chains SET bid_scan_next = CASE WHEN :next > bid_scan_end THEN NULL ELSE :next END,
         bid_scan_end = CASE WHEN :next > bid_scan_end THEN NULL ELSE bid_scan_end END,
         from_parent_time = ifnull(from_parent_time, :parentTime)
       WHERE chain_id = :chainId`,
    ),
    /** A chain rolled back to an ancestor: its checkpoint there. */
    rolledBack: sqlite.prepare<{ chainId: number; number: number; hash: string; timestamp: number }>(
      "UPDATE chains SET block_number = :number, block_hash = :hash, block_timestamp = :timestamp WHERE chain_id = :chainId",
    ),
    forget: sqlite.prepare<{ chainId: number }>("DELETE FROM chains WHERE chain_id = :chainId"),
  };
}
