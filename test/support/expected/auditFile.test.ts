import { zeroAddress } from "viem";
import { describe, expect, test } from "vitest";
import type { History } from "../../../src/devchain/history.js";
import { expectExact } from "./expectExact.js";
import { expectedPublication } from "./expectedPublication.js";
import { address, closedSession, history, id, utc } from "./historyFixtures.js";

const base = 8453;
const arbitrum = 42161;
const T = utc("2026-03-10T12:30:00Z");
const model = (label: string) => id(`model ${label}`);
const bid = (label: string) => id(`bid ${label}`);
const p1 = address("provider 1");
const p2 = address("provider 2");
const p3 = address("provider 3");
const zeroHash = `0x${"0".repeat(64)}`;

type Audit = {
  asOf: number;
  pairs: number;
  matching: number;
  complete: boolean;
  items: Array<{ chainId: number; modelId: string; provider: string; match: boolean }>;
  unavailable: number[];
  partial: number[];
};
const auditOf = (files: Record<string, unknown>) => files["audit.json"] as Audit;
const counts = (total: number, signed: number, duration: number) => ({
  contract: { totalCount: total, successCount: signed, totalDuration: duration },
});
const indexed = (closes: number, signed: number, duration: number) => ({
  index: { closes, signedCloses: signed, duration },
});
const byModelId = (a: { modelId: string }, b: { modelId: string }) => (a.modelId < b.modelId ? -1 : 1);

describe("auditFile", () => {
  test("behavior: a silent close: that pair mismatches, and only that pair", () => {
    const h = history({
      bids: [
        { bidId: bid("a"), provider: p1, modelId: model("a") },
        { bidId: bid("b"), provider: p2, modelId: model("b") },
        { bidId: bid("c"), provider: p3, modelId: model("c") },
      ],
      sessions: [
        closedSession("a1", bid("a"), T - 1000),
        closedSession("a2", bid("a"), T - 900, { closeoutType: 1 }),
        closedSession("a3", bid("a"), T - 800, { silent: true }),
        closedSession("b1", bid("b"), T - 700),
        closedSession("c1", bid("c"), T - 600, { silent: true }), // a pair with no indexed close: no item
      ],
      endTime: T,
    });
    const chains = [{ chainId: base, history: h, asOf: T }];
    const files = expectedPublication(chains);
    const items = [
      { modelId: model("a"), provider: p1, ...counts(3, 2, 1200), ...indexed(2, 1, 600), match: false },
      { modelId: model("b"), provider: p2, ...counts(1, 1, 600), ...indexed(1, 1, 600), match: true },
    ]
      .sort(byModelId)
      .map((item) => ({ chainId: base, ...item }));
    expectExact(auditOf(files), {
      asOf: T,
      pairs: 2,
      matching: 1,
      complete: false,
      items,
      unavailable: [],
      partial: [],
    });
    // The index never saw the silent closes: they are not closed sessions...
    expect(files["summary.json"]).toMatchObject({ all: { sessions: 3 } });
    expect(files["stuck-sessions.json"]).toEqual({ count: 0, sessions: [] });
    // ...and, indexed as opened and never closed, they are stuck once expired (endsAt T − 200 and T).
    const noGrace = expectedPublication(chains, { grace: 0 });
    expect((noGrace["stuck-sessions.json"] as { count: number }).count).toBe(2);
  });

  test("behavior: the contract counts the closes whose session or bid the index cannot read", () => {
    const h = history({
      bids: [
        { bidId: bid("a"), provider: p1, modelId: model("a") },
        { bidId: bid("b"), provider: p2, modelId: model("b") },
        { bidId: bid("hidden b"), provider: p2, modelId: model("b"), reverts: true },
        { bidId: bid("hidden c"), provider: p3, modelId: model("c"), reverts: true },
      ],
      sessions: [
        closedSession("a1", bid("a"), T - 1000),
        closedSession("gone", bid("a"), T - 900, {}, { reverts: true }),
        closedSession("b1", bid("b"), T - 800),
        closedSession("hidden b", bid("hidden b"), T - 700),
        closedSession("hidden c", bid("hidden c"), T - 600),
        closedSession("no bid", bid("missing"), T - 500), // the zero struct reads: a pair like any other
      ],
      endTime: T,
    });
    const audit = auditOf(expectedPublication([{ chainId: base, history: h, asOf: T }]));
    const items = [
      { modelId: model("a"), provider: p1, ...counts(2, 2, 1200), ...indexed(1, 1, 600), match: false },
      { modelId: model("b"), provider: p2, ...counts(2, 2, 1200), ...indexed(1, 1, 600), match: false },
    ].sort(byModelId);
    const zeroPair = {
      modelId: zeroHash,
      provider: zeroAddress,
      ...counts(1, 1, 600),
      ...indexed(1, 1, 600),
    };
    expect(audit.items).toEqual(
      [{ ...zeroPair, match: true }, ...items].map((i) => ({ chainId: base, ...i })),
    );
    expect([audit.pairs, audit.matching, audit.complete]).toEqual([3, 1, false]);
  });

  test("behavior: explicit indexed and contractClosed sets (a sync that stopped early)", () => {
    const h = history({
      bids: [{ bidId: bid("a"), provider: p1, modelId: model("a") }],
      sessions: [closedSession("a1", bid("a"), T - 1000), closedSession("a2", bid("a"), T + 500)],
      endTime: T + 500,
    });
    const ids = [id("a1"), id("a2")];
    const audit = auditOf(
      expectedPublication([
        {
          chainId: base,
          history: h,
          asOf: T,
          indexed: { opened: ids, closed: [id("a1")] },
          contractClosed: [id("a1")],
        },
      ]),
    );
    expect(audit.items).toEqual([
      {
        chainId: base,
        modelId: model("a"),
        provider: p1,
        ...counts(1, 1, 600),
        ...indexed(1, 1, 600),
        match: true,
      },
    ]);
  });

  test("behavior: unavailable and partial chains; items sorted by chainId whatever the configuration order", () => {
    const one = (provider: `0x${string}`): History =>
      history({
        bids: [{ bidId: bid("a"), provider, modelId: model("a") }],
        sessions: [closedSession("s", bid("a"), T - 100)],
        endTime: T,
      });
    const files = expectedPublication([
      { chainId: arbitrum, history: one(p2), asOf: T, partial: true },
      { chainId: 84532, history: one(p3), asOf: T, auditAvailable: false },
      { chainId: base, history: one(p1), asOf: T + 60 },
    ]);
    const audit = auditOf(files);
    expect(Object.keys(audit)).toEqual([
      "asOf",
      "pairs",
      "matching",
      "complete",
      "items",
      "unavailable",
      "partial",
    ]);
    expect(audit).toMatchObject({
      asOf: T,
      pairs: 2,
      matching: 2,
      complete: true,
      unavailable: [84532],
      partial: [arbitrum],
    });
    expect(audit.items.map((i) => [i.chainId, i.provider])).toEqual([
      [base, p1],
      [arbitrum, p2],
    ]);
    expect(Object.keys(audit.items[0] ?? {})).toEqual([
      "chainId",
      "modelId",
      "provider",
      "contract",
      "index",
      "match",
    ]);
    // The unavailable chain's sessions still count everywhere else.
    expect(files["summary.json"]).toMatchObject({ all: { sessions: 3, providers: 3 } });
    expect(files["chains/84532/summary.json"]).toMatchObject({ all: { sessions: 1 } });
  });
});
