/**
 * The tables a snapshot of the index holds (dumpSnapshot.ts), in the order it writes them: every
 * table of schema/*.ts that describes the chains, so that a database loaded from it continues the
 * sync from its last block and builds the same files (docs/publishing.md, "The snapshot").
 *
 * Left out: `endpoint_limits`, what this machine's syncs learned of its own endpoints (keyed by a
 * hash of each URL): another deployment has other endpoints and learns their limits itself; and
 * drizzle's `__drizzle_migrations`, whose count the snapshot's header carries as schemaVersion.
 *
 * `sync_runs` is in: its rows say which blocks of the index were read while the contract's code
 * could have changed (sync/firstBlockReadThrough.ts). A cut mined after the snapshot's last block
 * may have been read through by the runs that wrote the snapshot's rows; without them a
 * continuing sync could not roll those rows back. They hold block numbers and durations of the
 * runs (the clock only needs to be steady), nothing of the machine. `chains.synced_at` (the wall
 * clock of the last sync) is in too: meta.json's updatedAt, so the build gives the same bytes.
 */
export const snapshotTables = [
  "chains",
  "blocks",
  "upgrades",
  "sync_runs",
  "providers",
  "models",
  "model_names",
  "bids",
  "bid_deletions",
  "pair_stats",
  "router_reads",
  "router_models",
  "router_bids",
  "sessions",
  "closes",
  "anomalies",
] as const;

/** The snapshot's first line names its format: a reader refuses any other. */
export const snapshotFormat = "mor-throughput-snapshot/1";
