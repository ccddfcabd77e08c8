/**
 * The closes of one UTC day on one chain, column by column, as the rollup reads them (one entry
 * per close whose session could be read).
 */
export type CloseDay = {
  day: number;
  chainId: number;
  count: number;
  /** closedAt - day. */
  second: Int32Array;
  tokens: Float64Array;
  /** ttftMs of a signed receipt, 0 otherwise. */
  ttftMs: Float64Array;
  /** tpsScaled1000 of a signed receipt, 0 otherwise. */
  tps: Float64Array;
  /** max(0, min(closedAt, endsAt) - openedAt). */
  seconds: Float64Array;
  /** 1: closeoutType != 0. */
  disputed: Uint8Array;
  /** closedAt - openedAt (the contract's own session duration). */
  duration: Float64Array;
  /** The bid's ref when it could be read, else 0. */
  bidRef: Int32Array;
  /** The provider's ref (the bid's, or the log's), 0 when unknown. */
  providerRef: Int32Array;
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
  const columns = Array.from({ length: fields }, () => new Float64Array(count));
  let row = 0;
  let field = 0;
  let value = 0;
  let negative = false;
  const store = () => {
    (columns[field] as Float64Array)[row] = negative ? -value : value;
    value = 0;
    negative = false;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) value = value * 10 + (c - 48);
    else if (c === 44) {
      store();
      field++;
    } else if (c === 59) {
      store();
      if (field !== fields - 1)
        throw new Error(`close facts of day ${day}: ${field + 1} fields, expected ${fields}`);
      field = 0;
      row++;
    } else if (c === 45) negative = true;
    else throw new Error(`close facts of day ${day}: unexpected character ${JSON.stringify(text[i])}`);
  }
  store();
  if (field !== fields - 1)
    throw new Error(`close facts of day ${day}: ${field + 1} fields, expected ${fields}`);
  const [second, tokens, ttftMs, tps, seconds, disputed, duration, bidRef, providerRef] = columns as [
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
  ];
  return {
    day,
    chainId,
    count,
    second: Int32Array.from(second),
    tokens,
    ttftMs,
    tps,
    seconds,
    disputed: Uint8Array.from(disputed),
    duration,
    bidRef: Int32Array.from(bidRef),
    providerRef: Int32Array.from(providerRef),
  };
}
