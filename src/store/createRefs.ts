import type Database from "better-sqlite3";
import { refStatements } from "./statements/refStatements.js";

/** Integer refs of providers (by address) and models (by modelId), created on first use. */
export type Refs = {
  provider(address: string): number;
  model(modelId: string): number;
  /** Forget the cached refs (after a rollback deleted rows). */
  clear(): void;
};

export function createRefs(sqlite: Database.Database): Refs {
  const s = refStatements(sqlite);
  const providers = new Map<string, number>();
  const models = new Map<string, number>();
  const refOf = (
    cache: Map<string, number>,
    insert: Database.Statement<[string]>,
    select: Database.Statement<[string], number>,
    key: string,
  ) => {
    const known = cache.get(key);
    if (known !== undefined) return known;
    insert.run(key);
    const ref = select.get(key);
    if (ref === undefined) throw new Error(`unreachable: no ref for ${key} right after its insert`);
    cache.set(key, ref);
    return ref;
  };
  return {
    provider: (address) => refOf(providers, s.insertProvider, s.provider, address),
    model: (modelId) => refOf(models, s.insertModel, s.model, modelId),
    clear() {
      providers.clear();
      models.clear();
    },
  };
}
