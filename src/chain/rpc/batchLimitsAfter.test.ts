import { describe, expect, test } from "vitest";
import { type BatchEvent, type BatchLimits, batchLimitsAfter } from "./batchLimitsAfter.js";

const start: BatchLimits = { size: 40, cap: 40, answeredSinceShrink: 0 };
const replay = (limits: BatchLimits, ...events: BatchEvent[]) => events.reduce(batchLimitsAfter, limits);
const answered = (n: number): BatchEvent[] => Array(n).fill({ kind: "answered" });

describe("batchLimitsAfter", () => {
  test("default: answers leave full-size batches as they are", () => {
    expect(replay(start, ...answered(25))).toEqual(start);
  });

  test("behavior: a refusal halves the size and learns it as the cap, for good", () => {
    const refused = replay(start, { kind: "refused", calls: 40 });
    expect(refused).toEqual({ size: 20, cap: 20, answeredSinceShrink: 0 });
    expect(replay(refused, ...answered(50))).toEqual({ size: 20, cap: 20, answeredSinceShrink: 0 });
    expect(replay(start, { kind: "refused", calls: 3 }, { kind: "refused", calls: 1 })).toMatchObject({
      size: 1,
      cap: 1,
    });
  });

  test("behavior: a batch answered in part: the cap is what the endpoint served", () => {
    expect(replay(start, { kind: "answered-in-part", calls: 40, served: 8 })).toMatchObject({
      size: 8,
      cap: 8,
    });
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
    expect(replay(shrunk, ...answered(9))).toEqual({ size: 10, cap: 40, answeredSinceShrink: 9 });
    expect(replay(shrunk, ...answered(10))).toEqual({ size: 20, cap: 40, answeredSinceShrink: 0 });
    expect(replay(shrunk, ...answered(30))).toEqual({ size: 40, cap: 40, answeredSinceShrink: 0 });
  });

  test("behavior: never past a learned cap", () => {
    const capped = replay(
      start,
      { kind: "answered-in-part", calls: 40, served: 16 },
      { kind: "timed-out", calls: 16, again: true },
      { kind: "timed-out", calls: 8, again: true },
    );
    expect(capped).toEqual({ size: 4, cap: 16, answeredSinceShrink: 0 });
    expect(replay(capped, ...answered(100))).toEqual({ size: 16, cap: 16, answeredSinceShrink: 0 });
  });
});
