import type Database from "better-sqlite3";
import type { BlockHeader } from "../chain/getBlockHeader.js";
import { chainStatements } from "./statements/chainStatements.js";

/**
 * Forgets everything of one chain above the common ancestor of a reorg (undefined: the whole
 * chain), so that the database equals a fresh index of the chain up to the ancestor. Bids,
 * providers and models that only the forgotten blocks named go too: they would be counted in
 * meta.json (and offered in market.json) although no indexed log names them any more. The contract's counters were read at a
 * block that is gone: they go as well, and so do the router's inputs (the sync reads them again at
 * its new last block).
 */
export function createRollbackChain(
  sqlite: Database.Database,
  chainId: number,
): (ancestor: BlockHeader | undefined) => void {
  const statements = [
    "DELETE FROM closes WHERE chain_id = :chainId AND block_number > :above",
    "UPDATE sessions SET close_block = NULL WHERE chain_id = :chainId AND close_block > :above",
    "DELETE FROM sessions WHERE chain_id = :chainId AND opened_block > :above",
    "DELETE FROM anomalies WHERE chain_id = :chainId AND block_number > :above",
    "DELETE FROM blocks WHERE chain_id = :chainId AND number > :above",
    // A deletion that is gone may come back in another block: its bid is read again then.
    `UPDATE bids SET deleted_at = 0 WHERE chain_id = :chainId AND read_ok = 1
       AND bid_id IN (SELECT bid_id FROM bid_deletions WHERE chain_id = :chainId AND block_number > :above)`,
    "DELETE FROM bid_deletions WHERE chain_id = :chainId AND block_number > :above",
    "UPDATE bids SET posted_block = NULL WHERE chain_id = :chainId AND posted_block > :above",
    `DELETE FROM bids WHERE chain_id = :chainId AND posted_block IS NULL
       AND bid_id NOT IN (SELECT bid_id FROM sessions WHERE chain_id = :chainId AND bid_id IS NOT NULL)
       AND ref NOT IN (SELECT bid_ref FROM closes WHERE chain_id = :chainId AND bid_ref IS NOT NULL)`,
    `DELETE FROM providers WHERE ref NOT IN (SELECT provider_ref FROM bids WHERE provider_ref IS NOT NULL
       UNION SELECT provider_ref FROM closes WHERE provider_ref IS NOT NULL)`,
    "DELETE FROM model_names WHERE model_ref NOT IN (SELECT model_ref FROM bids WHERE model_ref IS NOT NULL)",
    "DELETE FROM models WHERE ref NOT IN (SELECT model_ref FROM bids WHERE model_ref IS NOT NULL)",
    "DELETE FROM upgrades WHERE chain_id = :chainId AND block_number > :above",
    "DELETE FROM sync_runs WHERE chain_id = :chainId AND first_block > :above",
    "DELETE FROM pair_stats WHERE chain_id = :chainId",
    // The router's inputs too: read at a block that may be gone, read again by the next sync.
    "DELETE FROM router_reads WHERE chain_id = :chainId",
    "DELETE FROM router_models WHERE chain_id = :chainId",
    "DELETE FROM router_bids WHERE chain_id = :chainId",
    "UPDATE chains SET stats_block = NULL, stats_available = NULL WHERE chain_id = :chainId",
    // The bid scan of a database indexed before 1.2 covers blocks up to its old checkpoint only.
    `UPDATE chains SET bid_scan_end = :above, bid_scan_next = min(bid_scan_next, :above + 1)
       WHERE chain_id = :chainId AND bid_scan_end > :above`,
    `UPDATE chains SET bid_scan_next = NULL, bid_scan_end = NULL
       WHERE chain_id = :chainId AND bid_scan_next > bid_scan_end`,
  ].map((source) => sqlite.prepare<{ chainId: number; above: number }>(source));
  const chains = chainStatements(sqlite);
  return sqlite.transaction((ancestor: BlockHeader | undefined) => {
    const above = ancestor?.number ?? -1;
    for (const statement of statements) statement.run({ chainId, above });
    if (ancestor) chains.rolledBack.run({ chainId, ...ancestor });
    else chains.forget.run({ chainId });
  });
}
