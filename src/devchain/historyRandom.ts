import type { Hex } from "viem";

/** Draws of a seeded history (src/util/seededRandom.ts): the same generator and calls, the same draws. */

/** An index drawn with the given weights. */
export function pick(random: () => number, weights: number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let r = random() * total;
  for (let k = 0; k < weights.length; k++) {
    r -= weights[k] as number;
    if (r < 0) return k;
  }
  return weights.length - 1;
}

/** n distinct items, in random order (partial Fisher-Yates on a copy). */
export function sample<T>(random: () => number, items: T[], n: number): T[] {
  const copy = items.slice();
  const count = Math.min(n, copy.length);
  for (let k = 0; k < count; k++) {
    const j = k + Math.floor(random() * (copy.length - k));
    [copy[k], copy[j]] = [copy[j] as T, copy[k] as T];
  }
  return copy.slice(0, count);
}

/** `bytes` random bytes as 0x-prefixed hex. */
export function randomHex(random: () => number, bytes: number): Hex {
  let hex = "0x";
  for (let k = 0; k < bytes; k++)
    hex += Math.floor(random() * 256)
      .toString(16)
      .padStart(2, "0");
  return hex as Hex;
}
