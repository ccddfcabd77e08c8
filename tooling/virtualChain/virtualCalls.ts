import { deploylessAggregate3Code } from "../../src/chain/deploylessAggregate3Code.js";
import { multicall3Address } from "../../src/chain/presets.js";
import type { VirtualChainState } from "./createVirtualChainState.js";
import {
  decodeAggregate3Calls,
  encodeAggregate3Results,
  encodeBid,
  encodeModel,
  encodeSession,
  encodeStats,
  selectors,
  uintWord,
} from "./virtualAbi.js";
import { aggregate3Gas, pastGasCap } from "./virtualGas.js";
import { sessionIdOf, sessionIndexOf, userOf } from "./virtualIds.js";
import type { RpcErrorObject } from "./virtualLimits.js";

/**
 * What an eth_call returns: data; a revert with its data; or the node's refusal to run it (out
 * of gas under the node's gas cap, creation code past EIP-3860's cap), as anvil words them.
 */
export type CallOutcome =
  | { ok: true; data: string }
  | { ok: false; revert: string }
  | { ok: false; refused: RpcErrorObject };

/** EIP-170: the most code a constructor may return; EIP-3860: the most creation code a call may run. */
const maxCodeSize = 24_576;
const maxInitcodeSize = 2 * maxCodeSize;
/** DeploylessAggregate3's Aggregate3Results() selector: revert data that holds the results. */
const resultsMarker = "bacf06d8";
/** The Diamond's FunctionNotFound(bytes4) selector: what the marketplace reverts with for an unknown function. */
const functionNotFound = "5416eb98";
const outOfGas: RpcErrorObject = { code: -32603, message: "EVM error OutOfGas" };
const initcodeTooLarge: RpcErrorObject = { code: -32003, message: "max initcode size exceeded" };

/** Runtime code shown by eth_getCode: anything non-empty. */
const someCode = "0x6080604052348015600f57600080fd5b50600436106100365760003560e01c";

export type VirtualCalls = {
  /** eth_call of `data` to `to` at `block`. */
  call(to: string, data: string, block: number): CallOutcome;
  /** eth_getCode: the marketplace from its creation block on, Multicall3 always (unless the spec has none). */
  code(address: string, block: number): string;
};

/**
 * The marketplace's view functions and Multicall3's aggregate3 (also through DeploylessAggregate3's
 * creation code), answered from the history.
 */
export function createVirtualCalls(state: VirtualChainState): VirtualCalls {
  const { spec, history } = state;
  const { sessions, bids, models, clock } = history;
  const contract = spec.contract.toLowerCase();
  // A chain without Multicall3 has nothing at its address: no code, empty answers.
  const multicall = spec.multicall === false ? undefined : multicall3Address.toLowerCase();
  const deploylessCode = deploylessAggregate3Code.toLowerCase();
  const bidIndex = new Map(bids.map((bid, k) => [bid.bidId, k]));
  const modelIndex = new Map(models.map((model, k) => [model.modelId, k]));
  const modelData = models.map((model) => encodeModel(model));
  const unknownModel = encodeModel(undefined);

  const receiptOf = (i: number, closedAt: number): string => {
    let receipt = `${sessionIdOf(spec.seed, i).slice(2)}${uintWord(spec.chainId)}${uintWord(closedAt * 1000 - 4000)}`;
    receipt += `${uintWord(sessions.tps[i] as number)}${uintWord(sessions.ttftMs[i] as number)}`;
    if (sessions.v2[i] === 1)
      receipt += `${uintWord(sessions.inputTokens[i] as number)}${uintWord(sessions.outputTokens[i] as number)}`;
    return receipt;
  };

  const getSession = (id: string, block: number): string => {
    const i = sessionIndexOf(spec.seed, id);
    if (i === undefined || i >= sessions.count || (sessions.openBlock[i] as number) > block)
      return encodeSession(undefined);
    const closeBlock = sessions.closeBlock[i] as number;
    const closed = closeBlock >= 0 && closeBlock <= block;
    const closedAt = closed ? clock.timestamp(closeBlock) : 0;
    return encodeSession({
      user: userOf(spec.seed, i),
      bidId: bids[sessions.bid[i] as number]?.bidId ?? "0x0",
      stake: BigInt(sessions.stake[i] as number) * 10n ** 15n,
      receipt: closed ? receiptOf(i, closedAt) : "",
      closeoutType: closed ? (sessions.closeoutType[i] as number) : 0,
      openedAt: clock.timestamp(sessions.openBlock[i] as number),
      endsAt: sessions.endsAt[i] as number,
      closedAt,
      isActive: !closed,
    });
  };

  const contractCall = (data: string, block: number): CallOutcome => {
    const selector = data.slice(0, 10).toLowerCase();
    const arg = (k: number) => `0x${data.slice(10 + 64 * k, 74 + 64 * k).toLowerCase()}`;
    if (selector === selectors.getSession) return { ok: true, data: getSession(arg(0), block) };
    if (selector === selectors.getBid) {
      const bid = bids[bidIndex.get(arg(0)) ?? -1];
      return {
        ok: true,
        data: encodeBid(
          bid && {
            ...bid,
            modelId: (models[bid.model] as (typeof models)[number]).modelId,
            createdAt: clock.timestamp(spec.creationBlock),
          },
        ),
      };
    }
    if (selector === selectors.getModel) {
      const k = modelIndex.get(arg(0));
      return { ok: true, data: k === undefined ? unknownModel : (modelData[k] as string) };
    }
    if (selector === selectors.getProviderModelStats) {
      const k = modelIndex.get(arg(0));
      const provider = `0x${arg(1).slice(26)}`;
      const counters = k === undefined ? undefined : state.pairCounters(k, provider, block);
      const signed = counters?.successCount ?? 0;
      return {
        ok: true,
        data: encodeStats({
          tpsMean: signed > 0 ? Math.floor((counters?.tpsSum ?? 0) / signed) : 0,
          ttftMean: signed > 0 ? Math.floor((counters?.ttftSum ?? 0) / signed) : 0,
          totalDuration: counters?.totalDuration ?? 0,
          successCount: signed,
          totalCount: counters?.totalCount ?? 0,
        }),
      };
    }
    return { ok: false, revert: `0x${functionNotFound}${data.slice(2, 10).padEnd(64, "0")}` };
  };

  /**
   * Multicall3's aggregate3, or (`deployless`) DeploylessAggregate3's constructor: results that
   * fit EIP-170 as data, larger ones as revert data behind its marker; refused past the node's gas
   * cap (virtualGas.ts) and, deployless, past EIP-3860's cap on creation code.
   */
  const aggregate3 = (
    argument: string,
    block: number,
    dataBytes: number,
    deployless: boolean,
  ): CallOutcome => {
    if (deployless && dataBytes > maxInitcodeSize) return { ok: false, refused: initcodeTooLarge };
    // decodeAggregate3Calls reads past a selector: any four bytes do.
    const inner = decodeAggregate3Calls(`0x00000000${argument}`);
    const results = inner.map((one) => {
      const outcome = call(one.target, one.callData, block);
      if (outcome.ok) return { success: true, data: outcome.data };
      return { success: false, data: "revert" in outcome ? outcome.revert : "0x" };
    });
    const encoded = encodeAggregate3Results(results);
    const resultBytes = (encoded.length - 2) / 2;
    const asCode = deployless && resultBytes <= maxCodeSize;
    const selectorsOf = inner.map((one) => one.callData.slice(0, 10).toLowerCase());
    if (pastGasCap(aggregate3Gas(selectorsOf, resultBytes, { dataBytes, deployless, asCode })))
      return { ok: false, refused: outOfGas };
    if (deployless && !asCode) return { ok: false, revert: `0x${resultsMarker}${encoded.slice(2)}` };
    return { ok: true, data: encoded };
  };

  const call = (to: string, data: string, block: number): CallOutcome => {
    const target = to.toLowerCase();
    // No `to`: a contract's creation code run in the call; the one the indexer sends is
    // DeploylessAggregate3 (aggregate3 in its constructor). Any EVM chain runs it.
    if (target === "" && data.toLowerCase().startsWith(deploylessCode))
      return aggregate3(data.slice(deploylessCode.length), block, (data.length - 2) / 2, true);
    if (target === contract)
      return block >= spec.creationBlock ? contractCall(data, block) : { ok: true, data: "0x" };
    if (target === multicall && data.slice(0, 10).toLowerCase() === selectors.aggregate3)
      return aggregate3(data.slice(10), block, (data.length - 2) / 2, false);
    return { ok: true, data: "0x" };
  };

  return {
    call,
    code(address, block) {
      const target = address.toLowerCase();
      if (target === multicall) return someCode;
      return target === contract && block >= spec.creationBlock ? someCode : "0x";
    },
  };
}
