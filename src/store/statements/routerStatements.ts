import type Database from "better-sqlite3";
import type { routerBids, routerModels, routerReads } from "../schema/marketTables.js";
import type { StoredRow } from "../storedRow.js";

export type RouterReadsRow = StoredRow<typeof routerReads.$inferSelect>;
export type RouterModelsRow = StoredRow<typeof routerModels.$inferSelect>;
export type RouterBidsRow = StoredRow<typeof routerBids.$inferSelect>;

/** The statements of router_reads, router_models and router_bids: the router's inputs of each chain. */
export function routerStatements(sqlite: Database.Database) {
  return {
    readOf: sqlite.prepare<[chainId: number], RouterReadsRow>(
      `SELECT chain_id AS chainId, block_number AS blockNumber, at_latest AS atLatest, available,
         minimum_stake AS minimumStake FROM router_reads WHERE chain_id = ?`,
    ),
    clear: [
      sqlite.prepare<[chainId: number]>("DELETE FROM router_reads WHERE chain_id = ?"),
      sqlite.prepare<[chainId: number]>("DELETE FROM router_models WHERE chain_id = ?"),
      sqlite.prepare<[chainId: number]>("DELETE FROM router_bids WHERE chain_id = ?"),
    ],
    insertRead: sqlite.prepare<RouterReadsRow>(
      `INSERT INTO router_reads (chain_id, block_number, at_latest, available, minimum_stake)
       VALUES (:chainId, :blockNumber, :atLatest, :available, :minimumStake)`,
    ),
    insertModel: sqlite.prepare<RouterModelsRow>(
      `INSERT INTO router_models (chain_id, model_id, tps_mean, tps_sq_sum, ttft_mean, ttft_sq_sum, duration_mean,
         duration_sq_sum, count)
       VALUES (:chainId, :modelId, :tpsMean, :tpsSqSum, :ttftMean, :ttftSqSum, :durationMean, :durationSqSum, :count)`,
    ),
    insertBid: sqlite.prepare<RouterBidsRow>(
      `INSERT INTO router_bids (chain_id, model_id, position, bid_id, provider, price_per_second, tps_mean, tps_sq_sum,
         ttft_mean, ttft_sq_sum, total_duration, success_count, total_count, stake)
       VALUES (:chainId, :modelId, :position, :bidId, :provider, :pricePerSecond, :tpsMean, :tpsSqSum, :ttftMean,
         :ttftSqSum, :totalDuration, :successCount, :totalCount, :stake)`,
    ),
    /**
     * The reads of a list of chains (an SQL list: countStatements.ts, chainList) made for each
     * chain's last synced block: an older one (a run that synced further, then failed) is no read.
     */
    readsOf: (chains: string) =>
      sqlite.prepare<[], RouterReadsRow>(
        `SELECT r.chain_id AS chainId, r.block_number AS blockNumber, r.at_latest AS atLatest, r.available,
           r.minimum_stake AS minimumStake
         FROM router_reads r JOIN chains c ON c.chain_id = r.chain_id AND c.block_number = r.block_number
         WHERE r.chain_id IN ${chains} ORDER BY r.chain_id`,
      ),
    modelsOf: (chains: string) =>
      sqlite.prepare<[], RouterModelsRow>(
        `SELECT chain_id AS chainId, model_id AS modelId, tps_mean AS tpsMean, tps_sq_sum AS tpsSqSum,
           ttft_mean AS ttftMean, ttft_sq_sum AS ttftSqSum, duration_mean AS durationMean,
           duration_sq_sum AS durationSqSum, count FROM router_models WHERE chain_id IN ${chains}`,
      ),
    bidsOf: (chains: string) =>
      sqlite.prepare<[], RouterBidsRow>(
        `SELECT chain_id AS chainId, model_id AS modelId, position, bid_id AS bidId, provider,
           price_per_second AS pricePerSecond, tps_mean AS tpsMean, tps_sq_sum AS tpsSqSum, ttft_mean AS ttftMean,
           ttft_sq_sum AS ttftSqSum, total_duration AS totalDuration, success_count AS successCount,
           total_count AS totalCount, stake
         FROM router_bids WHERE chain_id IN ${chains} ORDER BY chain_id, model_id, position`,
      ),
    /** The models of a chain's readable bids, and each readable bid's provider and price: what the router read starts from. */
    bookModels: sqlite
      .prepare<[chainId: number], string>(
        `SELECT DISTINCT m.model_id FROM bids b JOIN models m ON m.ref = b.model_ref
         WHERE b.chain_id = ? AND b.read_ok = 1 ORDER BY m.model_id`,
      )
      .pluck(),
    knownBid: sqlite.prepare<[chainId: number, bidId: string], { provider: string; pricePerSecond: string }>(
      `SELECT p.address AS provider, b.price_per_second AS pricePerSecond FROM bids b
         JOIN providers p ON p.ref = b.provider_ref
       WHERE b.chain_id = ? AND b.bid_id = ? AND b.read_ok = 1`,
    ),
  };
}
