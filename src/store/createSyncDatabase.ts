import type Database from "better-sqlite3";
import type { BlockHeader } from "../chain/getBlockHeader.js";
import type {
  BidScanCommit,
  Checkpoint,
  EndpointLimits,
  ModelNameRow,
  NewBid,
  RefilledClose,
  StoredSample,
  SyncDatabase,
  SyncStore,
} from "../sync/SyncStore.js";
import { createCommitRange } from "./createCommitRange.js";
import { createRefs } from "./createRefs.js";
import { createRollbackChain } from "./createRollbackChain.js";
import type { Store } from "./openStore.js";
import { syncRunStatements } from "./syncRunStatements.js";
import { bidStatements, writeBids } from "./writeBids.js";
import { upgradeStatement, writeUpgrades } from "./writeUpgrades.js";

/**
 * The sync stage's reads and writes (sync/SyncStore.ts declares them), one chain at a time. Every
 * write of a range happens in one transaction with that chain's checkpoint.
 */
export function createSyncDatabase({ sqlite }: Store): SyncDatabase {
  const refs = createRefs(sqlite);
  const positions = new Map<number, number>();
  const allChains = sqlite.prepare("SELECT chain_id FROM chains ORDER BY chain_id").pluck();
  const setPosition = sqlite.prepare("UPDATE chains SET position = ? WHERE chain_id = ?");

  const forChain = (chainId: number): SyncStore => {
    const q = (source: string) => sqlite.prepare(source);
    const s = {
      checkpoint: q(
        `SELECT chain_id AS chainId, contract, from_block AS fromBlock, creation_block AS creationBlock,
           block_number AS blockNumber, block_hash AS blockHash, block_timestamp AS blockTimestamp
         FROM chains WHERE chain_id = ?`,
      ),
      bids: q("SELECT bid_id, read_ok = 1 AND ifnull(deleted_at, 0) = 0 FROM bids WHERE chain_id = ?").raw(),
      blocks: q(
        "SELECT number, hash, timestamp FROM blocks WHERE chain_id = ? AND number <= ? ORDER BY number DESC",
      ),
      prune: q("DELETE FROM blocks WHERE chain_id = ? AND number < ?"),
      // Every model a bid names, on any chain: by-model's name is the first chain's where it reads
      // non-empty, whichever chains' bids name it (SPEC.md 1.1).
      modelIds: q(
        `SELECT m.model_id FROM models m
         WHERE EXISTS (SELECT 1 FROM bids b WHERE b.model_ref = m.ref AND b.read_ok = 1) ORDER BY m.model_id`,
      ).pluck(),
      modelName: q(
        `INSERT INTO model_names (chain_id, model_ref, name, status) VALUES (?, ?, ?, ?)
         ON CONFLICT (chain_id, model_ref) DO UPDATE SET name = excluded.name, status = excluded.status`,
      ),
      toRefill: q(
        "SELECT session_id FROM closes INDEXED BY closes_refill WHERE chain_id = ? AND tps IS NULL AND closed_at IS NOT NULL LIMIT ?",
      ).pluck(),
      refill: q(
        `UPDATE closes SET kind = :kind, closed_at = :closedAt, opened_at = :openedAt, ends_at = :endsAt,
           closeout_type = :closeoutType, receipt_length = :receiptLength, tokens = :tokens, ttft_ms = :ttftMs, tps = :tps
         WHERE chain_id = :chainId AND session_id = :sessionId`,
      ),
      oversize: q(
        `INSERT INTO anomalies (chain_id, kind, key, block_number)
         SELECT chain_id, 'oversize-token-counts', session_id, block_number FROM closes
         WHERE chain_id = ? AND session_id = ? ON CONFLICT DO NOTHING`,
      ),
      pairs: q(
        `SELECT DISTINCT m.model_id AS modelId, p.address AS provider FROM bids b
           JOIN models m ON m.ref = b.model_ref JOIN providers p ON p.ref = b.provider_ref
         WHERE b.chain_id = ? AND b.read_ok = 1
           AND EXISTS (SELECT 1 FROM closes c INDEXED BY closes_bid WHERE c.bid_ref = b.ref AND c.closed_at IS NOT NULL)
         ORDER BY m.model_id, p.address`,
      ),
      clearStats: q("DELETE FROM pair_stats WHERE chain_id = ?"),
      stat: q(
        `INSERT INTO pair_stats (chain_id, model_ref, provider_ref, total_count, success_count, total_duration)
         VALUES (?, ?, ?, ?, ?, ?)`,
      ),
      statsRead: q("UPDATE chains SET stats_block = ?, stats_available = ? WHERE chain_id = ?"),
      statsBlock: q("SELECT stats_block FROM chains WHERE chain_id = ?").pluck(),
      anomaly: q(
        "INSERT INTO anomalies (chain_id, kind, key, block_number, detail) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
      ),
      run: q("UPDATE chains SET target_block = ?, synced_at = ? WHERE chain_id = ?"),
      endpointLimits: q(
        "SELECT endpoint, range_size AS rangeSize, batch_cap AS batchCap, call_cap AS callCap FROM endpoint_limits WHERE chain_id = ?",
      ),
      saveEndpointLimits: q(
        `INSERT INTO endpoint_limits (chain_id, endpoint, range_size, batch_cap, call_cap) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (chain_id, endpoint) DO UPDATE SET range_size = excluded.range_size, batch_cap = excluded.batch_cap,
           call_cap = excluded.call_cap`,
      ),
      dropUnattributed: q("DELETE FROM endpoint_limits WHERE chain_id = ? AND endpoint = ''"),
      lastAccepted: q(
        "SELECT max(block_number) FROM upgrades WHERE chain_id = ? AND status = 'accepted'",
      ).pluck(),
      ...sampleStatements(q),
      // A 1.1 database's bids (no times); a bid stored standing although its deletion log is
      // indexed, or posted and stored as the empty record (reads that lagged behind the logs).
      bidsToRefill: q(
        `SELECT bid_id FROM bids b WHERE chain_id = :chainId AND bid_id > :after AND read_ok = 1 AND (
           created_at IS NULL
           OR (created_at = 0 AND posted_block IS NOT NULL)
           OR (deleted_at = 0 AND EXISTS (SELECT 1 FROM bid_deletions d WHERE d.chain_id = b.chain_id AND d.bid_id = b.bid_id)))
         ORDER BY bid_id LIMIT :limit`,
      ).pluck(),
      // A failed read (null) keeps the times stored, and gives a 1.1 bid 0 (never an offer).
      refillBid: q(
        `UPDATE bids SET created_at = coalesce(?, created_at, 0), deleted_at = coalesce(?, deleted_at, 0)
         WHERE chain_id = ? AND bid_id = ?`,
      ),
      bidScan: q("SELECT bid_scan_next AS next, bid_scan_end AS end FROM chains WHERE chain_id = ?"),
      bidScanMoved: q(
        `UPDATE chains SET bid_scan_next = CASE WHEN :next > bid_scan_end THEN NULL ELSE :next END,
           bid_scan_end = CASE WHEN :next > bid_scan_end THEN NULL ELSE bid_scan_end END,
           from_parent_time = ifnull(from_parent_time, :parentTime)
         WHERE chain_id = :chainId`,
      ),
      ...bidStatements(sqlite),
      upgrade: upgradeStatement(sqlite),
    };
    const { commit, forgetBids } = createCommitRange(
      sqlite,
      refs,
      chainId,
      () => positions.get(chainId) ?? null,
    );
    const rollback = createRollbackChain(sqlite, chainId);
    const runs = syncRunStatements(sqlite);
    return {
      chainId,
      checkpoint() {
        const row = s.checkpoint.get(chainId) as (Checkpoint & { creationBlock: number | null }) | undefined;
        return row && { ...row, creationBlock: row.creationBlock ?? undefined };
      },
      knownBids: () =>
        new Map(
          (s.bids.all(chainId) as Array<[string, number]>).map(([id, standing]) => [id, standing === 1]),
        ),
      commitRange: commit,
      storedBlocks: (atOrBelow) => s.blocks.all(chainId, atOrBelow) as BlockHeader[],
      rollbackTo(ancestor) {
        rollback(ancestor);
        refs.clear();
        forgetBids();
      },
      pruneBlocks: (belowNumber) => void s.prune.run(chainId, belowNumber),
      modelIds: () => s.modelIds.all() as string[],
      saveModelNames: sqlite.transaction((names: ModelNameRow[]) => {
        for (const { modelId, name, status } of names)
          s.modelName.run(chainId, refs.model(modelId), name, status);
      }),
      closesToRefill: (limit) => s.toRefill.all(chainId, limit) as string[],
      saveRefilled: sqlite.transaction((rows: RefilledClose[]) => {
        for (const { sessionId, state, oversizeTokens } of rows) {
          s.refill.run({
            chainId,
            sessionId,
            kind: state?.kind ?? "unreadable",
            closedAt: state?.closedAt ?? null,
            openedAt: state?.openedAt ?? null,
            endsAt: state?.endsAt ?? null,
            closeoutType: state?.closeoutType.toString() ?? null,
            receiptLength: state?.receiptLength ?? null,
            tokens: state?.tokens ?? 0,
            ttftMs: state?.ttftMs ?? 0,
            tps: state?.tps ?? 0,
          });
          if (oversizeTokens) s.oversize.run(chainId, sessionId);
        }
      }),
      auditPairs: () => s.pairs.all(chainId) as Array<{ modelId: string; provider: string }>,
      statsBlock: () => (s.statsBlock.get(chainId) as number | null | undefined) ?? undefined,
      saveAuditCounters: sqlite.transaction((block: number, counters) => {
        s.clearStats.run(chainId);
        for (const c of counters ?? []) {
          s.stat.run(
            chainId,
            refs.model(c.modelId),
            refs.provider(c.provider),
            c.totalCount,
            c.successCount,
            c.totalDuration,
          );
        }
        s.statsRead.run(block, counters ? 1 : 0, chainId);
      }),
      saveRunRecord: ({ targetBlock, syncedAt }) => void s.run.run(targetBlock, syncedAt, chainId),
      endpointLimits() {
        const rows = s.endpointLimits.all(chainId) as Array<{
          endpoint: string;
          rangeSize: number | null;
          batchCap: number | null;
          callCap: number | null;
        }>;
        const byEndpoint = new Map<string, EndpointLimits>();
        let unattributed: EndpointLimits | undefined;
        for (const row of rows) {
          const limits = {
            rangeSize: row.rangeSize ?? undefined,
            batchCap: row.batchCap ?? undefined,
            callCap: row.callCap ?? undefined,
          };
          if (row.endpoint === "") unattributed = limits;
          else byEndpoint.set(row.endpoint, limits);
        }
        return { byEndpoint, unattributed };
      },
      saveEndpointLimits: sqlite.transaction((rows: ReadonlyArray<EndpointLimits & { endpoint: string }>) => {
        for (const { endpoint, rangeSize, batchCap, callCap } of rows)
          s.saveEndpointLimits.run(chainId, endpoint, rangeSize ?? null, batchCap ?? null, callCap ?? null);
        s.dropUnattributed.run(chainId);
      }),
      upgradeSample(perEnd) {
        const after = (s.lastAccepted.get(chainId) as number | null | undefined) ?? -1;
        return readSample(s, chainId, after, perEnd);
      },
      noteRun: (run) => runs.note(chainId, run),
      syncRuns: () => runs.all(chainId),
      pruneRuns: (synced) => runs.prune(chainId, synced),
      bidsToRefill: (limit, after = "") => s.bidsToRefill.all({ chainId, after, limit }) as string[],
      saveRefilledBids: sqlite.transaction((rows: NewBid[]) => {
        for (const { bidId, state } of rows)
          s.refillBid.run(state?.createdAt ?? null, state?.deletedAt ?? null, chainId, bidId);
      }),
      bidScan() {
        const row = s.bidScan.get(chainId) as { next: number | null; end: number | null } | undefined;
        return row?.next != null && row.end != null ? { next: row.next, end: row.end } : undefined;
      },
      commitBidScan: sqlite.transaction((scan: BidScanCommit) => {
        writeBids(s, refs, chainId, scan);
        writeUpgrades(s.upgrade, chainId, scan.upgrades);
        for (const anomaly of scan.anomalies)
          s.anomaly.run(chainId, anomaly.kind, anomaly.key, anomaly.blockNumber, anomaly.detail ?? null);
        s.bidScanMoved.run({ chainId, next: scan.next, parentTime: scan.parentTime ?? null });
      }),
    };
  };

  return {
    forChain,
    configure: sqlite.transaction((chainIds: readonly number[]) => {
      positions.clear();
      for (const [position, chainId] of chainIds.entries()) positions.set(chainId, position);
      const stored = allChains.all() as number[];
      for (const chainId of stored) setPosition.run(positions.get(chainId) ?? null, chainId);
      return stored.filter((chainId) => !positions.has(chainId));
    }),
  };
}

type Prepare = (source: string) => Database.Statement;

const bidColumns = `b.bid_id AS bidId, p.address AS provider, m.model_id AS modelId,
  b.price_per_second AS pricePerSecond, b.created_at AS createdAt, b.deleted_at AS deletedAt`;

/** The statements of upgradeSample: the oldest and the newest readable records, each way. */
function sampleStatements(q: Prepare) {
  const opens = (order: "ASC" | "DESC") =>
    q(
      `SELECT session_id AS sessionId, bid_id AS bidId, stake, opened_at AS openedAt, ends_at AS endsAt
       FROM sessions WHERE chain_id = ? AND opened_block > ? AND read_ok = 1
       ORDER BY opened_block ${order}, opened_log_index ${order} LIMIT ?`,
    );
  const closes = (order: "ASC" | "DESC") =>
    q(
      `SELECT c.session_id AS sessionId, c.kind, c.closed_at AS closedAt, c.opened_at AS openedAt,
         c.ends_at AS endsAt, c.closeout_type AS closeoutType, c.receipt_length AS receiptLength,
         c.tokens, c.ttft_ms AS ttftMs, c.tps, b.bid_id AS bidId
       FROM closes c LEFT JOIN bids b ON b.ref = c.bid_ref
       WHERE c.chain_id = ? AND c.block_number > ? AND c.closed_at IS NOT NULL AND c.tps IS NOT NULL
       ORDER BY c.block_number ${order}, c.log_index ${order} LIMIT ?`,
    );
  return {
    oldestOpens: opens("ASC"),
    newestOpens: opens("DESC"),
    oldestCloses: closes("ASC"),
    newestCloses: closes("DESC"),
    sampleBid: q(
      `SELECT ${bidColumns} FROM bids b JOIN providers p ON p.ref = b.provider_ref JOIN models m ON m.ref = b.model_ref
       WHERE b.chain_id = ? AND b.bid_id = ? AND b.read_ok = 1`,
    ),
    // Bids the sessions do not reach: the newest posted ones (a market of bids nobody opened yet).
    newestPosted: q(
      `SELECT ${bidColumns} FROM bids b JOIN providers p ON p.ref = b.provider_ref JOIN models m ON m.ref = b.model_ref
       WHERE b.chain_id = ? AND b.posted_block > ? AND b.read_ok = 1 ORDER BY b.posted_block DESC, b.ref DESC LIMIT ?`,
    ),
  };
}

type OpenSampleRow = { sessionId: string; bidId: string; stake: string; openedAt: number; endsAt: number };
type CloseSampleRow = {
  sessionId: string;
  kind: string;
  closedAt: number;
  openedAt: number;
  endsAt: number;
  closeoutType: string;
  receiptLength: number;
  tokens: number;
  ttftMs: number;
  tps: number;
  bidId: string | null;
};
type BidSampleRow = {
  bidId: string;
  provider: string;
  modelId: string;
  pricePerSecond: string;
  createdAt: number | null;
  deletedAt: number | null;
};

function readSample(
  s: ReturnType<typeof sampleStatements>,
  chainId: number,
  after: number,
  perEnd: number,
): StoredSample {
  const both = <Row extends { sessionId: string }>(
    oldest: Database.Statement,
    newest: Database.Statement,
  ) => {
    const rows = new Map<string, Row>();
    for (const row of [...oldest.all(chainId, after, perEnd), ...newest.all(chainId, after, perEnd)] as Row[])
      rows.set(row.sessionId, row);
    return [...rows.values()];
  };
  const opens = both<OpenSampleRow>(s.oldestOpens, s.newestOpens);
  const closes = both<CloseSampleRow>(s.oldestCloses, s.newestCloses);
  const bidIds = new Set<string>();
  for (const row of [...opens, ...closes]) if (row.bidId) bidIds.add(row.bidId);
  const named = [...bidIds]
    .map((bidId) => s.sampleBid.get(chainId, bidId) as BidSampleRow | undefined)
    .filter((row): row is BidSampleRow => row !== undefined)
    .slice(0, 2 * perEnd);
  const posted = (s.newestPosted.all(chainId, after, perEnd) as BidSampleRow[]).filter(
    (row) => !bidIds.has(row.bidId),
  );
  const bids = [...named, ...posted];
  return {
    opens: opens.map((row) => ({ ...row, stake: BigInt(row.stake) })),
    closes: closes.map(({ sessionId, bidId: _, closeoutType, kind, ...state }) => ({
      sessionId,
      state: {
        ...state,
        kind: kind as StoredSample["closes"][number]["state"]["kind"],
        closeoutType: BigInt(closeoutType),
      },
    })),
    bids: bids.map((row) => ({ ...row, pricePerSecond: BigInt(row.pricePerSecond) })),
    models: [...new Set(bids.map((bid) => bid.modelId))],
  };
}
