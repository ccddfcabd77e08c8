/**
 * The closes of one UTC day on one chain (one entry per close whose session could be read), row
 * after row in one array: close k's fields start at `k * closeFields` (`closeFact` names them).
 */
export type CloseDay = {
  day: number;
  chainId: number;
  count: number;
  facts: Float64Array;
};

/** The fields of a close in CloseDay.facts, in order. */
export const closeFact = {
  /** closedAt - day. */
  second: 0,
  tokens: 1,
  /** ttftMs of a signed receipt, 0 otherwise. */
  ttftMs: 2,
  /** tpsScaled1000 of a signed receipt, 0 otherwise. */
  tps: 3,
  /** max(0, min(closedAt, endsAt) - openedAt). */
  seconds: 4,
  /** Bit 0: disputed (closeoutType != 0); bit 1: `tokens` counts the close's tokens (a signed v2 receipt whose token words fit uint32). */
  flags: 5,
  /** closedAt - openedAt (the contract's own session duration). */
  duration: 6,
  /** The bid's ref when it could be read, else 0. */
  bidRef: 7,
  /** The provider's ref (the bid's, or the log's), 0 when unknown. */
  providerRef: 8,
} as const;

export const closeFields = 9;
