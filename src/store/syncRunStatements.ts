import type Database from "better-sqlite3";
import type { StoredSyncRun, SyncRun } from "../sync/SyncStore.js";

/**
 * The statements of one chain's sync runs (schema.ts, sync_runs): noting a run (with each range it
 * commits, and before each write below its first block), reading them for the rollback after an
 * upgrade, and pruning those no later cut can concern.
 */
export function syncRunStatements(sqlite: Database.Database) {
  // Two runs at one first block (the first committed no range: a refill, the bid scan) are one
  // record: the earlier start, the later head and write, the lower block. A run recorded before
  // 0007 keeps its unknown times (taken as having read through any later cut).
  const note = sqlite.prepare(
    `INSERT INTO sync_runs (chain_id, first_block, head, started_at, wrote_at, low_block)
     VALUES (:chainId, :firstBlock, :head, :startedAt, :wroteAt, :lowBlock)
     ON CONFLICT (chain_id, first_block) DO UPDATE SET
       head = max(head, excluded.head),
       started_at = min(started_at, excluded.started_at),
       wrote_at = max(wrote_at, excluded.wrote_at),
       low_block = min(ifnull(low_block, first_block), excluded.low_block)`,
  );
  const all = sqlite.prepare(
    `SELECT first_block AS firstBlock, head, started_at AS startedAt, wrote_at AS wroteAt, low_block AS lowBlock
     FROM sync_runs WHERE chain_id = ? ORDER BY first_block`,
  );
  // A run followed by one that started with the head at or below the last synced block read
  // nothing past that block (runs do not overlap); every cut still to meet is past it.
  const prune = sqlite.prepare(
    `DELETE FROM sync_runs WHERE chain_id = :chainId AND first_block <
       (SELECT max(first_block) FROM sync_runs WHERE chain_id = :chainId AND head <= :synced)`,
  );
  return {
    note: (chainId: number, run: SyncRun) => void note.run({ chainId, ...run }),
    all: (chainId: number): StoredSyncRun[] =>
      (all.all(chainId) as Array<Record<keyof SyncRun, number | null>>).map((row) => {
        const run: StoredSyncRun = { firstBlock: row.firstBlock as number, head: row.head as number };
        if (row.startedAt !== null) run.startedAt = row.startedAt;
        if (row.wroteAt !== null) run.wroteAt = row.wroteAt;
        if (row.lowBlock !== null) run.lowBlock = row.lowBlock;
        return run;
      }),
    prune: (chainId: number, synced: number) => void prune.run({ chainId, synced }),
  };
}
