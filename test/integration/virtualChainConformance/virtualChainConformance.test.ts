import { describe, expect, test } from "vitest";
import { followedTopics, sessionClosedTopic, sessionOpenedTopic } from "../../../src/chain/abi.js";
import { multicall3Address } from "../../../src/chain/presets.js";
import { classifyRpcError, parseRangeHint } from "../../../src/chain/rpc/classifyRpcError.js";
import {
  caps,
  hex,
  type JsonRpcAnswer,
  post,
  rpc,
  type Side,
  useConformanceSides,
} from "./conformanceSides.js";
import { headerShape, kindOf, logShape } from "./normalise.js";

/**
 * The virtual chain held to a real node: the same requests to anvil (a dev chain with a small
 * history) and to the virtual chain (its own plan of the same size), the same answers required
 * for everything the indexer relies on. The histories differ (numbers, hashes, times), so each
 * answer is compared through a normalisation that keeps what the indexer reads of it:
 *
 * - block headers and tags (readHead, confirm, createLogFetcher): latest, safe, finalized and
 *   earliest name known blocks in order, a block past the head is null, hashes chain;
 * - eth_getLogs (createLogFetcher): the fields of a log and their forms, the order, blockHash and
 *   blockNumber agreeing with the headers, topic filters, a blockHash filter, empty and inverted
 *   ranges, a toBlock past the head; behind the same caps, the same classified refusal and a range
 *   hint (parseRangeHint) that holds;
 * - eth_getCode at a block before the contract and after (findCreationBlock, hasCode);
 * - eth_call (createContractReader): virtualChainCalls.test.ts;
 * - JSON-RPC batches (createBatchSender, postJsonRpc): ids kept, an error per failed member, the
 *   shape of an empty batch's, invalid JSON's and a non-object's error.
 */
const { anvil, virtual, cappedAnvil, cappedVirtual } = useConformanceSides();

/** `f` on anvil and on the virtual chain, at once: [anvil's, the virtual chain's]. */
const both = <T>(f: (side: Side) => Promise<T>, a: Side = anvil, v: Side = virtual) =>
  Promise.all([f(a), f(v)]);

const block = async (side: Side, tag: string) =>
  (await rpc(side, "eth_getBlockByNumber", [tag, false])).result as Record<string, string> | null;
const logs = async (side: Side, filter: Record<string, unknown>) => {
  const answer = await rpc(side, "eth_getLogs", [filter]);
  if (answer.error) throw new Error(`${side.name}: ${answer.error.message}`);
  return answer.result as Array<Record<string, unknown> & { topics: string[]; blockNumber: string }>;
};
const indexerFilter = (side: Side, from: number | string, to: number | string) => ({
  address: side.contract,
  topics: [followedTopics],
  fromBlock: typeof from === "number" ? hex(from) : from,
  toBlock: typeof to === "number" ? hex(to) : to,
});

describe("the virtual chain answers as anvil does", () => {
  test("block headers and tags", async () => {
    const [a, v] = await both(async (side) => {
      const head = Number((await rpc(side, "eth_blockNumber", [])).result);
      const tags: Record<string, unknown> = {};
      const numbers: Record<string, number> = {};
      for (const tag of ["latest", "safe", "finalized", "earliest"]) {
        const header = await block(side, tag);
        if (!header) throw new Error(`${side.name}: no ${tag} block`);
        numbers[tag] = Number(header.number);
        const again = await block(side, header.number as string);
        const byHash = (await rpc(side, "eth_getBlockByHash", [header.hash, false])).result as {
          number: string;
        };
        tags[tag] = {
          ...headerShape(header),
          sameByNumber: again?.hash === header.hash,
          byHash: byHash.number,
        };
      }
      const latest = (await block(side, hex(head))) as Record<string, string>;
      const parent = (await block(side, hex(head - 1))) as Record<string, string>;
      return {
        tags: Object.fromEntries(
          Object.entries(tags).map(([k, t]) => [k, { ...(t as object), byHash: undefined }]),
        ),
        byHashAgrees: Object.keys(tags).every(
          (k) => Number((tags[k] as { byHash: string }).byHash) === numbers[k],
        ),
        latestIsHead: numbers.latest === head,
        ordered:
          (numbers.earliest as number) <= (numbers.finalized as number) &&
          (numbers.finalized as number) <= (numbers.safe as number) &&
          (numbers.safe as number) <= head,
        earliest: numbers.earliest,
        pastHead: await block(side, hex(head + 1)),
        chained: latest.parentHash === parent.hash,
      };
    });
    expect(v).toEqual(a);
  });

  test("eth_getLogs: fields, order, headers, topic filters, blockHash, empty and inverted ranges", async () => {
    const [a, v] = await both(async (side) => {
      const all = await logs(side, indexerFilter(side, 0, "latest"));
      const sessionLogs = all.filter(
        (log) => log.topics[0] === sessionOpenedTopic || log.topics[0] === sessionClosedTopic,
      );
      const ascending = all.every((log, k) => {
        const prev = all[k - 1];
        if (!prev) return true;
        const d = Number(log.blockNumber) - Number(prev.blockNumber);
        return d > 0 || (d === 0 && Number(log.logIndex) > Number(prev.logIndex));
      });
      const blocks = [...new Set(sessionLogs.map((log) => log.blockNumber))].slice(0, 12);
      const headersAgree = (await Promise.all(blocks.map(async (n) => (await block(side, n))?.hash))).every(
        (hash, k) =>
          sessionLogs.filter((log) => log.blockNumber === blocks[k]).every((log) => log.blockHash === hash),
      );
      const closed = await logs(side, { ...indexerFilter(side, 0, "latest"), topics: [sessionClosedTopic] });
      const one = sessionLogs[0] as { topics: string[]; blockNumber: string; blockHash: string };
      const ofSession = await logs(side, {
        ...indexerFilter(side, 0, "latest"),
        topics: [followedTopics, null, one.topics[2]],
      });
      const byHash = await logs(side, {
        address: side.contract,
        topics: [followedTopics],
        blockHash: one.blockHash,
      });
      const byRange = await logs(side, indexerFilter(side, Number(one.blockNumber), Number(one.blockNumber)));
      const head = Number((await rpc(side, "eth_blockNumber", [])).result);
      const unknownHash = await rpc(side, "eth_getLogs", [{ blockHash: `0x${"ab".repeat(32)}` }]);
      return {
        shapes: [...new Set(sessionLogs.map((log) => JSON.stringify(logShape(log, side.contract))))],
        ascending,
        headersAgree,
        closedOnly:
          closed.length === sessionLogs.filter((log) => log.topics[0] === sessionClosedTopic).length &&
          closed.every((log) => log.topics[0] === sessionClosedTopic),
        ofSession: ofSession.map((log) => log.topics[0]),
        byHashIsTheBlock: byHash.length > 0 && JSON.stringify(byHash) === JSON.stringify(byRange),
        unknownHash: { code: unknownHash.error?.code, kind: kindOf("eth_getLogs", unknownHash) },
        genesis: await logs(side, indexerFilter(side, 0, 0)),
        inverted: await logs(side, indexerFilter(side, 5, 3)),
        pastHeadClamped: (await logs(side, indexerFilter(side, 0, head + 1000))).length === all.length,
        fromPastHead: await (async () => {
          const answer = await rpc(side, "eth_getLogs", [indexerFilter(side, head + 1, head + 2)]);
          return { result: answer.result, code: answer.error?.code, kind: kindOf("eth_getLogs", answer) };
        })(),
      };
    });
    expect(v).toEqual(a);
  });

  test("eth_getLogs behind the same caps: the same classified refusal, a range hint that holds", async () => {
    const capped = (side: Side, plain: Side) => async () => {
      // From the middle of the history on (its logs read uncapped): dense blocks on both chains.
      const all = await logs(plain, indexerFilter(plain, 0, "latest"));
      const middle = Number(all[Math.floor(all.length / 2)]?.blockNumber);
      const outcomes = [];
      for (let k = 0; k < 4; k++) {
        const from = middle + k;
        const wide = await rpc(side, "eth_getLogs", [indexerFilter(side, from, from + caps.rangeCap)]);
        const hint = parseRangeHint(wide.error?.message ?? "");
        const full = await rpc(side, "eth_getLogs", [indexerFilter(side, from, from + 4)]);
        const fits = parseRangeHint(full.error?.message ?? "").suggestedTo;
        const fitting = fits === undefined ? undefined : await logs(side, indexerFilter(side, from, fits));
        outcomes.push({
          wide: kindOf("eth_getLogs", wide),
          maxBlocksHolds: hint.maxBlocks === undefined || hint.maxBlocks === caps.rangeCap,
          suggestedHolds: hint.suggestedTo === undefined || hint.suggestedTo - from + 1 <= caps.rangeCap,
          full: kindOf("eth_getLogs", full),
          fitsHolds: fitting === undefined || fitting.length <= caps.resultCap || fits === from,
        });
      }
      return outcomes;
    };
    const [a, v] = await Promise.all([capped(cappedAnvil, anvil)(), capped(cappedVirtual, virtual)()]);
    expect(v).toEqual(a);
    expect(a.every((o) => o.wide === "range" && o.full === "range")).toBe(true);
  });

  test("eth_getCode before the contract, after it, and Multicall3's", async () => {
    const [a, v] = await both(async (side) => ({
      before: (await rpc(side, "eth_getCode", [side.contract, "0x0"])).result,
      after: String((await rpc(side, "eth_getCode", [side.contract, "latest"])).result).length > 2,
      multicall: String((await rpc(side, "eth_getCode", [multicall3Address, "latest"])).result).length > 2,
    }));
    expect(v).toEqual(a);
  });

  test("JSON-RPC batches: ids kept, an error per failed member; malformed requests' error shapes", async () => {
    const members = (side: Side) => [
      { jsonrpc: "2.0", id: 7, method: "eth_chainId", params: [] },
      { jsonrpc: "2.0", id: "x", method: "eth_noSuchMethod", params: [] },
      {
        jsonrpc: "2.0",
        id: 9,
        method: "eth_call",
        params: [{ to: side.contract, data: "0xdeadbeef" }, "latest"],
      },
      { jsonrpc: "2.0", id: 10, method: "eth_blockNumber", params: [] },
    ];
    const shape = ({ status, json }: { status: number; json: unknown }, methods: string[] = []) => {
      const answers = (Array.isArray(json) ? json : [json]) as JsonRpcAnswer[];
      return {
        status,
        array: Array.isArray(json),
        answers: answers.map((answer, k) => ({
          id: answer.id,
          result: "result" in answer,
          error: answer.error && {
            code: answer.error.code,
            kind: classifyRpcError(methods[k] ?? "", answer.error),
          },
        })),
      };
    };
    const [a, v] = await both(async (side) => ({
      batch: shape(
        await post(side.url, members(side)),
        members(side).map((m) => m.method),
      ),
      empty: shape(await post(side.url, [])),
      invalidJson: shape(await post(side.url, "{not json")),
      notAnObject: shape(await post(side.url, "5")),
      notObjects: shape(await post(side.url, [1, 2])),
    }));
    expect(v).toEqual(a);
  });
});
