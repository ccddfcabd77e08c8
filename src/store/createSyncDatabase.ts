import type { BlockHeader } from "../chain/getBlockHeader.js";
import type { Checkpoint, ModelNameRow, RefilledClose, SyncDatabase, SyncStore } from "../sync/SyncStore.js";
import { createCommitRange } from "./createCommitRange.js";
import { createRefs } from "./createRefs.js";
import { createRollbackChain } from "./createRollbackChain.js";
import type { Store } from "./openStore.js";

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
           block_number AS blockNumber, block_hash AS blockHash, block_timestamp AS blockTimestamp,
           range_size AS rangeSize, batch_cap AS batchCap
         FROM chains WHERE chain_id = ?`,
      ),
      bidIds: q("SELECT bid_id FROM bids WHERE chain_id = ?").pluck(),
      blocks: q(
        "SELECT number, hash, timestamp FROM blocks WHERE chain_id = ? AND number <= ? ORDER BY number DESC",
      ),
      prune: q("DELETE FROM blocks WHERE chain_id = ? AND number < ?"),
      modelIds: q(
        `SELECT DISTINCT m.model_id FROM bids b JOIN models m ON m.ref = b.model_ref
         WHERE b.chain_id = ? AND b.read_ok = 1 ORDER BY m.model_id`,
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
      run: q(
        "UPDATE chains SET target_block = ?, synced_at = ?, range_size = ?, batch_cap = ? WHERE chain_id = ?",
      ),
    };
    const { commit, forgetBids } = createCommitRange(
      sqlite,
      refs,
      chainId,
      () => positions.get(chainId) ?? null,
    );
    const rollback = createRollbackChain(sqlite, chainId);
    return {
      chainId,
      checkpoint() {
        const row = s.checkpoint.get(chainId) as
          | (Checkpoint & { creationBlock: number | null; rangeSize: number | null; batchCap: number | null })
          | undefined;
        return (
          row && {
            ...row,
            creationBlock: row.creationBlock ?? undefined,
            rangeSize: row.rangeSize ?? undefined,
            batchCap: row.batchCap ?? undefined,
          }
        );
      },
      knownBidIds: () => new Set(s.bidIds.all(chainId) as string[]),
      commitRange: commit,
      storedBlocks: (atOrBelow) => s.blocks.all(chainId, atOrBelow) as BlockHeader[],
      rollbackTo(ancestor) {
        rollback(ancestor);
        refs.clear();
        forgetBids();
      },
      pruneBlocks: (belowNumber) => void s.prune.run(chainId, belowNumber),
      modelIds: () => s.modelIds.all(chainId) as string[],
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
      saveRunRecord: ({ targetBlock, syncedAt, rangeSize, batchCap }) =>
        void s.run.run(targetBlock, syncedAt, rangeSize, batchCap ?? null, chainId),
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
