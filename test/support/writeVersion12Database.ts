import { readFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { packageRoot } from "../../src/util/packageRoot.js";

/**
 * Writes at `target` the database mor-throughput 1.2 would hold for the chains the database at
 * `source` indexes: 1.2's tables, from its committed migrations (0000 to 0005), drizzle's record
 * of those six, PRAGMA user_version 6, every row, and one log range size and one batch cap per
 * chain (chains.range_size, chains.batch_cap) where later versions keep them per endpoint: the
 * largest range size and the smallest cap of the chain's endpoints, as 1.2 kept them.
 */
export function writeVersion12Database(source: string, target: string): void {
  const db = new Database(target);
  const migrations = join(packageRoot(), "src", "store", "migrations");
  const files = [
    "0000_initial.sql",
    "0001_multichain.sql",
    "0002_scale.sql",
    "0003_market.sql",
    "0004_upgrades.sql",
    "0005_batch_cap.sql",
  ];
  for (const file of files)
    for (const statement of readFileSync(join(migrations, file), "utf8").split("--> statement-breakpoint"))
      db.exec(statement);
  db.exec(`ATTACH DATABASE '${source.replaceAll("'", "''")}' AS later`);
  const tables = db
    .prepare("SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .pluck()
    .all() as string[];
  const perChain: Record<string, string> = {
    range_size: "(SELECT max(l.range_size) FROM later.endpoint_limits l WHERE l.chain_id = c.chain_id)",
    batch_cap: "(SELECT min(l.batch_cap) FROM later.endpoint_limits l WHERE l.chain_id = c.chain_id)",
  };
  for (const table of tables) {
    const columns = (db.prepare(`PRAGMA main.table_info(${table})`).all() as Array<{ name: string }>).map(
      (column) => column.name,
    );
    const values = columns.map((column) =>
      table === "chains" && perChain[column] ? perChain[column] : `c.${column}`,
    );
    db.exec(
      `INSERT INTO main.${table} (${columns.join(", ")}) SELECT ${values.join(", ")} FROM later.${table} c`,
    );
  }
  db.exec(`
    CREATE TABLE __drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric);
    INSERT INTO __drizzle_migrations (hash, created_at)
      SELECT hash, created_at FROM later.__drizzle_migrations ORDER BY created_at LIMIT ${files.length};
  `);
  db.exec("DETACH DATABASE later");
  db.pragma(`user_version = ${files.length}`);
  db.close();
}
