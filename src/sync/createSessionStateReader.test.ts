import type { Hex } from "viem";
import { describe, expect, test, vi } from "vitest";
import type { SessionLog } from "../chain/parseSessionLog.js";
import type { SessionRead, SessionState } from "../chain/readSessions.js";
import { createLogger } from "../log/createLogger.js";
import { createSessionStateReader } from "./createSessionStateReader.js";

const id = (n: number) => `0x${n.toString(16).padStart(64, "0")}` as Hex;
const log = (event: "opened" | "closed", session: number, blockNumber = 10): SessionLog => ({
  event,
  sessionId: id(session),
  provider: undefined,
  blockNumber,
  blockHash: id(blockNumber),
  logIndex: 0,
});
const logs = (...list: SessionLog[]) => new Map(list.map((l) => [l.sessionId, l]));
const none = new Map<string, SessionLog>();
const state = (more: Partial<SessionState> = {}): SessionState => ({
  bidId: id(0xb1),
  stake: 1n,
  closeoutReceipt: new Uint8Array(),
  closeoutType: 0n,
  openedAt: 1_000,
  endsAt: 4_600,
  closedAt: 2_000,
  ...more,
});

/**
 * getSession over the given answers, by session number: a list is answered in turn (the last
 * answer repeats); every call recorded, each answered when `release` is called (or at once).
 */
function fakeReadSessions(answers: Record<number, SessionRead | SessionRead[]>, options = { hold: false }) {
  const calls: string[][] = [];
  const held: Array<() => void> = [];
  const asked = new Map<string, number>();
  const answer = (sessionId: string): SessionRead | undefined => {
    const n = Number(BigInt(sessionId));
    const list = answers[n];
    if (!list) return undefined;
    if (!Array.isArray(list)) return list;
    const turn = asked.get(sessionId) ?? 0;
    asked.set(sessionId, turn + 1);
    return list[Math.min(turn, list.length - 1)];
  };
  const readSessions = (ids: readonly string[]) => {
    calls.push([...ids]);
    const reads = () =>
      new Map(
        ids.flatMap((sessionId) => {
          const read = answer(sessionId);
          return read ? [[sessionId, read] as const] : [];
        }),
      );
    if (!options.hold) return Promise.resolve(reads());
    return new Promise<Map<string, SessionRead>>((resolve) => held.push(() => resolve(reads())));
  };
  const release = () => {
    for (const resolve of held.splice(0)) resolve();
  };
  return { calls, readSessions, release };
}

const lines: string[] = [];
const logger = createLogger({ write: (line) => lines.push(line) });
const options = { logger, retry: { attempts: 3, delay: { baseMs: 1, growth: "exponential" as const } } };

describe("createSessionStateReader", () => {
  test("default: one read for every session a range names, a session opened and closed there once", async () => {
    const fake = fakeReadSessions({
      1: { ok: true, state: state() },
      2: { ok: true, state: state({ closedAt: 0 }) },
    });
    const reader = createSessionStateReader(fake.readSessions, options);
    const { states, anomalies } = await reader.read(
      logs(log("opened", 1), log("opened", 2)),
      logs(log("closed", 1)),
    );
    expect(fake.calls).toEqual([[id(1), id(2)]]);
    expect(states).toEqual(
      new Map([
        [id(1), { ok: true, state: state() }],
        [id(2), { ok: true, state: state({ closedAt: 0 }) }],
      ]),
    );
    expect(anomalies).toEqual([]);
  });

  test("behavior: a state read closed before its close's range is not read again there, and then dropped", async () => {
    const fake = fakeReadSessions({ 1: { ok: true, state: state() } });
    const reader = createSessionStateReader(fake.readSessions, options);
    await reader.read(logs(log("opened", 1, 10)), none);
    const { states } = await reader.read(none, logs(log("closed", 1, 30)));
    expect(states.get(id(1))).toEqual({ ok: true, state: state() });
    expect(fake.calls).toEqual([[id(1)]]);
    // Taken by the range of its close: a later range that names it reads it again.
    await reader.read(none, logs(log("closed", 1, 40)));
    expect(fake.calls).toEqual([[id(1)], [id(1)]]);
  });

  test("behavior: a state behind its log (not closed yet, or not opened yet) is read again", async () => {
    const fake = fakeReadSessions({
      1: [
        { ok: true, state: state({ closedAt: 0 }) },
        { ok: true, state: state() },
      ],
      2: [
        { ok: true, state: state({ openedAt: 0, closedAt: 0 }) },
        { ok: true, state: state({ closedAt: 0 }) },
      ],
      3: { ok: true, state: state() },
    });
    const reader = createSessionStateReader(fake.readSessions, options);
    const { states, anomalies } = await reader.read(
      logs(log("opened", 2), log("opened", 3)),
      logs(log("closed", 1), log("closed", 3)),
    );
    expect(fake.calls).toEqual([
      [id(2), id(3), id(1)],
      [id(2), id(1)],
    ]);
    expect(states.get(id(1))).toEqual({ ok: true, state: state() });
    expect(states.get(id(2))).toEqual({ ok: true, state: state({ closedAt: 0 }) });
    expect(anomalies).toEqual([]);
  });

  test("behavior: still behind after the attempts: inconsistent, unreadable, reported at its log's block", async () => {
    lines.length = 0;
    const fake = fakeReadSessions({ 1: { ok: true, state: state({ closedAt: 0 }) } });
    const reader = createSessionStateReader(fake.readSessions, options);
    const { states, anomalies } = await reader.read(logs(log("opened", 1, 10)), logs(log("closed", 1, 12)));
    expect(fake.calls).toEqual([[id(1)], [id(1)], [id(1)]]);
    expect(states.get(id(1))).toEqual({ ok: false, error: "state disagrees with log" });
    expect(anomalies).toEqual([{ kind: "inconsistent-session", key: id(1), blockNumber: 12 }]);
    expect(lines).toEqual([
      `warn: session state disagrees with its log; counted as unreadable session=${id(1)}\n`,
    ]);
  });

  test("behavior: by default four reads in all, waiting 500 ms, 1 s and 2 s between them (in fake time)", async () => {
    vi.useFakeTimers();
    try {
      const fake = fakeReadSessions({ 1: { ok: true, state: state({ closedAt: 0 }) } });
      const reader = createSessionStateReader(fake.readSessions, { logger });
      const done = reader.read(logs(log("opened", 1, 10)), logs(log("closed", 1, 12)));
      const readsAfter = async (ms: number) => {
        await vi.advanceTimersByTimeAsync(ms);
        return fake.calls.length;
      };
      expect(await readsAfter(0)).toBe(1);
      expect([await readsAfter(499), await readsAfter(1)]).toEqual([1, 2]);
      expect([await readsAfter(999), await readsAfter(1)]).toEqual([2, 3]);
      expect([await readsAfter(1999), await readsAfter(1)]).toEqual([3, 4]);
      expect((await done).anomalies).toEqual([{ kind: "inconsistent-session", key: id(1), blockNumber: 12 }]);
      // No wait after the last read.
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  test("behavior: ranges read together share a session's read, and leave no state behind", async () => {
    for (const order of ["open's range first", "close's range first"]) {
      const fake = fakeReadSessions({ 1: { ok: true, state: state() } }, { hold: true });
      const reader = createSessionStateReader(fake.readSessions, options);
      const opening = () => reader.read(logs(log("opened", 1, 10)), none);
      const closing = () => reader.read(none, logs(log("closed", 1, 30)));
      const both = order === "open's range first" ? [opening(), closing()] : [closing(), opening()];
      fake.release();
      const [first, second] = await Promise.all(both);
      expect({ order, calls: fake.calls }).toEqual({ order, calls: [[id(1)]] });
      expect([first?.states.get(id(1)), second?.states.get(id(1))]).toEqual([
        { ok: true, state: state() },
        { ok: true, state: state() },
      ]);
      // The close's range took the state: nothing is kept for a later range.
      const later = reader.read(none, logs(log("closed", 1, 40)));
      fake.release();
      await later;
      expect({ order, calls: fake.calls }).toEqual({ order, calls: [[id(1)], [id(1)]] });
    }
  });

  test("behavior: a failed read is passed on without asking again; no answer is a failed read", async () => {
    const fake = fakeReadSessions({ 1: { ok: false, error: "reverted" } });
    const reader = createSessionStateReader(fake.readSessions, options);
    const { states, anomalies } = await reader.read(none, logs(log("closed", 1), log("closed", 2)));
    expect(fake.calls).toEqual([[id(1), id(2)]]);
    expect(states).toEqual(
      new Map([
        [id(1), { ok: false, error: "reverted" }],
        [id(2), { ok: false, error: "no result" }],
      ]),
    );
    expect(anomalies).toEqual([]);
  });
});
