import { sessionClosedTopic, sessionOpenedTopic } from "../../src/chain/abi.js";
import type { VirtualChainState } from "./createVirtualChainState.js";
import { createVirtualCalls } from "./virtualCalls.js";
import { type RpcErrorObject, rangeRefusal, resultRefusal, type VirtualLimits } from "./virtualLimits.js";
import { blockObject, type LogFilter, logObject, selectedEvents } from "./virtualObjects.js";

export type RpcAnswer = { result: unknown } | { error: RpcErrorObject };

/** What the endpoint was asked, for the bench and the tests. */
export type VirtualRpcStats = {
  calls: Record<string, number>;
  /** eth_getLogs refused for their range, for their result's size. */
  rangeRefusals: number;
  resultRefusals: number;
  /** The highest block an answered eth_getLogs reached. */
  logsReached: number;
};

const hex = (n: number) => `0x${n.toString(16)}`;
const invalid = (message: string): RpcAnswer => ({ error: { code: -32602, message } });

/** One JSON-RPC call answered from a virtual chain's state, under the provider's limits. */
export function createVirtualRpc(
  state: VirtualChainState,
  limits: () => VirtualLimits,
  stats: VirtualRpcStats,
): (method: string, params: unknown[]) => RpcAnswer {
  const calls = createVirtualCalls(state);
  const { spec } = state;
  /** Blocks behind the head that a provider calls safe and finalized: 5 and 10 minutes' worth. */
  const depth = (seconds: number) => Math.ceil(seconds / spec.blockTime);

  /** A block tag or number; undefined: not a block this endpoint knows (past its head). */
  const blockOf = (tag: unknown): number | undefined => {
    const head = state.head();
    if (tag === undefined || tag === "latest" || tag === "pending") return head;
    if (tag === "safe") return Math.max(0, head - depth(300));
    if (tag === "finalized") return Math.max(0, head - depth(600));
    if (tag === "earliest") return 0;
    if (typeof tag === "object" && tag !== null && "blockHash" in tag)
      return state.blockOfHash(String((tag as { blockHash: unknown }).blockHash));
    const block = typeof tag === "string" && tag.startsWith("0x") ? Number.parseInt(tag, 16) : Number.NaN;
    if (!Number.isSafeInteger(block) || block < 0) return Number.NaN;
    return block <= head ? block : undefined;
  };

  const pruned = (block: number) => {
    const kept = limits().stateHistory;
    return kept !== undefined && block < state.head() - kept;
  };
  const missingState = (block: number) => ({
    code: -32000,
    message: `missing trie node ${state.header(block).hash.slice(2)} (path ) state ${hex(block)} is not available`,
  });

  const getLogs = (raw: Record<string, unknown>): RpcAnswer => {
    let from: number;
    let to: number;
    if (typeof raw.blockHash === "string") {
      const block = state.blockOfHash(raw.blockHash);
      if (block === undefined) return { error: { code: -32000, message: "unknown block" } };
      from = to = block;
    } else {
      from = blockOf(raw.fromBlock ?? "latest") ?? Number.NaN;
      // A toBlock past the head ends at the head (as geth does).
      to = blockOf(raw.toBlock ?? "latest") ?? state.head();
    }
    if (Number.isNaN(from) || Number.isNaN(to)) return invalid("invalid block range");
    if (from > to) return { result: [] };
    const { rangeCap, resultCap } = limits();
    if (rangeCap !== undefined && to - from + 1 > rangeCap) {
      stats.rangeRefusals++;
      return { error: rangeRefusal(limits(), from, rangeCap) };
    }
    const address = raw.address;
    const addresses = (Array.isArray(address) ? address : address === undefined ? [] : [address]).map((a) =>
      String(a).toLowerCase(),
    );
    const topics = Array.isArray(raw.topics) ? raw.topics : [];
    const matches = (topic: unknown, value: string) =>
      topic === null ||
      topic === undefined ||
      (Array.isArray(topic)
        ? topic.some((t) => String(t).toLowerCase() === value)
        : String(topic).toLowerCase() === value);
    const filter: LogFilter = {
      from,
      to,
      contract: addresses.length === 0 || addresses.includes(spec.contract.toLowerCase()),
      opens: matches(topics[0], sessionOpenedTopic),
      closes: matches(topics[0], sessionClosedTopic),
    };
    const selected = selectedEvents(state, filter);
    if (resultCap !== undefined && selected.length > resultCap && to > from) {
      stats.resultRefusals++;
      const first = state.history.events.block[selected[resultCap] as number] as number;
      return { error: resultRefusal(limits(), from, Math.max(from, first - 1), resultCap) };
    }
    let logs = selected.map((e) => logObject(state, e));
    if (topics.slice(1).some((topic) => topic !== null && topic !== undefined)) {
      logs = logs.filter((log) => topics.every((topic, k) => matches(topic, log.topics[k] ?? "")));
    }
    stats.logsReached = Math.max(stats.logsReached, to);
    return { result: logs };
  };

  return (method, params) => {
    stats.calls[method] = (stats.calls[method] ?? 0) + 1;
    switch (method) {
      case "eth_chainId":
        return { result: hex(spec.chainId) };
      case "net_version":
        return { result: String(spec.chainId) };
      case "web3_clientVersion":
        return { result: "mor-throughput-virtual-chain/1" };
      case "eth_blockNumber":
        return { result: hex(state.head()) };
      case "eth_getBlockByNumber":
      case "eth_getBlockByHash": {
        const block =
          method === "eth_getBlockByHash" ? state.blockOfHash(String(params[0])) : blockOf(params[0]);
        if (Number.isNaN(block)) return invalid("invalid block number");
        return { result: block === undefined ? null : blockObject(state, block, params[1] === true) };
      }
      case "eth_getLogs":
        return getLogs((params[0] ?? {}) as Record<string, unknown>);
      case "eth_getCode": {
        const block = blockOf(params[1]);
        if (block === undefined || Number.isNaN(block))
          return { error: { code: -32000, message: "header not found" } };
        if (pruned(block)) return { error: missingState(block) };
        return { result: calls.code(String(params[0]), block) };
      }
      case "eth_call": {
        const block = blockOf(params[1]);
        if (block === undefined || Number.isNaN(block))
          return { error: { code: -32000, message: "header not found" } };
        if (pruned(block)) return { error: missingState(block) };
        const { to, data, input } = (params[0] ?? {}) as { to?: string; data?: string; input?: string };
        const outcome = calls.call(String(to ?? ""), String(data ?? input ?? "0x"), block);
        if (outcome.ok) return { result: outcome.data };
        if ("refused" in outcome) return { error: outcome.refused };
        // As anvil: code 3, the revert's data, and its selector named in the message.
        const selector = outcome.revert.slice(0, 10);
        return {
          error: { code: 3, message: `execution reverted: custom error ${selector}`, data: outcome.revert },
        };
      }
      default:
        return { error: { code: -32601, message: `the method ${method} does not exist/is not available` } };
    }
  };
}
