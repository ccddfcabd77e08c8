/**
 * Identifiers of a virtual chain, derived from numbers (nothing stored): hash-looking hex that
 * carries its number in its last 16 hex digits, so that it can be looked up without an index.
 */

/** 8 hex digits of a 32-bit mix of the inputs (murmur3's finaliser over a running state). */
function mix32(h: number): number {
  let x = h >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
}

/** `words` × 8 hex digits mixed from (salt, seed, n), n taken in two 26-bit halves. */
function mixedHex(salt: number, seed: number, n: number, words: number): string {
  let state = mix32(salt ^ Math.imul(seed, 0x9e3779b1));
  state = mix32(state ^ (n % 0x4000000));
  state = mix32(state ^ Math.floor(n / 0x4000000) ^ 0x5bd1e995);
  let hex = "";
  for (let k = 0; k < words; k++) {
    state = mix32(state + 0x6d2b79f5 + k);
    hex += state.toString(16).padStart(8, "0");
  }
  return hex;
}

const numberHex = (n: number) => n.toString(16).padStart(16, "0");

/** 0x, 48 mixed hex digits, the number in 16 hex digits: 32 bytes. */
function id32(salt: number, seed: number, n: number): string {
  return `0x${mixedHex(salt, seed, n, 6)}${numberHex(n)}`;
}

/** The number a 32-byte id of this salt and seed carries; undefined for any other hex. */
function numberOf(salt: number, seed: number, id: string): number | undefined {
  if (id.length !== 66) return undefined;
  const n = Number.parseInt(id.slice(50), 16);
  if (!Number.isSafeInteger(n) || id.toLowerCase() !== id32(salt, seed, n)) return undefined;
  return n;
}

const salts = { session: 1, block: 2, tx: 3, user: 4, bid: 5, model: 6, provider: 7 };

export const sessionIdOf = (seed: number, index: number) => id32(salts.session, seed, index);
export const sessionIndexOf = (seed: number, id: string) => numberOf(salts.session, seed, id);

/** A block's hash: its number, and the fork it is on (a reorg moves blocks to a new fork). */
export const blockHashOf = (seed: number, block: number, fork: number) =>
  id32(salts.block + 16 * fork, seed, block);
export const blockOfHash = (seed: number, hash: string, fork: (block: number) => number) => {
  const block = Number.parseInt(hash.slice(50), 16);
  if (!Number.isSafeInteger(block)) return undefined;
  return hash.toLowerCase() === blockHashOf(seed, block, fork(block)) ? block : undefined;
};

/** A transaction: one per log, its hash from the block and the log's index. */
export const txHashOf = (seed: number, block: number, index: number) =>
  id32(salts.tx, seed, block * 65_536 + index);

/** 20-byte addresses (lowercase). */
export const userOf = (seed: number, index: number) => `0x${mixedHex(salts.user, seed, index, 5)}`;
export const providerOf = (seed: number, index: number) => `0x${mixedHex(salts.provider, seed, index, 5)}`;
export const bidIdOf = (seed: number, index: number) => `0x${mixedHex(salts.bid, seed, index, 8)}`;
export const modelIdOf = (seed: number, index: number) => `0x${mixedHex(salts.model, seed, index, 8)}`;
