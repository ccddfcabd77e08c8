import type { ChainView } from "../chain/ChainView.js";
import { closeStateOf } from "./closeStateOf.js";
import type { StoredSample } from "./SyncStore.js";

/** A stored record that the contract's new code does not give back as it was stored. */
export type UpgradeProblem = {
  /** "session 0x…", "bid 0x…", "model 0x…". */
  record: string;
  /** `unreadable`: the call reverts or its result does not decode; `different`: other values. */
  kind: "unreadable" | "different";
  detail: string;
};

export type UpgradeCheck = { compared: number; problems: UpgradeProblem[] };

type Reads = Pick<ChainView, "readSessions" | "readBids" | "readModelNames">;
/** A field compared: its name, as stored, as read now. */
type Field = [string, unknown, unknown];

/**
 * Reads stored records back through the contract's code at the latest block (after an upgrade)
 * and compares them with what the index stored: every field a session, a close or a bid was stored
 * with (each is final once stored, CHAIN.md; a bid's times once non-zero), decoded and classified
 * exactly as the sync does. A
 * model is only read again: its name can change by its owner's edit, so a new name is no
 * difference, but a revert or an undecodable result is. The three reads go in one batch.
 */
export async function verifyUpgrade(sample: StoredSample, reads: Reads): Promise<UpgradeCheck> {
  const sessionIds = [...new Set([...sample.opens, ...sample.closes].map((row) => row.sessionId))];
  const [sessions, bids, models] = await Promise.all([
    sessionIds.length > 0 ? reads.readSessions(sessionIds) : new Map(),
    sample.bids.length > 0 ? reads.readBids(sample.bids.map((bid) => bid.bidId)) : new Map(),
    sample.models.length > 0 ? reads.readModelNames(sample.models) : new Map(),
  ]);
  const problems: UpgradeProblem[] = [];
  const unreadable = (record: string, call: string, error: string | undefined) =>
    problems.push({ record, kind: "unreadable", detail: `${call} fails: ${error ?? "no result"}` });
  const compare = (record: string, fields: Field[]) => {
    const changed = fields.filter(([, stored, now]) => !same(stored, now));
    if (changed.length === 0) return;
    problems.push({
      record,
      kind: "different",
      detail: changed
        .map(([name, stored, now]) => `${name} stored ${show(stored)}, now ${show(now)}`)
        .join("; "),
    });
  };

  for (const open of sample.opens) {
    const record = `session ${open.sessionId}`;
    const read = sessions.get(open.sessionId);
    if (!read?.ok) {
      unreadable(record, "getSession", read?.error);
      continue;
    }
    compare(record, [
      ["bidId", open.bidId, read.state.bidId],
      ["stake", open.stake, read.state.stake],
      ["openedAt", open.openedAt, read.state.openedAt],
      ["endsAt", open.endsAt, read.state.endsAt],
    ]);
  }
  for (const close of sample.closes) {
    const record = `session ${close.sessionId}`;
    const read = sessions.get(close.sessionId);
    if (!read?.ok) {
      // Reported once per session (an open of the same session says it already).
      if (!sample.opens.some((open) => open.sessionId === close.sessionId))
        unreadable(record, "getSession", read?.error);
      continue;
    }
    const now = closeStateOf(close.sessionId, read.state).state;
    const stored = close.state;
    compare(
      record,
      (
        [
          "closedAt",
          "openedAt",
          "endsAt",
          "closeoutType",
          "receiptLength",
          "kind",
          "tokens",
          "tokenCounted",
          "ttftMs",
          "tps",
        ] as const
      ).map((field) => [field, stored[field], now[field]]),
    );
  }
  for (const bid of sample.bids) {
    const record = `bid ${bid.bidId}`;
    const read = bids.get(bid.bidId);
    if (!read?.ok) {
      unreadable(record, "getBid", read?.error);
      continue;
    }
    compare(record, [
      ["provider", bid.provider.toLowerCase(), read.state.provider.toLowerCase()],
      ["modelId", bid.modelId.toLowerCase(), read.state.modelId.toLowerCase()],
      ["pricePerSecond", bid.pricePerSecond, read.state.pricePerSecond],
      // A bid's times are final once read non-zero: createdAt when posted, deletedAt when deleted
      // (a bid stored standing may have been deleted since; one stored with createdAt 0 was read
      // from a backend that did not have it yet).
      ...(bid.createdAt ? [["createdAt", bid.createdAt, read.state.createdAt] as Field] : []),
      ...(bid.deletedAt ? [["deletedAt", bid.deletedAt, read.state.deletedAt] as Field] : []),
    ]);
  }
  for (const modelId of sample.models) {
    const read = models.get(modelId);
    if (!read?.ok) unreadable(`model ${modelId}`, "getModel", read?.error);
  }
  const compared = sessionIds.length + sample.bids.length + sample.models.length;
  return { compared, problems };
}

function same(a: unknown, b: unknown): boolean {
  return typeof a === "bigint" || typeof b === "bigint" ? String(a) === String(b) : a === b;
}

function show(value: unknown): string {
  return typeof value === "string" ? value : String(value);
}
