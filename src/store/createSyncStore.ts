import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { floorDay, floorMonth } from "../api/periods.js";
import type { BlockHeader } from "../chain/getBlockHeader.js";
import type { Checkpoint, KnownBid, RangeCommit, SyncStore } from "../sync/SyncStore.js";
import type { Store } from "./openStore.js";
import { anomalies, bids, blocks, checkpoint, closes, models, providers, sessions } from "./schema.js";

/** The sync stage's reads and writes. Every write of a range happens in one transaction. */
export function createSyncStore({ db, sqlite }: Store): SyncStore {
  const insertSession = db
    .insert(sessions)
    .values({
      sessionId: sql.placeholder("sessionId"),
      openedBlock: sql.placeholder("openedBlock"),
      openedLogIndex: sql.placeholder("openedLogIndex"),
      readOk: sql.placeholder("readOk"),
      bidId: sql.placeholder("bidId"),
      stake: sql.placeholder("stake"),
      openedAt: sql.placeholder("openedAt"),
      endsAt: sql.placeholder("endsAt"),
    })
    .onConflictDoNothing()
    .prepare();
  const insertClose = db
    .insert(closes)
    .values({
      sessionId: sql.placeholder("sessionId"),
      blockNumber: sql.placeholder("blockNumber"),
      logIndex: sql.placeholder("logIndex"),
      kind: sql.placeholder("kind"),
      bidId: sql.placeholder("bidId"),
      closedAt: sql.placeholder("closedAt"),
      day: sql.placeholder("day"),
      month: sql.placeholder("month"),
      closeoutType: sql.placeholder("closeoutType"),
      receiptLength: sql.placeholder("receiptLength"),
      tokens: sql.placeholder("tokens"),
      ttftMs: sql.placeholder("ttftMs"),
      modelRef: sql.placeholder("modelRef"),
      providerRef: sql.placeholder("providerRef"),
    })
    .onConflictDoNothing()
    .prepare();
  const markClosed = db
    .update(sessions)
    .set({ closeBlock: sql.placeholder("closeBlock") as unknown as number })
    .where(and(eq(sessions.sessionId, sql.placeholder("sessionId")), isNull(sessions.closeBlock)))
    .prepare();

  const refs = {
    provider: new Map<string, number>(),
    model: new Map<string, number>(),
  };

  const providerRef = (address: string): number => {
    const known = refs.provider.get(address);
    if (known !== undefined) return known;
    db.insert(providers).values({ address }).onConflictDoNothing().run();
    const row = db.select({ ref: providers.ref }).from(providers).where(eq(providers.address, address)).get();
    if (!row) throw new Error(`provider ${address} missing after insert`);
    refs.provider.set(address, row.ref);
    return row.ref;
  };

  const modelRef = (modelId: string): number => {
    const known = refs.model.get(modelId);
    if (known !== undefined) return known;
    db.insert(models).values({ modelId }).onConflictDoNothing().run();
    const row = db.select({ ref: models.ref }).from(models).where(eq(models.modelId, modelId)).get();
    if (!row) throw new Error(`model ${modelId} missing after insert`);
    refs.model.set(modelId, row.ref);
    return row.ref;
  };

  const commitRange = sqlite.transaction((commit: RangeCommit, knownBids: Map<string, KnownBid>) => {
    for (const bid of commit.bids) {
      let known: KnownBid = { ok: false };
      if (bid.state) {
        known = {
          ok: true,
          providerRef: providerRef(bid.state.provider),
          modelRef: modelRef(bid.state.modelId),
        };
      }
      db.insert(bids)
        .values({
          bidId: bid.bidId,
          readOk: known.ok,
          providerRef: known.ok ? known.providerRef : null,
          modelRef: known.ok ? known.modelRef : null,
          pricePerSecond: bid.state ? bid.state.pricePerSecond.toString() : null,
        })
        .onConflictDoNothing()
        .run();
      knownBids.set(bid.bidId, known);
    }
    for (const open of commit.opens) {
      insertSession.run({
        sessionId: open.sessionId,
        openedBlock: open.blockNumber,
        openedLogIndex: open.logIndex,
        readOk: open.state ? 1 : 0,
        bidId: open.state?.bidId ?? null,
        stake: open.state?.stake.toString() ?? null,
        openedAt: open.state?.openedAt ?? null,
        endsAt: open.state?.endsAt ?? null,
      });
    }
    for (const close of commit.closes) {
      const state = close.state;
      const bid = state ? knownBids.get(state.bidId) : undefined;
      // SPEC.md: the provider is the bid's, and the log's topic3 is the same address.
      const provider = bid?.ok
        ? bid.providerRef
        : state && close.provider
          ? providerRef(close.provider)
          : null;
      insertClose.run({
        sessionId: close.sessionId,
        blockNumber: close.blockNumber,
        logIndex: close.logIndex,
        kind: state?.kind ?? "unreadable",
        bidId: state?.bidId ?? null,
        closedAt: state?.closedAt ?? null,
        day: state ? floorDay(state.closedAt) : null,
        month: state ? floorMonth(state.closedAt) : null,
        closeoutType: state?.closeoutType.toString() ?? null,
        receiptLength: state ? state.receipt.length : null,
        tokens: state?.tokens ?? 0,
        ttftMs: state?.ttftMs ?? 0,
        modelRef: bid?.ok ? bid.modelRef : null,
        providerRef: provider,
      });
      markClosed.run({ sessionId: close.sessionId, closeBlock: close.blockNumber });
    }
    for (const anomaly of commit.anomalies) {
      db.insert(anomalies)
        .values({ ...anomaly, detail: anomaly.detail ?? null })
        .onConflictDoNothing()
        .run();
    }
    for (const header of [...commit.headers, commit.end]) {
      db.insert(blocks)
        .values(header)
        .onConflictDoUpdate({
          target: blocks.number,
          set: { hash: header.hash, timestamp: header.timestamp },
        })
        .run();
    }
    const row = {
      id: 1,
      ...commit.identity,
      blockNumber: commit.end.number,
      blockHash: commit.end.hash,
      blockTimestamp: commit.end.timestamp,
    };
    db.insert(checkpoint).values(row).onConflictDoUpdate({ target: checkpoint.id, set: row }).run();
  });

  return {
    checkpoint(): Checkpoint | undefined {
      const row = db.select().from(checkpoint).where(eq(checkpoint.id, 1)).get();
      if (!row) return undefined;
      const { id: _id, ...rest } = row;
      return rest;
    },

    /** Every bid read so far, with the refs its closes are filed under. */
    knownBids(): Map<string, KnownBid> {
      const known = new Map<string, KnownBid>();
      for (const row of db.select().from(bids).all()) {
        known.set(
          row.bidId,
          row.readOk && row.providerRef !== null && row.modelRef !== null
            ? { ok: true, providerRef: row.providerRef, modelRef: row.modelRef }
            : { ok: false },
        );
      }
      return known;
    },

    commitRange(commit: RangeCommit, knownBids: Map<string, KnownBid>): void {
      commitRange(commit, knownBids);
    },

    /** Stored block hashes at or below `atOrBelow`, newest first. */
    storedBlocks(atOrBelow: number): BlockHeader[] {
      return db
        .select()
        .from(blocks)
        .where(sql`${blocks.number} <= ${atOrBelow}`)
        .orderBy(desc(blocks.number))
        .all();
    },

    /**
     * Forgets everything above the common ancestor of a reorg (undefined: above nothing, a full
     * reset), so that the database equals a fresh index of the chain up to the ancestor. Bids,
     * providers and models that only the forgotten blocks named go too: they would be counted
     * in meta.json (and read again each run) although no indexed log names them any more.
     */
    rollbackTo: sqlite.transaction((ancestor: BlockHeader | undefined) => {
      const above = ancestor?.number ?? -1;
      db.delete(closes).where(gt(closes.blockNumber, above)).run();
      db.update(sessions).set({ closeBlock: null }).where(gt(sessions.closeBlock, above)).run();
      db.delete(sessions).where(gt(sessions.openedBlock, above)).run();
      db.delete(anomalies).where(gt(anomalies.blockNumber, above)).run();
      db.delete(blocks).where(gt(blocks.number, above)).run();
      db.delete(bids)
        .where(
          sql`${bids.bidId} NOT IN (SELECT ${sessions.bidId} FROM ${sessions} WHERE ${sessions.bidId} IS NOT NULL
              UNION SELECT ${closes.bidId} FROM ${closes} WHERE ${closes.bidId} IS NOT NULL)`,
        )
        .run();
      db.delete(providers)
        .where(
          sql`${providers.ref} NOT IN (SELECT ${bids.providerRef} FROM ${bids} WHERE ${bids.providerRef} IS NOT NULL
              UNION SELECT ${closes.providerRef} FROM ${closes} WHERE ${closes.providerRef} IS NOT NULL)`,
        )
        .run();
      db.delete(models)
        .where(
          sql`${models.ref} NOT IN (SELECT ${bids.modelRef} FROM ${bids} WHERE ${bids.modelRef} IS NOT NULL)`,
        )
        .run();
      refs.provider.clear();
      refs.model.clear();
      if (ancestor) {
        db.update(checkpoint)
          .set({ blockNumber: ancestor.number, blockHash: ancestor.hash, blockTimestamp: ancestor.timestamp })
          .where(eq(checkpoint.id, 1))
          .run();
      } else {
        db.delete(checkpoint).run();
      }
    }),

    /** Keeps block hashes of the last `keep` blocks below the checkpoint. */
    pruneBlocks(belowNumber: number): void {
      db.delete(blocks).where(lt(blocks.number, belowNumber)).run();
    },

    modelIds(): string[] {
      return db
        .select({ modelId: models.modelId })
        .from(models)
        .orderBy(models.modelId)
        .all()
        .map((row) => row.modelId);
    },

    updateModelNames: sqlite.transaction(
      (
        names: Array<{ modelId: string; name: string | null; status: "ok" | "invalid-utf8" | "unreadable" }>,
      ) => {
        for (const { modelId, name, status } of names) {
          db.update(models).set({ name, nameStatus: status }).where(eq(models.modelId, modelId)).run();
        }
      },
    ),
  };
}
