import { describe, expect, test } from "vitest";
import {
  type BatchEvent,
  type BatchLimits,
  batchLimitsAfter,
  initialBatchLimits,
  learnedCap,
  probeAfter,
} from "./batchLimitsAfter.js";

const start: BatchLimits = { size: 40, cap: 40, answeredSinceShrink: 0 };
const replay = (limits: BatchLimits, ...events: BatchEvent[]) => events.reduce(batchLimitsAfter, limits);
/** `n` batches answered whole, each as large as the size then. */
const answered = (limits: BatchLimits, n: number): BatchLimits => {
  let now = limits;
  for (let i = 0; i < n; i++) now = batchLimitsAfter(now, { kind: "answered", calls: now.size });
  return now;
};
/** An endpoint that takes `cap` calls a batch, asked by a client at `limits` until nothing changes. */
const settle = (limits: BatchLimits, cap: number, batches: number) => {
  let now = limits;
  let refusals = 0;
  for (let i = 0; i < batches; i++) {
    const calls = now.size;
    if (calls > cap) refusals++;
    now = batchLimitsAfter(now, calls > cap ? { kind: "refused", calls } : { kind: "answered", calls });
  }
  return { limits: now, refusals };
};

describe("batchLimitsAfter", () => {
  test("default: answers leave full-size batches as they are", () => {
    expect(answered(start, 25)).toEqual(start);
  });

  test("behavior: a refusal halves the size and learns it as the cap, then tries between the two", () => {
    const refused = replay(start, { kind: "refused", calls: 40 });
    expect(refused).toEqual({ size: 20, cap: 20, answeredSinceShrink: 0, refused: 40 });
    // Answered at 20: 30 is tried; answered, the cap is 30 and 35 is tried...
    expect(answered(refused, 1)).toMatchObject({ size: 30, cap: 20 });
    expect(answered(refused, 2)).toMatchObject({ size: 35, cap: 30 });
    // ...a refused try leaves the cap as it was and narrows the gap.
    expect(replay(answered(refused, 2), { kind: "refused", calls: 35 })).toEqual({
      size: 30,
      cap: 30,
      answeredSinceShrink: 0,
      refused: 35,
    });
    expect(replay(start, { kind: "refused", calls: 3 }, { kind: "refused", calls: 1 })).toMatchObject({
      size: 1,
      cap: 1,
    });
  });

  test("behavior: the cap settles within an eighth below the endpoint's, for a few refused batches", () => {
    for (const cap of [1, 7, 10, 25, 33, 60, 99]) {
      const { limits, refusals } = settle(initialBatchLimits(100), cap, 60);
      expect(limits.cap, `cap ${cap}`).toBeLessThanOrEqual(cap);
      expect(limits.cap, `cap ${cap}`).toBeGreaterThanOrEqual(Math.floor((cap * 8) / 9));
      expect(limits.size, `cap ${cap}`).toBe(limits.cap);
      expect(refusals, `cap ${cap}`).toBeLessThanOrEqual(8);
      // Settled: nothing more is tried.
      expect(settle(limits, cap, 200).refusals, `cap ${cap}`).toBe(0);
    }
  });

  test("behavior: a refused batch sent before the last shrink halves nothing: the cap is only below it", () => {
    // Four requests of 40 in flight; the first refusal halves to 20, the others only say "< 40".
    const afterFirst = replay(start, { kind: "refused", calls: 40 });
    expect(replay(afterFirst, { kind: "refused", calls: 40 }, { kind: "refused", calls: 40 })).toEqual(
      afterFirst,
    );
    // A batch of 30 formed at 40, refused after the size came down to 20: still 20, not 15.
    expect(replay(afterFirst, { kind: "refused", calls: 30 })).toEqual({
      size: 20,
      cap: 20,
      answeredSinceShrink: 0,
      refused: 30,
    });
    // A batch refused at the cap halves it again.
    expect(replay(afterFirst, { kind: "refused", calls: 20 })).toMatchObject({ size: 10, cap: 10 });
  });

  test("behavior: a batch answered in part: the cap is what the endpoint served, nothing tried above", () => {
    const served = replay(start, { kind: "answered-in-part", calls: 40, served: 8 });
    expect(served).toEqual({ size: 8, cap: 8, answeredSinceShrink: 0, refused: 9 });
    expect(answered(served, 50)).toEqual(served);
    // As many answers as calls, yet a unit unanswered (an answer under another id): one fewer.
    expect(replay(start, { kind: "answered-in-part", calls: 10, served: 10 })).toMatchObject({
      size: 9,
      cap: 9,
    });
    // Served nothing: half.
    expect(replay(start, { kind: "answered-in-part", calls: 10, served: 0 })).toMatchObject({
      size: 5,
      cap: 5,
    });
  });

  test("behavior: timeouts: the first is bad luck; again, the size halves, and grows back to the cap", () => {
    expect(replay(start, { kind: "timed-out", calls: 40, again: false })).toEqual(start);
    expect(replay(start, { kind: "timed-out", calls: 1, again: true })).toEqual(start);
    const shrunk = replay(
      start,
      { kind: "timed-out", calls: 40, again: true },
      { kind: "timed-out", calls: 20, again: true },
    );
    expect(shrunk).toEqual({ size: 10, cap: 40, answeredSinceShrink: 0 });
    expect(answered(shrunk, 9)).toEqual({ size: 10, cap: 40, answeredSinceShrink: 9 });
    expect(answered(shrunk, 10)).toEqual({ size: 20, cap: 40, answeredSinceShrink: 0 });
    expect(answered(shrunk, 30)).toEqual({ size: 40, cap: 40, answeredSinceShrink: 0 });
  });

  test("behavior: never past a learned cap", () => {
    const capped = replay(
      start,
      { kind: "answered-in-part", calls: 40, served: 16 },
      { kind: "timed-out", calls: 16, again: true },
      { kind: "timed-out", calls: 8, again: true },
    );
    expect(capped).toEqual({ size: 4, cap: 16, answeredSinceShrink: 0, refused: 17 });
    expect(answered(capped, 100)).toEqual({ size: 16, cap: 16, answeredSinceShrink: 0, refused: 17 });
  });

  test("behavior: a cap remembered from the chain's last run: its batches at once, tried above only after many answers", () => {
    expect(initialBatchLimits(100)).toEqual({ size: 100, cap: 100, answeredSinceShrink: 0 });
    expect(initialBatchLimits(100, 250)).toEqual({ size: 100, cap: 100, answeredSinceShrink: 0 });
    const remembered = initialBatchLimits(100, 25);
    expect(remembered).toEqual({ size: 25, cap: 25, answeredSinceShrink: 0, probeUpTo: 100 });
    expect(learnedCap(remembered, 100)).toBe(25);
    // An hourly run's few batches stay at the cap: no refusal to pay.
    expect(answered(remembered, probeAfter - 1)).toMatchObject({ size: 25, cap: 25 });
    // A long run tries twice the cap once; an endpoint that takes it is learned afresh...
    const trying = answered(remembered, probeAfter);
    expect(trying).toMatchObject({ size: 50, cap: 25 });
    expect(answered(trying, 1)).toEqual({ size: 50, cap: 100, answeredSinceShrink: 0 });
    expect(answered(trying, 11)).toEqual({ size: 100, cap: 100, answeredSinceShrink: 0 });
    expect(learnedCap(answered(trying, 11), 100)).toBeUndefined();
    // ...one that refuses it keeps the cap (a few tries between in a long run, never again).
    const { limits, refusals } = settle(trying, 25, 200);
    expect(limits).toMatchObject({ size: 25, cap: 25 });
    expect(refusals).toBeLessThanOrEqual(4);
    expect(learnedCap(limits, 100)).toBe(25);
  });

  test("behavior: a timeout below a remembered cap keeps it remembered; a refusal at it replaces it", () => {
    const remembered = initialBatchLimits(100, 40);
    const shrunk = replay(remembered, { kind: "timed-out", calls: 40, again: true });
    expect(shrunk).toEqual({ size: 20, cap: 40, answeredSinceShrink: 0, probeUpTo: 100 });
    expect(answered(shrunk, 10)).toEqual({ size: 40, cap: 40, answeredSinceShrink: 0, probeUpTo: 100 });
    expect(replay(remembered, { kind: "refused", calls: 40 })).toEqual({
      size: 20,
      cap: 20,
      answeredSinceShrink: 0,
      refused: 40,
    });
  });
});
