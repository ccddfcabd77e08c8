/**
 * The closes of one UTC day on one chain, column by column, as the rollup reads them (one entry
 * per close whose session could be read).
 */
export type CloseDay = {
  day: number;
  chainId: number;
  count: number;
  /** closedAt - day. */
  second: Float64Array;
  tokens: Float64Array;
  /** ttftMs of a signed receipt, 0 otherwise. */
  ttftMs: Float64Array;
  /** tpsScaled1000 of a signed receipt, 0 otherwise. */
  tps: Float64Array;
  /** max(0, min(closedAt, endsAt) - openedAt). */
  seconds: Float64Array;
  /** 1: closeoutType != 0. */
  disputed: Float64Array;
  /** closedAt - openedAt (the contract's own session duration). */
  duration: Float64Array;
  /** The bid's ref when it could be read, else 0. */
  bidRef: Float64Array;
  /** The provider's ref (the bid's, or the log's), 0 when unknown. */
  providerRef: Float64Array;
};

const fields = 9;

/**
 * Decodes the `facts` of a day's closes (schema.ts: nine integers separated by commas, closes by
 * semicolons) in one pass over the text: the build reads millions of closes this way, a few
 * hundred texts instead of millions of rows.
 */
export function decodeCloseFacts(day: number, chainId: number, text: string): CloseDay {
  let count = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 59) count++;
  // One array, row after row (a store per value at a running index); columns are views of it.
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
  const column = (k: number) => {
    const out = new Float64Array(count);
    for (let row = 0; row < count; row++) out[row] = values[row * fields + k] as number;
    return out;
  };
  return {
    day,
    chainId,
    count,
    second: column(0),
    tokens: column(1),
    ttftMs: column(2),
    tps: column(3),
    seconds: column(4),
    disputed: column(5),
    duration: column(6),
    bidRef: column(7),
    providerRef: column(8),
  };
}

function fieldCountError(day: number, field: number): Error {
  return new Error(`close facts of day ${day}: ${field + 1} fields, expected ${fields}`);
}
