import type Database from "better-sqlite3";
import type { modelNames } from "../schema/marketTables.js";
import type { StoredRow } from "../storedRow.js";

export type ModelNamesRow = StoredRow<typeof modelNames.$inferSelect>;

/** The statements of model_names: each model's current name on each chain. */
export function modelNameStatements(sqlite: Database.Database) {
  return {
    save: sqlite.prepare<ModelNamesRow>(
      `INSERT INTO model_names (chain_id, model_ref, name, status) VALUES (:chainId, :modelRef, :name, :status)
       ON CONFLICT (chain_id, model_ref) DO UPDATE SET name = excluded.name, status = excluded.status`,
    ),
    all: sqlite.prepare<[], ModelNamesRow>(
      "SELECT chain_id AS chainId, model_ref AS modelRef, name, status FROM model_names",
    ),
    /** Every model a readable bid names, on any chain: its name is read on every chain (SPEC.md 1.1). */
    named: sqlite
      .prepare<[], string>(
        `SELECT m.model_id FROM models m
         WHERE EXISTS (SELECT 1 FROM bids b WHERE b.model_ref = m.ref AND b.read_ok = 1) ORDER BY m.model_id`,
      )
      .pluck(),
  };
}
