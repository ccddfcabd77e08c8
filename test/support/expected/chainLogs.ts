import type { HistorySession } from "../../../src/devchain/history.js";
import type { ChainHistory } from "./chainHistory.js";

/** The logs a chain's index holds and the closes its contract counted, checked against its history. */
export type ChainLogs = {
  /** Every session of the history, by lowercase id. */
  sessions: Map<string, HistorySession>;
  /** Lowercase ids of the sessions whose SessionOpened is indexed. */
  opened: Set<string>;
  /** Lowercase ids of the sessions whose SessionClosed is indexed. */
  closed: Set<string>;
  /** Lowercase ids of the sessions the contract had closed by the last synced block. */
  contractClosed: Set<string>;
};

/**
 * The `indexed` and `contractClosed` sets of `chain` with their defaults, lowercased. Throws on a
 * set that cannot be: an unknown session, a SessionClosed of a session without a close or with a
 * silent one, a close after the chain's as-of (the last synced block cannot hold it).
 */
export function chainLogs(chain: ChainHistory): ChainLogs {
  const where = `expectedPublication: chain ${chain.chainId}:`;
  const sessions = new Map<string, HistorySession>();
  for (const s of chain.history.sessions) {
    const id = s.sessionId.toLowerCase();
    if (sessions.has(id)) throw new Error(`${where} session ${id} appears twice in the history`);
    sessions.set(id, s);
  }
  const known = (id: string): HistorySession => {
    const s = sessions.get(id);
    if (!s) throw new Error(`${where} session ${id} is not in the history`);
    return s;
  };
  const closedBy = (id: string, what: string): void => {
    const close = known(id).close;
    if (!close) throw new Error(`${where} session ${id} is ${what} but has no close`);
    if (close.closedAt > chain.asOf)
      throw new Error(`${where} session ${id} is ${what} but closes after asOf`);
  };

  const lower = (ids: Iterable<string>) => new Set([...ids].map((id) => id.toLowerCase()));
  const all = [...sessions.entries()];
  const opened = chain.indexed ? lower(chain.indexed.opened) : new Set(sessions.keys());
  const closed = chain.indexed
    ? lower(chain.indexed.closed)
    : new Set(all.filter(([, s]) => s.close && !s.close.silent).map(([id]) => id));
  const contractClosed = chain.contractClosed
    ? lower(chain.contractClosed)
    : new Set(all.filter(([, s]) => s.close).map(([id]) => id));

  for (const id of opened) known(id);
  for (const id of closed) {
    closedBy(id, "indexed as closed");
    if (known(id).close?.silent)
      throw new Error(`${where} session ${id} is indexed as closed but closes silently`);
  }
  for (const id of contractClosed) closedBy(id, "closed by the contract");
  return { sessions, opened, closed, contractClosed };
}
