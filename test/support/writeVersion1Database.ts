import { readFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { packageRoot } from "../../src/util/packageRoot.js";

/**
 * Writes at `target` the database mor-throughput 1.0 would hold for the chain a 1.1 database at
 * `source` indexes (one chain): 1.0's own tables, from its committed migration (0000_initial.sql),
 * drizzle's record of that one migration, PRAGMA user_version 1, and the rows as 1.0 wrote them:
 * one checkpoint row, bids by id, model names in the models table, closes without the figures of
 * 1.1 (no openedAt, endsAt or tps) and with 1.0's reading of a v2 receipt whose token words do not
 * fit uint32 (malformed, counting for nothing).
 */
export function writeVersion1Database(source: string, target: string): void {
  const db = new Database(target);
  const migrations = join(packageRoot(), "src", "store", "migrations");
  for (const statement of readFileSync(join(migrations, "0000_initial.sql"), "utf8").split(
    "--> statement-breakpoint",
  )) {
    db.exec(statement);
  }
  db.exec(`ATTACH DATABASE '${source.replaceAll("'", "''")}' AS v11`);
  db.exec(`
    CREATE TABLE __drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric);
    INSERT INTO __drizzle_migrations (hash, created_at)
      SELECT hash, created_at FROM v11.__drizzle_migrations ORDER BY created_at LIMIT 1;
    INSERT INTO checkpoint (id, chain_id, contract, from_block, block_number, block_hash, block_timestamp)
      SELECT 1, chain_id, contract, from_block, block_number, block_hash, block_timestamp FROM v11.chains;
    INSERT INTO blocks (number, hash, timestamp) SELECT number, hash, timestamp FROM v11.blocks;
    INSERT INTO providers (ref, address) SELECT ref, address FROM v11.providers;
    INSERT INTO models (ref, model_id, name, name_status)
      SELECT m.ref, m.model_id, n.name, COALESCE(n.status, 'unread')
      FROM v11.models m LEFT JOIN v11.model_names n ON n.model_ref = m.ref;
    INSERT INTO bids (bid_id, read_ok, provider_ref, model_ref, price_per_second)
      SELECT bid_id, read_ok, provider_ref, model_ref, price_per_second FROM v11.bids;
    INSERT INTO sessions (session_id, opened_block, opened_log_index, read_ok, bid_id, stake, opened_at, ends_at, close_block)
      SELECT session_id, opened_block, opened_log_index, read_ok, bid_id, stake, opened_at, ends_at, close_block
      FROM v11.sessions;
    INSERT INTO anomalies (kind, key, block_number, detail)
      SELECT kind, key, block_number, detail FROM v11.anomalies WHERE kind != 'oversize-token-counts';
    INSERT INTO closes (session_id, block_number, log_index, kind, bid_id, closed_at, day, month, closeout_type,
        receipt_length, tokens, ttft_ms, model_ref, provider_ref)
      SELECT c.session_id, c.block_number, c.log_index,
        CASE WHEN o.key IS NULL THEN c.kind ELSE 'malformed' END,
        b.bid_id, c.closed_at, c.day,
        CASE WHEN c.closed_at IS NULL THEN NULL ELSE CAST(strftime('%s', c.closed_at, 'unixepoch', 'start of month') AS INTEGER) END,
        c.closeout_type, c.receipt_length,
        CASE WHEN o.key IS NULL THEN c.tokens ELSE 0 END,
        CASE WHEN o.key IS NULL THEN c.ttft_ms ELSE 0 END,
        b.model_ref, c.provider_ref
      FROM v11.closes c
      LEFT JOIN v11.bids b ON b.ref = c.bid_ref
      LEFT JOIN v11.anomalies o ON o.kind = 'oversize-token-counts' AND o.key = c.session_id;
  `);
  db.exec("DETACH DATABASE v11");
  db.pragma("user_version = 1");
  db.close();
}
