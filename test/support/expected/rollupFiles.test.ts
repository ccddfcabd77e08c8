import { describe, expect, test } from "vitest";
import type { History } from "../../../src/devchain/history.js";
import { expectExact } from "./expectExact.js";
import { expectedPublication } from "./expectedPublication.js";
import { address, closedSession, history, id, openSession, utc } from "./historyFixtures.js";

const base = 8453;
const arbitrum = 42161;
const T = utc("2026-03-10T12:30:00Z");
const modelA = id("model a");
const bidA = id("bid a");
const p1 = address("provider 1");
const p2 = address("provider 2");

type Window = Record<string, unknown>;
const publish = (h: History) => expectedPublication([{ chainId: base, history: h, asOf: T }]);
const summaryOf = (files: Record<string, unknown>) => files["summary.json"] as Record<string, Window>;
const seriesOf = (files: Record<string, unknown>, path: string) =>
  (files[path] as { series: Array<Window & { ts: number }> }).series;
const oneBid = (sessions: History["sessions"]) =>
  history({ bids: [{ bidId: bidA, provider: p1, modelId: modelA }], sessions, endTime: T });

describe("rollupFiles", () => {
  test("behavior: stuck sessions on each chain, sorted by openedAt, sessionId, chainId", () => {
    const s1 = `0x${"0".repeat(63)}1` as const;
    const s2 = `0x${"0".repeat(63)}2` as const;
    const bidR = id("bid r");
    const withId = (sessionId: `0x${string}`, label: string, openedAt: number, endsAt: number) => ({
      ...openSession(label, bidA, openedAt, endsAt),
      sessionId,
    });
    const onBase = history({
      bids: [{ bidId: bidA, provider: p1, modelId: modelA }],
      sessions: [withId(s2, "x", T - 10_000, T - 5000), openSession("late", bidA, T - 10_000, T - 3599)],
      endTime: T,
    });
    const onArbitrum = history({
      bids: [
        { bidId: bidA, provider: p2, modelId: modelA },
        { bidId: bidR, provider: p2, modelId: modelA, reverts: true },
      ],
      sessions: [
        withId(s2, "y", T - 10_000, T - 5000),
        withId(s1, "z", T - 10_000, T - 5000),
        { ...openSession("r", bidR, T - 20_000, T - 3600) }, // exactly at the grace edge; no bid to read
      ],
      endTime: T,
    });
    const chains: Array<{ chainId: number; history: History; asOf: number }> = [
      { chainId: base, history: onBase, asOf: T },
      { chainId: arbitrum, history: onArbitrum, asOf: T },
    ];
    const files = expectedPublication(chains);
    const stuck = (chainId: number, sessionId: string, provider: string) => ({
      chainId,
      sessionId,
      openedAt: T - 10_000,
      endsAt: T - 5000,
      provider,
      modelId: modelA,
      stake: "7",
    });
    const r = { chainId: arbitrum, sessionId: id("r"), openedAt: T - 20_000, endsAt: T - 3600, stake: "7" };
    expectExact(files["stuck-sessions.json"], {
      count: 4,
      sessions: [r, stuck(arbitrum, s1, p2), stuck(base, s2, p1), stuck(arbitrum, s2, p2)],
    });
    expectExact(files[`chains/${base}/stuck-sessions.json`], { count: 1, sessions: [stuck(base, s2, p1)] });
    expectExact(files[`chains/${arbitrum}/stuck-sessions.json`], {
      count: 3,
      sessions: [r, stuck(arbitrum, s1, p2), stuck(arbitrum, s2, p2)],
    });
    const noGrace = expectedPublication(chains, { grace: 0 });
    expect((noGrace["stuck-sessions.json"] as { count: number }).count).toBe(5);
  });

  test("behavior: medians at window and bucket edges", () => {
    const files = publish(
      oneBid([
        closedSession("a", bidA, T - 86_400, { ttftMs: 100, tpsScaled1000: 1000 }), // out of 24h, in 7d
        closedSession("b", bidA, T - 86_400 + 1, { ttftMs: 900, tpsScaled1000: 9000 }),
        closedSession("c", bidA, T, { ttftMs: 300, tpsScaled1000: 3000 }), // exactly the as-of: in
        closedSession("d", bidA, utc("2026-03-10T12:00:00Z"), { ttftMs: 500, tpsScaled1000: 5000 }),
      ]),
    );
    const summary = summaryOf(files);
    // 24h: b, c, d → [0.3, 0.5, 0.9], rank 2; 7d: a too → [0.1, 0.3, 0.5, 0.9], rank 2.
    expect(summary["24h"]).toMatchObject({ sessions: 3, ttft: 0.5, tps: 5 });
    expect(summary["7d"]).toMatchObject({ sessions: 4, ttft: 0.3, tps: 3 });
    expect(summary.all).toMatchObject({ sessions: 4, ttft: 0.3, tps: 3 });
    // The tails (1.3): 24h's 90th percentile of ttft at rank ceil(27/10) = 3, its 10th of tps at
    // rank ceil(3/10) = 1; 7d's at ranks ceil(36/10) = 4 and ceil(4/10) = 1.
    expect(summary["24h"]).toMatchObject({ ttftP90: 0.9, tpsP10: 3 });
    expect(summary["7d"]).toMatchObject({ ttftP90: 0.9, tpsP10: 1 });
    const hourly = seriesOf(files, "rollup/hourly.json");
    expect(hourly).toHaveLength(25);
    // a (12:30:00) and b (12:30:01) of the 9th: [0.1, 0.9], rank 1; c and d: [0.3, 0.5], rank 1.
    expect(hourly[0]).toMatchObject({ ts: utc("2026-03-09T12:00:00Z"), sessions: 2, ttft: 0.1, tps: 1 });
    expect(hourly[24]).toMatchObject({ ts: utc("2026-03-10T12:00:00Z"), sessions: 2, ttft: 0.3, tps: 3 });
    expectExact(hourly[1], {
      ts: utc("2026-03-09T13:00:00Z"),
      tokens: 0,
      tokenSessions: 0,
      sessions: 0,
      seconds: 0,
      earned: "0",
      disputed: 0,
      providers: 0,
      models: 0,
    });
    expect(seriesOf(files, "rollup/daily.json").map((b) => [b.ts, b.ttft, b.tps])).toEqual([
      [utc("2026-03-09T00:00:00Z"), 0.1, 1],
      [utc("2026-03-10T00:00:00Z"), 0.3, 3],
    ]);
  });
});
