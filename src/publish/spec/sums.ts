import type { Bucket } from "../../api/responseTypes.js";

/** The additive figures of a bucket or window: what sums over sessions, and so over buckets. */
export type Sums = {
  sessions: number;
  tokens: number;
  tokenSessions: number;
  seconds: number;
  disputed: number;
  earned: bigint;
};

export const additive = ["sessions", "tokens", "tokenSessions", "seconds", "disputed"] as const;

export function zeroSums(): Sums {
  return { sessions: 0, tokens: 0, tokenSessions: 0, seconds: 0, disputed: 0, earned: 0n };
}

export function addSums(
  total: Sums,
  bucket: Pick<Bucket, "sessions" | "tokens" | "tokenSessions" | "seconds" | "disputed" | "earned">,
): Sums {
  return {
    sessions: total.sessions + bucket.sessions,
    tokens: total.tokens + bucket.tokens,
    tokenSessions: total.tokenSessions + bucket.tokenSessions,
    seconds: total.seconds + bucket.seconds,
    disputed: total.disputed + bucket.disputed,
    earned: total.earned + BigInt(bucket.earned),
  };
}

export function sumOf(
  buckets: Iterable<
    Pick<Bucket, "sessions" | "tokens" | "tokenSessions" | "seconds" | "disputed" | "earned">
  >,
): Sums {
  let total = zeroSums();
  for (const bucket of buckets) total = addSums(total, bucket);
  return total;
}

/**
 * Two sums of integers are equal. JSON numbers past 2^53 (token sums may get there: they are
 * published as exact digits) are read back rounded, so there they only have to agree to the
 * precision a double keeps.
 */
export function sameNumber(a: number, b: number): boolean {
  if (a === b) return true;
  const larger = Math.max(Math.abs(a), Math.abs(b));
  return larger > Number.MAX_SAFE_INTEGER && Math.abs(a - b) <= larger * 2 ** -50;
}

/** Where `a` and `b` differ, as "sessions 3 ≠ 4" items (empty when they agree). */
export function differences(a: Sums, b: Sums): string[] {
  const found: string[] = [];
  for (const key of additive) if (!sameNumber(a[key], b[key])) found.push(`${key} ${a[key]} ≠ ${b[key]}`);
  if (a.earned !== b.earned) found.push(`earned ${a.earned} ≠ ${b.earned}`);
  return found;
}
