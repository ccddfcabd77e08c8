import type Database from "better-sqlite3";

/** Integer refs of providers (by address) and models (by modelId), created on first use. */
export type Refs = {
  provider(address: string): number;
  model(modelId: string): number;
  /** Forget the cached refs (after a rollback deleted rows). */
  clear(): void;
};

export function createRefs(sqlite: Database.Database): Refs {
  const statements = {
    insertProvider: sqlite.prepare("INSERT INTO providers (address) VALUES (?) ON CONFLICT DO NOTHING"),
    provider: sqlite.prepare("SELECT ref FROM providers WHERE address = ?").pluck(),
    insertModel: sqlite.prepare("INSERT INTO models (model_id) VALUES (?) ON CONFLICT DO NOTHING"),
    model: sqlite.prepare("SELECT ref FROM models WHERE model_id = ?").pluck(),
  };
  const providers = new Map<string, number>();
  const models = new Map<string, number>();
  const refOf = (
    cache: Map<string, number>,
    insert: Database.Statement,
    select: Database.Statement,
    key: string,
  ) => {
    const known = cache.get(key);
    if (known !== undefined) return known;
    insert.run(key);
    const ref = select.get(key) as number;
    cache.set(key, ref);
    return ref;
  };
  return {
    provider: (address) => refOf(providers, statements.insertProvider, statements.provider, address),
    model: (modelId) => refOf(models, statements.insertModel, statements.model, modelId),
    clear() {
      providers.clear();
      models.clear();
    },
  };
}
