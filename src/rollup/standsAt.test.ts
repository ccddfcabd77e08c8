import { describe, expect, test } from "vitest";
import { standsAt } from "./standsAt.js";

const asOf = 1_790_000_000;
const bid = (createdAt: number, deletedAt = 0, deletionIndexed = deletedAt > 0) => ({
  createdAt,
  deletedAt,
  deletionIndexed,
});

describe("standsAt", () => {
  test("default: 0 < createdAt <= asOf, and deletedAt 0 or after asOf", () => {
    expect(standsAt(bid(asOf - 10), asOf, null)).toBe(true);
    // Posted at the as-of itself: standing then.
    expect(standsAt(bid(asOf), asOf, null)).toBe(true);
    expect(standsAt(bid(asOf + 1), asOf, null)).toBe(false);
    // createdAt 0: the empty record of a bid that does not exist.
    expect(standsAt(bid(0), asOf, null)).toBe(false);
    // Deleted at the as-of itself: no longer standing; a second later: still standing.
    expect(standsAt(bid(asOf - 10, asOf), asOf, null)).toBe(false);
    expect(standsAt(bid(asOf - 10, asOf + 1), asOf, null)).toBe(true);
    expect(standsAt(bid(asOf - 10, asOf - 1), asOf, null)).toBe(false);
  });

  test("behavior: a deletion whose log is not indexed happened after the last synced block (read at a later one)", () => {
    expect(standsAt(bid(asOf - 10, asOf - 5, false), asOf, null)).toBe(true);
    expect(standsAt(bid(asOf - 10, asOf - 5, false), asOf, asOf - 20)).toBe(true);
  });

  test("behavior: ...unless it came before the index's first block, whose time bounds it", () => {
    expect(standsAt(bid(asOf - 100, asOf - 50, false), asOf, asOf - 50)).toBe(false);
    expect(standsAt(bid(asOf - 100, asOf - 51, false), asOf, asOf - 50)).toBe(false);
    expect(standsAt(bid(asOf - 100, asOf - 49, false), asOf, asOf - 50)).toBe(true);
  });

  test("error: a deletion logged but read as standing (a state that never caught up) is taken as read", () => {
    expect(standsAt(bid(asOf - 10, 0, true), asOf, null)).toBe(true);
  });
});
