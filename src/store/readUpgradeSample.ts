import type Database from "better-sqlite3";
import type { StoredSample } from "../sync/SyncStore.js";
import { bidStatements } from "./statements/bidStatements.js";
import { closeStatements } from "./statements/closeStatements.js";
import { sessionStatements } from "./statements/sessionStatements.js";

/**
 * Up to `perEnd` of the oldest and of the newest stored sessions and closes of a chain (after the
 * block of the last accepted upgrade), the bids they name, up to `perEnd` of the newest bids known
 * from a posted log, and the models those name: what is read back through a contract's new code.
 */
export function readUpgradeSample(sqlite: Database.Database) {
  const s = {
    bids: bidStatements(sqlite),
    sessions: sessionStatements(sqlite),
    closes: closeStatements(sqlite),
  };
  return (chainId: number, after: number, perEnd: number): StoredSample => {
    const both = <Row extends { sessionId: string }>(
      oldest: Database.Statement<[number, number, number], Row>,
      newest: Database.Statement<[number, number, number], Row>,
    ) => {
      const rows = new Map<string, Row>();
      for (const row of [...oldest.all(chainId, after, perEnd), ...newest.all(chainId, after, perEnd)])
        rows.set(row.sessionId, row);
      return [...rows.values()];
    };
    const opens = both(s.sessions.oldest, s.sessions.newest);
    const closes = both(s.closes.oldest, s.closes.newest);
    const bidIds = new Set<string>();
    for (const row of [...opens, ...closes]) if (row.bidId) bidIds.add(row.bidId);
    const named = [...bidIds]
      .flatMap((bidId) => s.bids.sample.get(chainId, bidId) ?? [])
      .slice(0, 2 * perEnd);
    const posted = s.bids.newestPosted.all(chainId, after, perEnd).filter((row) => !bidIds.has(row.bidId));
    const bids = [...named, ...posted];
    return {
      opens: opens.map((row) => ({ ...row, stake: BigInt(row.stake) })),
      closes: closes.map(({ sessionId, bidId: _, closeoutType, kind, tokenCounted, ...state }) => ({
        sessionId,
        state: {
          ...state,
          kind: receiptKindOf(kind),
          closeoutType: BigInt(closeoutType),
          tokenCounted: tokenCounted === 1,
        },
      })),
      bids: bids.map((row) => ({ ...row, pricePerSecond: BigInt(row.pricePerSecond) })),
      models: [...new Set(bids.map((bid) => bid.modelId))],
    };
  };
}

const receiptKinds = ["v1", "v2", "disputed", "malformed"] as const;

/** A stored close's kind (schema/sessionTables.ts, closes.kind). */
function receiptKindOf(kind: string): StoredSample["closes"][number]["state"]["kind"] {
  const known = receiptKinds.find((candidate) => candidate === kind);
  if (known === undefined) throw new Error(`unreachable: a readable close stored with the kind ${kind}`);
  return known;
}
