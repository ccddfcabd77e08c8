import { sessionClosedTopic, sessionOpenedTopic } from "../../src/chain/abi.js";
import type { RawLog } from "../../src/chain/createLogFetcher.js";
import type { VirtualChainState } from "./createVirtualChainState.js";
import { sessionIdOf, txHashOf, userOf } from "./virtualIds.js";

/** The JSON-RPC objects of a virtual chain (blocks, transactions, logs), built on demand. */

const hex = (n: number) => `0x${n.toString(16)}`;
const pad = (address: string) => `0x${address.slice(2).padStart(64, "0")}`;
const emptyUnclesHash = "0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347";
const fullBloom = `0x${"f".repeat(512)}`;
const emptyBloom = `0x${"0".repeat(512)}`;

/** A log as eth_getLogs returns it, with its transaction index. */
export type RawLogObject = RawLog & { transactionIndex: string; removed: false };

/** The log of event `e` (one transaction per log). */
export function logObject(state: VirtualChainState, e: number): RawLogObject {
  const { events, sessions, bids } = state.history;
  const { seed, contract } = state.spec;
  const block = events.block[e] as number;
  const i = events.session[e] as number;
  const index = events.logIndex[e] as number;
  const bid = bids[sessions.bid[i] as number];
  return {
    address: contract.toLowerCase(),
    topics: [
      events.closing[e] === 1 ? sessionClosedTopic : sessionOpenedTopic,
      pad(userOf(seed, i)),
      sessionIdOf(seed, i),
      pad(bid?.provider ?? "0x0"),
    ],
    data: "0x",
    blockNumber: hex(block),
    blockHash: state.header(block).hash,
    transactionHash: txHashOf(seed, block, index),
    transactionIndex: hex(index),
    logIndex: hex(index),
    removed: false,
  };
}

/** A block as eth_getBlockByNumber returns it: transaction hashes, or whole transactions (`full`). */
export function blockObject(state: VirtualChainState, block: number, full: boolean): Record<string, unknown> {
  const header = state.header(block);
  const { first, end } = state.eventRange(block, block);
  const { seed, chainId, contract } = state.spec;
  const transactions: unknown[] = [];
  for (let e = first; e < end; e++) {
    const index = state.history.events.logIndex[e] as number;
    const hash = txHashOf(seed, block, index);
    if (!full) {
      transactions.push(hash);
      continue;
    }
    transactions.push({
      hash,
      blockHash: header.hash,
      blockNumber: hex(block),
      transactionIndex: hex(index),
      from: userOf(seed, state.history.events.session[e] as number),
      to: contract.toLowerCase(),
      input: state.history.events.closing[e] === 1 ? "0x9eb8f2d8" : "0x1f71e6b7",
      nonce: "0x0",
      value: "0x0",
      gas: "0x30d40",
      gasPrice: "0x3b9aca00",
      maxFeePerGas: "0x3b9aca00",
      maxPriorityFeePerGas: "0x0",
      type: "0x2",
      chainId: hex(chainId),
      accessList: [],
      v: "0x0",
      yParity: "0x0",
      r: `0x${hash.slice(4)}01`,
      s: `0x${hash.slice(6)}0203`,
    });
  }
  return {
    number: hex(block),
    hash: header.hash,
    parentHash: header.parentHash,
    timestamp: hex(header.timestamp),
    nonce: "0x0000000000000000",
    sha3Uncles: emptyUnclesHash,
    logsBloom: end > first ? fullBloom : emptyBloom,
    transactionsRoot: `0x${header.hash.slice(2, 50)}${"1".repeat(16)}`,
    stateRoot: `0x${header.hash.slice(2, 50)}${"2".repeat(16)}`,
    receiptsRoot: `0x${header.hash.slice(2, 50)}${"3".repeat(16)}`,
    miner: "0x4200000000000000000000000000000000000011",
    difficulty: "0x0",
    totalDifficulty: "0x0",
    extraData: "0x",
    mixHash: `0x${"0".repeat(64)}`,
    size: hex(600 + 200 * (end - first)),
    gasLimit: "0x1c9c380",
    gasUsed: hex(60_000 * (end - first)),
    baseFeePerGas: "0x3b9aca00",
    uncles: [],
    transactions,
  };
}

/** An eth_getLogs filter, understood: the block range and which logs of the contract it keeps. */
export type LogFilter = {
  from: number;
  to: number;
  /** False when the filter's address list leaves the contract out. */
  contract: boolean;
  opens: boolean;
  closes: boolean;
};

/** The indexes of the events an eth_getLogs filter selects, ascending. */
export function selectedEvents(state: VirtualChainState, filter: LogFilter): number[] {
  if (!filter.contract || (!filter.opens && !filter.closes)) return [];
  const { first, end } = state.eventRange(filter.from, filter.to);
  const closing = state.history.events.closing;
  const selected: number[] = [];
  for (let e = first; e < end; e++) {
    if (closing[e] === 1 ? filter.closes : filter.opens) selected.push(e);
  }
  return selected;
}
