import { encodeFunctionData, type Hex } from "viem";
import { marketplaceAbi, multicall3Abi } from "../../../src/chain/abi.js";
import { deploylessAggregate3Code } from "../../../src/chain/deploylessAggregate3Code.js";
import { generateHistory } from "../../../src/devchain/generateHistory.js";
import { createFaultProxy } from "../../../tooling/faultProxy/createFaultProxy.js";
import { startVirtualChain } from "../../../tooling/virtualChain/startVirtualChain.js";
import { sessionIdOf } from "../../../tooling/virtualChain/virtualIds.js";
import { scenarioHeadTime } from "../../../tooling/virtualChain/virtualScenarios.js";
import type { VirtualChainSpec } from "../../../tooling/virtualChain/virtualSpec.js";
import { useDevChain } from "../../support/useDevChain.js";
import { useStarted } from "../../support/useStarted.js";

/** The eth_getLogs caps both capped sides impose: the virtual chain's limits, the fault proxy's. */
export const caps = { rangeCap: 10, resultCap: 20 } as const;

/** What the suite reads of one chain: where it answers, and ids of things it holds. */
export type Side = {
  name: string;
  url: string;
  contract: Hex;
  /** Closed sessions, bids, models, (model, provider) pairs of its history. */
  sessions: Hex[];
  bids: Hex[];
  models: Hex[];
  pairs: Array<[Hex, Hex]>;
};

const endTime = Date.UTC(2026, 2, 1, 7, 30, 0) / 1000;

/**
 * One small marketplace history on anvil (about 290 sessions over 10 days, Multicall3 deployed,
 * about 30 blocks: writeHistory packs each block), and the virtual chain's own plan of the same
 * size and density (denseSpec); each once plain and once behind the same eth_getLogs caps (anvil
 * through the fault proxy).
 */
export function useConformanceSides(): {
  anvil: Side;
  virtual: Side;
  cappedAnvil: Side;
  cappedVirtual: Side;
} {
  const history = generateHistory({ seed: 11, days: 10, sessionsPerDay: 30, endTime });
  const chain = useDevChain(history, { multicall: true });
  const proxy = useStarted(
    "the fault proxy",
    () => createFaultProxy(chain.rpcUrl, { logsBlockLimit: caps.rangeCap, logsCountLimit: caps.resultCap }),
    (p) => p.close(),
  );
  const spec = denseSpec();
  const virtual = useStarted(
    "the virtual chain",
    () => startVirtualChain(spec),
    (c) => c.close(),
  );
  const capped = useStarted(
    "the capped virtual chain",
    () => startVirtualChain(spec, { ...caps, wording: "quicknode" }),
    (c) => c.close(),
  );
  const anvilIds = () => ({
    contract: chain.contract,
    sessions: history.sessions.filter((s) => s.close).map((s) => s.sessionId),
    bids: history.bids.map((b) => b.bidId),
    models: history.models.map((m) => m.modelId),
    pairs: history.bids.map((b) => [b.modelId, b.provider] as [Hex, Hex]),
  });
  const virtualIds = () => {
    const { history: planned } = virtual.state;
    const sessions: Hex[] = [];
    for (let e = 0; e < planned.events.count; e++)
      if (planned.events.closing[e] === 1)
        sessions.push(sessionIdOf(spec.seed, planned.events.session[e] as number) as Hex);
    return {
      contract: spec.contract as Hex,
      sessions,
      bids: planned.bids.map((b) => b.bidId as Hex),
      models: planned.models.map((m) => m.modelId as Hex),
      pairs: planned.bids.map(
        (b) => [(planned.models[b.model] as { modelId: string }).modelId, b.provider] as [Hex, Hex],
      ),
    };
  };
  const side = (name: string, url: () => string, read: () => Omit<Side, "name" | "url">): Side => {
    let known: Omit<Side, "name" | "url"> | undefined;
    const ids = () => {
      known ??= read();
      return known;
    };
    return {
      name,
      get url() {
        return url();
      },
      get contract() {
        return ids().contract;
      },
      get sessions() {
        return ids().sessions;
      },
      get bids() {
        return ids().bids;
      },
      get models() {
        return ids().models;
      },
      get pairs() {
        return ids().pairs;
      },
    };
  };
  return {
    anvil: side("anvil", () => chain.rpcUrl, anvilIds),
    virtual: side("virtual chain", () => virtual.url, virtualIds),
    cappedAnvil: side("anvil behind the fault proxy", () => proxy.url, anvilIds),
    cappedVirtual: side("the capped virtual chain", () => capped.url, virtualIds),
  };
}

/** 300 sessions over 10 days in 40 blocks of 6 hours: tens of logs a block, as on the dev chain. */
function denseSpec(): VirtualChainSpec {
  const blockTime = 6 * 3600;
  const head = 40;
  return {
    chainId: 31337,
    contract: "0x5fbdb2315678afecb367f032d93f642f64180aa3",
    seed: 1,
    blockTime,
    head,
    headTime: scenarioHeadTime,
    creationBlock: 1,
    historyStart: scenarioHeadTime - (head - 1) * blockTime,
    historyEnd: scenarioHeadTime - 3600,
    sessions: 300,
  };
}

export type JsonRpcAnswer = {
  id?: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
};

/** POSTs `body` as it is (a string is sent raw). */
export async function post(url: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: response.status, json };
}

export async function rpc(side: Side, method: string, params: unknown[]): Promise<JsonRpcAnswer> {
  return (await post(side.url, { jsonrpc: "2.0", id: 1, method, params })).json as JsonRpcAnswer;
}

export const hex = (n: number) => `0x${n.toString(16)}`;

type ViewName = "getSession" | "getBid" | "getModel" | "getProviderModelStats";

/** `n` calls of one view, cycling through the side's ids. */
export function viewCalls(side: Side, view: ViewName, n: number): Array<{ to: Hex; data: Hex }> {
  return Array.from({ length: n }, (_, k) => {
    const at = <T>(list: T[]) => list[k % list.length] as T;
    const data =
      view === "getSession"
        ? encodeFunctionData({ abi: marketplaceAbi, functionName: view, args: [at(side.sessions)] })
        : view === "getBid"
          ? encodeFunctionData({ abi: marketplaceAbi, functionName: view, args: [at(side.bids)] })
          : view === "getModel"
            ? encodeFunctionData({ abi: marketplaceAbi, functionName: view, args: [at(side.models)] })
            : encodeFunctionData({ abi: marketplaceAbi, functionName: view, args: at(side.pairs) });
    return { to: side.contract, data };
  });
}

/** aggregate3's calldata for `calls` (allowFailure: true, as the reader sends them). */
export function aggregate3Data(calls: Array<{ to: Hex; data: Hex }>): Hex {
  return encodeFunctionData({
    abi: multicall3Abi,
    functionName: "aggregate3",
    args: [calls.map((call) => ({ target: call.to, allowFailure: true, callData: call.data }))],
  });
}

/** The deployless aggregate3's transaction: the creation code, then aggregate3's argument. */
export function deploylessData(calls: Array<{ to: Hex; data: Hex }>): Hex {
  return `${deploylessAggregate3Code}${aggregate3Data(calls).slice(10)}` as Hex;
}
