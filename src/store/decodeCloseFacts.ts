import { type CloseDay, closeFields } from "../rollup/CloseDay.js";

const fields = closeFields;

/**
 * Decodes the `facts` of a day's closes (store/schema/sessionTables.ts, closes.facts: closeFields integers separated by commas, closes by
 * semicolons) in one pass over the text: the build reads millions of closes this way, a few
 * hundred texts instead of millions of rows.
 */
export function decodeCloseFacts(day: number, chainId: number, text: string): CloseDay {
  // A close takes 2 × closeFields characters at the least (one-digit fields and their separators): room
  // for every close without counting them first.
  const values = new Float64Array(Math.ceil((text.length + 1) / (2 * fields)) * fields);
  const stored = parseInto(values, text);
  // Empty fields (",,") are the only way past that room: not what the store writes.
  if (stored === badCharacter || stored > values.length)
    throw new Error(`close facts of day ${day}: unexpected character`);
  if (stored < 0)
    throw new Error(`close facts of day ${day}: ${-stored} fields in a close, expected ${fields}`);
  return { day, chainId, count: stored / fields, facts: values.subarray(0, stored) };
}

const badCharacter = Number.MIN_SAFE_INTEGER;

/**
 * The numbers of `text` into `values`, in order: how many were stored (the end of the text ends
 * the last close, as a semicolon would: no code after the loop, which the JIT would reach only
 * once a call, without type feedback). A close with another number of fields: minus that number;
 * a character that is no part of a number: badCharacter.
 */
function parseInto(values: Float64Array, text: string): number {
  let at = 0;
  let field = 0;
  let value = 0;
  let sign = 1;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 59;
    if (c >= 48 && c <= 57) {
      value = value * 10 + (c - 48);
    } else if (c === 44 || c === 59) {
      field++;
      if (c === 59) {
        if (field !== fields) return -field;
        field = 0;
      }
      values[at++] = sign * value;
      value = 0;
      sign = 1;
    } else if (c === 45) {
      sign = -1;
    } else {
      return badCharacter;
    }
  }
  return at;
}
