import { describe, expect, test } from "vitest";
import { type Candidate, pickMember } from "./pickMember.js";

const serving = (candidate: Partial<Candidate> = {}): Candidate => ({
  serving: true,
  busy: 0,
  concurrency: 4,
  head: 1_000,
  outUntil: 0,
  ...candidate,
});

describe("pickMember", () => {
  test("behavior: the least busy for what it can carry: an endpoint rate-limited down to 1 request takes a quarter of the work", () => {
    const fast = serving({ concurrency: 4 });
    const slow = serving({ concurrency: 1 });
    const busy = [0, 0];
    for (let n = 0; n < 10; n++) {
      const index = pickMember([
        { ...fast, busy: busy[0] ?? 0 },
        { ...slow, busy: busy[1] ?? 0 },
      ]) as number;
      busy[index] = (busy[index] ?? 0) + 1;
    }
    expect(busy).toEqual([8, 2]);
  });

  test("behavior: ties go to another endpoint than the last range's, then to the first configured", () => {
    const three = [serving(), serving(), serving()];
    expect(pickMember(three)).toBe(0);
    expect(pickMember(three, { avoid: 0 })).toBe(1);
    expect(pickMember(three, { avoid: 1 })).toBe(0);
  });

  test("behavior: endpoints left out, or tried already, are not chosen", () => {
    const candidates = [serving({ serving: false, outUntil: 9_000 }), serving({ busy: 20 }), serving()];
    expect(pickMember(candidates, { exclude: new Set([2]) })).toBe(1);
    expect(pickMember(candidates, { exclude: new Set([1, 2]) })).toBeUndefined();
  });

  test("behavior: none serving: none, or with evenIfOut the one back soonest", () => {
    const candidates = [
      serving({ serving: false, outUntil: 9_000 }),
      serving({ serving: false, outUntil: 4_000 }),
    ];
    expect(pickMember(candidates)).toBeUndefined();
    expect(pickMember(candidates, { evenIfOut: true })).toBe(1);
  });

  test("behavior: a range from a block goes to an endpoint that has it; when none has it, to any serving one", () => {
    const candidates = [serving({ head: 500 }), serving({ head: 1_000, busy: 3 })];
    expect(pickMember(candidates, { from: 800 })).toBe(1);
    expect(pickMember(candidates, { from: 400 })).toBe(0);
    expect(pickMember(candidates, { from: 2_000 })).toBe(0);
  });
});
