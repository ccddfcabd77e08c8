import type { BlockHeader } from "../../../src/chain/getBlockHeader.js";
import { createSyncDatabase } from "../../../src/store/createSyncDatabase.js";
import { openDatabase } from "../../../src/store/openDatabase.js";
import type { Catalog } from "./catalog.js";
import { planSynthSessions, synthDays } from "./planSynthSessions.js";
import { createPairCounter, synthCommit } from "./synthCommit.js";

/** The chain a synthetic database is synced to: its contract and last block (the as-of time). */
export type SynthChain = {
  chainId: number;
  /** Lowercase. */
  contract: string;
  block: BlockHeader;
};

export type SynthSummary = {
  closed: number;
  open: number;
  models: number;
  providers: number;
  bids: number;
  days: number;
  writeMs: number;
};

/**
 * Writes a database as if `closed` closed sessions had been synced to the chain's block: the real
 * migrations, then the sync's own writes (SyncStore.commitRange of synthetic ranges, model names,
 * the contract's counters, the run record), secondary indexes dropped during the load and
 * created again after it (as a sort).
 */
export function writeSynthDb(
  path: string,
  options: { closed: number; seed: number; catalog: Catalog; chain: SynthChain },
): SynthSummary {
  const started = performance.now();
  const { closed, catalog, chain } = options;
  const store = openDatabase(path);
  const { sqlite } = store;
  try {
    sqlite.pragma("journal_mode = OFF");
    sqlite.pragma("synchronous = OFF");
    sqlite.pragma("cache_size = -262144");
    const database = createSyncDatabase(store);
    database.configure([chain.chainId]);
    // Prepared before the indexes go: some of its reads name them (INDEXED BY); the load uses none.
    const sync = database.forChain(chain.chainId);
    const indexes = sqlite
      .prepare(
        "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('closes', 'sessions') AND sql IS NOT NULL",
      )
      .all() as Array<{ name: string; sql: string }>;
    for (const index of indexes) sqlite.exec(`DROP INDEX ${index.name}`);
    const identity = { chainId: chain.chainId, contract: chain.contract, fromBlock: 0, creationBlock: 0 };
    const pairs = createPairCounter(catalog);
    // The catalogue's bids, posted (MarketplaceBidPosted, block 1) when the history starts, standing.
    const postedAt = chain.block.timestamp - synthDays * 86_400;
    let bids = catalog.bids.map(({ bidId, provider, modelId, pricePerSecond }) => ({
      bidId,
      state: { provider, modelId, pricePerSecond, nonce: 0n, createdAt: postedAt, deletedAt: 0 },
    }));
    let open = 0;
    for (const sessions of planSynthSessions({
      closed,
      seed: options.seed,
      catalog,
      asOf: chain.block.timestamp,
      lastBlock: chain.block.number,
    })) {
      sync.commitRange(synthCommit(sessions, identity, chain.block, bids));
      bids = [];
      pairs.add(sessions);
      for (const session of sessions) if (session.closeBlock === undefined) open++;
    }
    sync.saveModelNames(catalog.models.map(({ modelId, name }) => ({ modelId, name, status: "ok" })));
    sync.saveAuditCounters(chain.block.number, pairs.counters());
    sync.saveRunRecord({ targetBlock: chain.block.number, syncedAt: chain.block.timestamp });
    // Ranges of 1,000 blocks, as a run through an endpoint the database does not name would have
    // ended with (the values of a database from before 0006): the incremental run, through a proxy
    // of a port of its own, starts there as a chain's next run does, not as a first run.
    sqlite
      .prepare("INSERT INTO endpoint_limits (chain_id, endpoint, range_size) VALUES (?, '', 1000)")
      .run(chain.chainId);
    for (const index of indexes) sqlite.exec(index.sql);
    sqlite.pragma("journal_mode = WAL");
    return {
      closed,
      open,
      models: catalog.models.length,
      providers: new Set(catalog.bids.map((bid) => bid.provider)).size,
      bids: catalog.bids.length,
      days: synthDays,
      writeMs: Math.round(performance.now() - started),
    };
  } finally {
    store.close();
  }
}

/** Points a synthetic database at another chain's block (a cached database, a new anvil). */
export function setSynthChain(path: string, chain: SynthChain): void {
  const store = openDatabase(path);
  try {
    const { sqlite } = store;
    sqlite.transaction(() => {
      const moved = sqlite
        .prepare(
          `UPDATE chains SET contract = ?, block_number = ?, block_hash = ?, block_timestamp = ?,
             target_block = ?, stats_block = ? WHERE chain_id = ?`,
        )
        .run(
          chain.contract,
          chain.block.number,
          chain.block.hash,
          chain.block.timestamp,
          chain.block.number,
          chain.block.number,
          chain.chainId,
        );
      if (moved.changes !== 1) throw new Error(`${path}: no synced chain ${chain.chainId}`);
      sqlite.prepare("DELETE FROM blocks").run();
      sqlite
        .prepare("INSERT INTO blocks (chain_id, number, hash, timestamp) VALUES (?, ?, ?, ?)")
        .run(chain.chainId, chain.block.number, chain.block.hash, chain.block.timestamp);
    })();
  } finally {
    store.close();
  }
}
