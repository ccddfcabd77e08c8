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
  /** 1: closeoutType != 0. */
  disputed: 5,
  /** closedAt - openedAt (the contract's own session duration). */
  duration: 6,
  /** The bid's ref when it could be read, else 0. */
  bidRef: 7,
  /** The provider's ref (the bid's, or the log's), 0 when unknown. */
  providerRef: 8,
} as const;

export const closeFields = 9;

const fields = closeFields;

/**
 * Decodes the `facts` of a day's closes (schema.ts: nine integers separated by commas, closes by
 * semicolons) in one pass over the text: the build reads millions of closes this way, a few
 * hundred texts instead of millions of rows.
 */
export function decodeCloseFacts(day: number, chainId: number, text: string): CloseDay {
  let count = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 59) count++;
  const values = new Float64Array(count * fields);
  let at = 0;
  let field = 0;
  let value = 0;
  let negative = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) value = value * 10 + (c - 48);
    else if (c === 44 || c === 59) {
      if (c === 59 && field !== fields - 1) throw fieldCountError(day, field);
      values[at++] = negative ? -value : value;
      value = 0;
      negative = false;
      field = c === 44 ? field + 1 : 0;
    } else if (c === 45) negative = true;
    else throw new Error(`close facts of day ${day}: unexpected character ${JSON.stringify(text[i])}`);
  }
  if (field !== fields - 1) throw fieldCountError(day, field);
  values[at] = negative ? -value : value;
  return { day, chainId, count, facts: values };
}

function fieldCountError(day: number, field: number): Error {
  return new Error(`close facts of day ${day}: ${field + 1} fields, expected ${fields}`);
}
