import { readFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { packageRoot } from "../../src/util/packageRoot.js";

/**
 * Writes at `target` the database mor-throughput 1.1 would hold for the chains a 1.2 database at
 * `source` indexes: 1.1's tables, from its committed migrations (0000 to 0002), drizzle's record
 * of those three, PRAGMA user_version 3, and the rows as 1.1 wrote them: the bids of sessions
 * only, without createdAt, deletedAt or their logs, no deletion, the model names of each chain's
 * own bids.
 */
export function writeVersion11Database(source: string, target: string): void {
  const db = new Database(target);
  const migrations = join(packageRoot(), "src", "store", "migrations");
  for (const file of ["0000_initial.sql", "0001_multichain.sql", "0002_scale.sql"])
    for (const statement of readFileSync(join(migrations, file), "utf8").split("--> statement-breakpoint"))
      db.exec(statement);
  db.exec(`ATTACH DATABASE '${source.replaceAll("'", "''")}' AS v12`);
  db.exec(`
    CREATE TABLE __drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric);
    INSERT INTO __drizzle_migrations (hash, created_at)
      SELECT hash, created_at FROM v12.__drizzle_migrations ORDER BY created_at LIMIT 3;
    INSERT INTO chains (chain_id, contract, from_block, creation_block, block_number, block_hash, block_timestamp,
        position, target_block, synced_at, stats_block, stats_available, range_size)
      SELECT chain_id, contract, from_block, creation_block, block_number, block_hash, block_timestamp,
        position, target_block, synced_at, stats_block, stats_available,
        (SELECT max(range_size) FROM v12.endpoint_limits l WHERE l.chain_id = c.chain_id) FROM v12.chains c;
    INSERT INTO blocks SELECT chain_id, number, hash, timestamp FROM v12.blocks;
    INSERT INTO bids (ref, chain_id, bid_id, read_ok, provider_ref, model_ref, price_per_second)
      SELECT ref, chain_id, bid_id, read_ok, provider_ref, model_ref, price_per_second FROM v12.bids b
      WHERE EXISTS (SELECT 1 FROM v12.sessions s WHERE s.chain_id = b.chain_id AND s.bid_id = b.bid_id)
        OR EXISTS (SELECT 1 FROM v12.closes c WHERE c.bid_ref = b.ref);
    INSERT INTO providers SELECT ref, address FROM v12.providers p
      WHERE p.ref IN (SELECT provider_ref FROM bids) OR p.ref IN (SELECT provider_ref FROM v12.closes);
    INSERT INTO models SELECT ref, model_id FROM v12.models WHERE ref IN (SELECT model_ref FROM bids);
    INSERT INTO model_names SELECT chain_id, model_ref, name, status FROM v12.model_names n
      WHERE EXISTS (SELECT 1 FROM bids b WHERE b.chain_id = n.chain_id AND b.model_ref = n.model_ref);
    INSERT INTO sessions SELECT chain_id, session_id, opened_block, opened_log_index, read_ok, bid_id, stake,
        opened_at, ends_at, close_block FROM v12.sessions;
    INSERT INTO closes (chain_id, session_id, block_number, log_index, kind, bid_ref, provider_ref, closed_at,
        opened_at, ends_at, closeout_type, receipt_length, tokens, ttft_ms, tps)
      SELECT chain_id, session_id, block_number, log_index, kind, bid_ref, provider_ref, closed_at,
        opened_at, ends_at, closeout_type, receipt_length, tokens, ttft_ms, tps FROM v12.closes;
    INSERT INTO anomalies SELECT chain_id, kind, key, block_number, detail FROM v12.anomalies;
    INSERT INTO pair_stats SELECT * FROM v12.pair_stats;
  `);
  db.exec("DETACH DATABASE v12");
  db.pragma("user_version = 3");
  db.close();
}
