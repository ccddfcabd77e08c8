import { encodeAbiParameters, type Hex, hexToBytes } from "viem";
import { describe, expect, test } from "vitest";
import { fakeReceipt } from "../../tooling/fakeChain/fakeChain.js";
import type { SessionLog } from "../chain/parseSessionLog.js";
import type { SessionRead, SessionState } from "../chain/readSessions.js";
import { buildRangeRows } from "./buildRangeRows.js";

const id = (n: number) => `0x${n.toString(16).padStart(64, "0")}` as Hex;
const provider = "0x00000000000000000000000000000000000000B0";
const log = (event: "opened" | "closed", session: number, blockNumber: number, logIndex = 0): SessionLog => ({
  event,
  sessionId: id(session),
  provider: event === "closed" ? provider : undefined,
  blockNumber,
  blockHash: id(blockNumber),
  logIndex,
});
const logs = (...list: SessionLog[]) => new Map(list.map((l) => [l.sessionId, l]));
const state = (session: number, more: Partial<SessionState> = {}): SessionState => ({
  bidId: id(0xb1),
  stake: 10n ** 18n,
  closeoutReceipt: fakeReceipt(id(session), {
    inputTokens: 1_000,
    outputTokens: 234,
    ttftMs: 734,
    tps: 41_237,
  }),
  closeoutType: 0n,
  openedAt: 1_000,
  endsAt: 4_600,
  closedAt: 2_000,
  ...more,
});
const reads = (entries: Array<[number, SessionRead]>) => new Map(entries.map(([n, read]) => [id(n), read]));

describe("buildRangeRows", () => {
  test("default: a session row per open and a close row per close, with what getSession said", () => {
    const rows = buildRangeRows(
      logs(log("opened", 1, 10, 2)),
      logs(log("closed", 1, 12, 0)),
      reads([[1, { ok: true, state: state(1) }]]),
    );
    expect(rows).toEqual({
      opens: [
        {
          sessionId: id(1),
          blockNumber: 10,
          logIndex: 2,
          state: { bidId: id(0xb1), stake: 10n ** 18n, openedAt: 1_000, endsAt: 4_600 },
        },
      ],
      closes: [
        {
          sessionId: id(1),
          blockNumber: 12,
          logIndex: 0,
          provider,
          state: {
            bidId: id(0xb1),
            openedAt: 1_000,
            endsAt: 4_600,
            closedAt: 2_000,
            closeoutType: 0n,
            receiptLength: 224,
            kind: "v2",
            tokens: 1_234,
            tokenCounted: true,
            ttftMs: 734,
            tps: 41_237,
          },
        },
      ],
      anomalies: [],
      malformed: [],
    });
  });

  test("behavior: a state that could not be read, or shows no close, leaves the row without state", () => {
    const rows = buildRangeRows(
      logs(log("opened", 1, 10), log("opened", 2, 10, 1)),
      logs(log("closed", 3, 11), log("closed", 4, 11, 1), log("closed", 5, 11, 2)),
      reads([
        [1, { ok: false, error: "reverted" }],
        [3, { ok: false, error: "state disagrees with log" }],
        [4, { ok: true, state: state(4, { closedAt: 0 }) }],
      ]),
    );
    expect(rows.opens.map((row) => row.state)).toEqual([undefined, undefined]);
    expect(rows.closes.map((row) => [row.sessionId, row.state])).toEqual([
      [id(3), undefined],
      [id(4), undefined],
      [id(5), undefined],
    ]);
    expect(rows.closes.map((row) => row.provider)).toEqual([provider, provider, provider]);
  });

  test("behavior: disputed, malformed and oversize receipts: classified, the odd ones reported", () => {
    const oversize = hexToBytes(
      encodeAbiParameters(
        ["bytes32", "uint256", "uint128", "uint32", "uint32", "uint256", "uint32"].map((type) => ({ type })),
        [id(3), 8453n, 1n, 5_000, 900, 2n ** 32n, 7],
      ),
    );
    const rows = buildRangeRows(
      new Map(),
      logs(log("closed", 1, 20), log("closed", 2, 21), log("closed", 3, 22)),
      reads([
        [1, { ok: true, state: state(1, { closeoutType: 1n }) }],
        [2, { ok: true, state: state(2, { closeoutReceipt: new Uint8Array(64) }) }],
        [3, { ok: true, state: state(3, { closeoutReceipt: oversize }) }],
      ]),
    );
    expect(
      rows.closes.map(
        (row) => row.state && [row.state.kind, row.state.tokens, row.state.ttftMs, row.state.tps],
      ),
    ).toEqual([
      ["disputed", 0, 0, 0],
      ["malformed", 0, 0, 0],
      ["v2", 0, 900, 5_000],
    ]);
    expect(rows.closes[1]?.state?.receiptLength).toBe(64);
    expect(rows.malformed).toEqual([
      { sessionId: id(2), reason: "receipt of 64 bytes, expected at least 160" },
    ]);
    expect(rows.anomalies).toEqual([{ kind: "oversize-token-counts", key: id(3), blockNumber: 22 }]);
  });
});
