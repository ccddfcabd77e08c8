import { type Hex, toFunctionSelector } from "viem";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type ContractReader, createContractReader } from "../chain/createContractReader.js";
import { createRpcClient } from "../chain/rpc/createRpcClient.js";
import { deployMarketplace, multicall3Address } from "../devchain/deployMarketplace.js";
import type { History, HistorySession } from "../devchain/history.js";
import { signedClose } from "../devchain/signedClose.js";
import { type AnvilNode, startAnvil } from "../devchain/startAnvil.js";
import { writeHistory } from "../devchain/writeHistory.js";
import { silentLogger } from "../log/createLogger.js";
import { createSyncStore } from "../store/createSyncStore.js";
import { openStore } from "../store/openStore.js";
import { syncChain } from "./syncChain.js";

const endTime = Date.UTC(2026, 3, 1, 12) / 1000;
const day = 86_400;
const getSessionSelector = toFunctionSelector("getSession(bytes32)");

let node: AnvilNode;
let contract: string;
let history: History;

/** Sessions opened on day 1 and closed on day 2: with one-day blocks, their logs are a block apart. */
function sessions(bidId: Hex): HistorySession[] {
  return Array.from({ length: 6 }, (_, k) => {
    const sessionId = `0x${(k + 1).toString(16).padStart(64, "0")}` as Hex;
    const openedAt = endTime - 3 * day + 100 * k;
    const closedAt = endTime - 2 * day + 100 * k;
    return {
      sessionId,
      user: "0x00000000000000000000000000000000000000aa",
      bidId,
      stake: 10n ** 18n,
      openedAt,
      endsAt: openedAt + 2 * day,
      close: signedClose(sessionId, closedAt, 500),
    };
  });
}

beforeAll(async () => {
  node = await startAnvil({ timestamp: endTime - 5 * day });
  ({ contract } = await deployMarketplace(node.rpcUrl, { multicall: true }));
  const bidId = `0x${"b1".repeat(32)}` as Hex;
  const modelId = `0x${"a1".repeat(32)}` as Hex;
  history = {
    models: [{ modelId, name: "m" }],
    bids: [{ bidId, provider: "0x00000000000000000000000000000000000000bb", modelId }],
    sessions: sessions(bidId),
    endTime,
  };
  await writeHistory(node.rpcUrl, contract as Hex, history, { blockSpanSeconds: day });
});

afterAll(async () => {
  await node?.stop();
});

describe("syncChain", () => {
  test("behavior: a session whose close log comes ranges after its open is read once", async () => {
    const client = createRpcClient({ url: node.rpcUrl });
    const inner = createContractReader({ client, multicall: multicall3Address });
    let getSessionReads = 0;
    const reader: ContractReader = {
      mode: inner.mode,
      read(calls) {
        getSessionReads += calls.filter((call) => call.data.startsWith(getSessionSelector)).length;
        return inner.read(calls);
      },
    };
    const store = openStore(":memory:");
    const summary = await syncChain(createSyncStore(store), {
      client,
      reader,
      chainId: 31337,
      contract: contract.toLowerCase(),
      fromBlock: 0,
      fromBlockExplicit: true,
      toBlock: "latest",
      confirmations: 0,
      logger: silentLogger,
      // One block a range, one range at a time: the opens' range reads the sessions (already
      // closed at the head), the closes' range a block later takes their state from the run.
      initialRangeSize: 1,
      prefetch: 1,
    });
    expect(summary.sessionsOpened).toBe(6);
    expect(summary.sessionsClosed).toBe(6);
    expect(getSessionReads).toBe(6);
    const closed = store.sqlite
      .prepare("SELECT COUNT(*) AS n FROM closes WHERE kind = 'v1' AND ttft_ms = 500")
      .get();
    expect(closed).toEqual({ n: 6 });
    store.close();
  });
});
