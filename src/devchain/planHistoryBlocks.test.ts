import { describe, expect, test } from "vitest";
import { generateHistory } from "./generateHistory.js";
import { compareEvents, type Event, planBlocks, spanStart } from "./planHistoryBlocks.js";

const hour = 3600;
const day = 86_400;
const endTime = Date.UTC(2026, 8, 1, 12) / 1000;

/** The opens and closes of a generated history, as writeHistory orders them (bid events left out). */
function sessionEvents(): Event[] {
  const history = generateHistory({ seed: 5, days: 20, sessionsPerDay: 40, endTime });
  const events: Event[] = [];
  for (const session of history.sessions) {
    events.push({ kind: 1, time: session.openedAt, session });
    if (session.close) events.push({ kind: 2, time: session.close.closedAt, session });
  }
  return events.filter((event) => event.time < endTime).sort(compareEvents);
}

describe("planBlocks", () => {
  const events = sessionEvents();
  const plan = { span: 7 * day, endTime, headTime: 0, maxEventsPerTx: 2000, maxEventsPerBlock: 5000 };
  const since = endTime - 5 * day;

  test("behavior: spans never go back in time, and the fine ones start at `since`", () => {
    const fine = { since, span: hour };
    expect(spanStart(since - 1, { ...plan, fine })).toBeLessThan(since);
    expect(spanStart(since, { ...plan, fine })).toBe(since);
    expect(spanStart(since + hour + 5, { ...plan, fine })).toBe(since + hour);
    expect(spanStart(since + hour + 5, plan)).toBe(Math.floor((since + hour + 5) / (7 * day)) * 7 * day);
  });

  test("error: a `since` that is not a multiple of the fine span is refused (spans would go back in time)", () => {
    expect(() => planBlocks(events, { ...plan, fine: { since: since + 5, span: hour } })).toThrow(
      /not a multiple/,
    );
  });

  test("behavior: from `since` on, a block's events and its time lie in one hour; before it, spans of a week", () => {
    const times = (blocks: ReturnType<typeof planBlocks>) => blocks.map((block) => block.timestamp);
    const coarse = planBlocks(events, plan);
    const fine = planBlocks(events, { ...plan, fine: { since, span: hour } });
    // Every event is written, in order.
    const closed = (blocks: typeof fine) => blocks.flatMap((block) => block.closed);
    expect(closed(fine)).toEqual(closed(coarse));
    expect(closed(fine).length).toBe(events.filter((event) => event.kind === 2).length);
    // The coarse plan has a handful of blocks; the fine one a block for each hour with events after `since`.
    const eventHours = new Set(events.filter((e) => e.time >= since).map((e) => Math.floor(e.time / hour)));
    expect(coarse.length).toBeLessThan(10);
    expect(fine.length).toBeGreaterThanOrEqual(eventHours.size);
    // Each close after `since` is in a block of its own hour (the last block, at endTime, holds none of them).
    const closedAt = new Map(events.filter((e) => e.kind === 2).map((e) => [e.session.sessionId, e.time]));
    let checked = 0;
    for (const block of fine.slice(0, -1))
      for (const id of block.closed) {
        const time = closedAt.get(id) as number;
        if (time < since) continue;
        expect(Math.floor(block.timestamp / hour)).toBe(Math.floor(time / hour));
        checked++;
      }
    expect(checked).toBeGreaterThan(50);
    expect(times(fine)).toEqual([...times(fine)].sort((a, b) => a - b));
    expect(times(fine).at(-1)).toBe(endTime);
  });
});
