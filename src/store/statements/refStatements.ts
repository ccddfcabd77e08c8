import type Database from "better-sqlite3";
import type { models, providers } from "../schema/marketTables.js";
import type { StoredRow } from "../storedRow.js";

export type ProvidersRow = StoredRow<typeof providers.$inferSelect>;
export type ModelsRow = StoredRow<typeof models.$inferSelect>;

/** The statements of providers and models: integer refs of addresses and modelIds, the same on every chain. */
export function refStatements(sqlite: Database.Database) {
  return {
    insertProvider: sqlite.prepare<[address: string]>(
      "INSERT INTO providers (address) VALUES (?) ON CONFLICT DO NOTHING",
    ),
    provider: sqlite
      .prepare<[address: string], ProvidersRow["ref"]>("SELECT ref FROM providers WHERE address = ?")
      .pluck(),
    insertModel: sqlite.prepare<[modelId: string]>(
      "INSERT INTO models (model_id) VALUES (?) ON CONFLICT DO NOTHING",
    ),
    model: sqlite
      .prepare<[modelId: string], ModelsRow["ref"]>("SELECT ref FROM models WHERE model_id = ?")
      .pluck(),
    /** Every provider and model, as [ref, address or modelId] pairs (the build's lookups). */
    providers: sqlite
      .prepare<[], [ProvidersRow["ref"], ProvidersRow["address"]]>("SELECT ref, address FROM providers")
      .raw(),
    models: sqlite
      .prepare<[], [ModelsRow["ref"], ModelsRow["modelId"]]>("SELECT ref, model_id FROM models")
      .raw(),
  };
}
