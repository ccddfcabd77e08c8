import { describe, expect, test } from "vitest";
import { keyedEarnBase } from "./createDenseIndices.js";
import { type BucketSums, Sums } from "./Sums.js";

const big = 2 ** 51 + 1;

/** One close (or `sessions` of them) with these tokens, seconds and disputed; counted when it has tokens. */
const closes = (tokens: number, seconds: number, disputed: number, sessions = 1): BucketSums => ({
  sessions,
  tokens,
  tokenSessions: tokens > 0 ? sessions : 0,
  seconds,
  disputed,
});

describe("Sums", () => {
  test("default: sessions, tokens, counted sessions, seconds, disputed and each bid's session time, bucket by bucket", () => {
    const sums = Sums.uniform(2, 3);
    sums.add(0, closes(10, 100, 0), 2);
    sums.add(0, closes(5, 50, 1), 2);
    sums.add(1, closes(7, 70, 1, 3), 0);
    sums.add(1, closes(0, 30, 0), -1);
    expect([...sums.sessions]).toEqual([2, 4]);
    expect([...sums.tokenSessions]).toEqual([2, 3]);
    expect([sums.tokensOf(0), sums.tokensOf(1)]).toEqual([15n, 7n]);
    expect([sums.secondsOf(0), sums.secondsOf(1)]).toEqual([150n, 100n]);
    expect([...sums.disputed]).toEqual([1, 1]);
    // Bucket b's bids start at b * 3; bid -1 (unreadable) earns nothing.
    expect([...sums.earnSeconds]).toEqual([0, 0, 150, 70, 0, 0]);
  });

  test("behavior: session time alone adds to the bucket's time and its bid's, nothing else", () => {
    const sums = Sums.uniform(1, 2);
    sums.addTime(0, 40, 1);
    expect([sums.sessions[0], sums.tokenSessions[0], sums.secondsOf(0)]).toEqual([0, 0, 40n]);
    expect([...sums.earnSeconds]).toEqual([0, 40]);
  });

  test("behavior: sums past 2^52 are carried into a bigint, exact past 2^53", () => {
    const sums = Sums.uniform(2, 1);
    for (let i = 0; i < 5; i++) sums.add(1, closes(big, big, 0), -1);
    sums.add(0, closes(3, 4, 0), -1);
    expect(sums.tokensOf(1)).toBe(5n * (2n ** 51n + 1n));
    expect(sums.secondsOf(1)).toBe(5n * (2n ** 51n + 1n));
    expect(sums.tokensOf(1) > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
    // Tokens and seconds of a bucket, and the buckets, are carried apart.
    expect([sums.tokensOf(0), sums.secondsOf(0)]).toEqual([3n, 4n]);
  });

  test("behavior: keyed buckets: each key's bids in its own slots, period after period", () => {
    // Key 0 has bids [4, 7], key 1 has [5]: two periods each.
    const { base, size } = keyedEarnBase([[4, 7], [5]], 2);
    expect([...base]).toEqual([0, 2, 4, 5]);
    expect(size).toBe(6);
    const sums = new Sums(4, base, size);
    sums.add(1, closes(0, 9, 0), 1); // key 0, period 1, its second bid
    sums.add(2, closes(0, 3, 0), 0); // key 1, period 0, its only bid
    expect([...sums.earnSeconds]).toEqual([0, 0, 0, 9, 3, 0]);
  });
});
