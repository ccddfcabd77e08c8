import { encodeFunctionData, type Hex } from "viem";
import { TransientError } from "../errors/BaseError.js";
import { multicall3Abi } from "./abi.js";
import { AbiDecodeError, hexToBuffer } from "./abiReader.js";
import { type Aggregate3Result, decodeAggregate3 } from "./decodeAggregate3.js";
import { deploylessAggregate3Code } from "./deploylessAggregate3Code.js";
import type { RpcErrorKind } from "./rpc/classifyRpcError.js";
import type { RpcClient } from "./rpc/createRpcClient.js";
import { RpcResponseError } from "./rpc/RpcResponseError.js";

export type ContractCall = { to: string; data: Hex };
export type CallResult = { ok: true; data: Uint8Array } | { ok: false; error: string };

export type ContractReader = {
  /**
   * Runs view calls at the latest block, or at `block`; a revert is a result, anything else
   * throws.
   */
  read(calls: readonly ContractCall[], block?: number): Promise<CallResult[]>;
  /** How calls travel now: "deployless" turns to "batch" when the endpoint cannot run it. */
  readonly mode: ReaderMode;
  /**
   * The calls one aggregate3 takes at this endpoint, when it refused one as too much for a call
   * (its gas cap, the size of its answer) and a smaller one worked: worth remembering (store:
   * endpoint_limits). Undefined while none was refused.
   */
  readonly callCap: number | undefined;
  /** At most `cap` calls an aggregate3 from now on: a cap an earlier run learned of this endpoint. */
  assumeCallCap(cap: number): void;
};

/**
 * multicall: Multicall3's aggregate3 (hundreds of calls in one eth_call); deployless: the same
 * through an eth_call of a contract's creation code that runs them (no Multicall3 needed); batch:
 * plain eth_calls in JSON-RPC batches.
 */
export type ReaderMode = "multicall" | "deployless" | "batch";

export type ContractReaderOptions = {
  client: RpcClient;
  /** Multicall3 address, when the chain has one: many calls per eth_call. */
  multicall?: string | undefined;
  /** Without Multicall3: many calls per eth_call all the same, through a constructor (DeploylessAggregate3). */
  deployless?: boolean;
  /** Calls per aggregate3 at most (default 200); fewer where the endpoint refuses as many. */
  multicallSize?: number;
};

/** The selector of DeploylessAggregate3's Aggregate3Results(): revert data that holds the results. */
const resultsMarker = "0xbacf06d8";

/** An aggregate3 the node refused: too much for one call, or (kind "other") maybe not runnable here at all. */
type Refusal = { refused: RpcErrorKind };

/** Refusals of an aggregate3 that a retry of the same request may get past: not the reader's to handle. */
const notRefusals: readonly RpcErrorKind[] = [
  "rate-limit",
  "transient",
  "missing-state",
  "range",
  "batch-too-large",
];

/**
 * Batches view calls: through Multicall3's aggregate3 where the chain has it (hundreds of calls
 * in one eth_call); else through the same aggregation in a constructor that an eth_call runs
 * without deploying it (DeploylessAggregate3: its results come back as code when they fit
 * EIP-170's cap, else as revert data); else (or when the endpoint cannot run that) as plain
 * eth_calls that the RPC client sends in JSON-RPC batches.
 *
 * An aggregate3 the node refuses as too much for one call (its gas cap, the size of its answer) is
 * halved, never asked again as it was; the size that worked is the endpoint's cap from then on. A
 * call that failed without a reason inside an aggregate of several (a sub-call can run out of the
 * aggregate's gas) is asked again with the other such calls, in an aggregate of their own: only
 * then is its failure a result.
 */
export function createContractReader(options: ContractReaderOptions): ContractReader {
  const { client, multicall } = options;
  let mode: ReaderMode = multicall ? "multicall" : options.deployless ? "deployless" : "batch";
  const multicallSize = options.multicallSize ?? 200;
  let callCap: number | undefined;
  let deploylessWorked = false;
  const perCall = () => Math.min(multicallSize, callCap ?? multicallSize);

  /** Data the endpoint returned that does not decode is the endpoint's fault: worth a retry later. */
  const decoded = <T>(decode: () => T, what: string, expected: string): T => {
    try {
      return decode();
    } catch (error) {
      if (!(error instanceof AbiDecodeError)) throw error;
      throw new TransientError(`The RPC endpoint ${client.safeUrl} returned undecodable data for ${what}`, {
        details: `${error.message}. Expected ${expected}: retry later, or use another endpoint (--rpc-url).`,
        cause: error,
      });
    }
  };

  const callOne = async (call: ContractCall, tag: string): Promise<CallResult> => {
    try {
      const data = await client.request<string>("eth_call", [{ to: call.to, data: call.data }, tag]);
      return { ok: true, data: decoded(() => hexToBuffer(data), "eth_call", "0x-prefixed hex") };
    } catch (error) {
      if (error instanceof RpcResponseError && error.kind === "revert")
        return { ok: false, error: error.shortMessage };
      throw error;
    }
  };

  /** One eth_call of aggregate3 (to Multicall3, or deployless): its results, or the node's refusal. */
  const aggregateOnce = async (
    calls: readonly ContractCall[],
    tag: string,
  ): Promise<Aggregate3Result[] | Refusal> => {
    const data = encodeFunctionData({
      abi: multicall3Abi,
      functionName: "aggregate3",
      args: [calls.map((call) => ({ target: call.to as Hex, allowFailure: true, callData: call.data }))],
    });
    // Without Multicall3, the constructor takes aggregate3's argument (the data past its selector).
    const deployless = mode === "deployless";
    const transaction = deployless
      ? { data: `${deploylessAggregate3Code}${data.slice(10)}` }
      : { to: multicall, data };
    const what = `${deployless ? "a deployless aggregate3" : "aggregate3"} of ${calls.length} calls`;
    const decode = (hex: string) =>
      decoded(
        () => decodeAggregate3(hexToBuffer(hex)),
        what,
        "Multicall3's (bool success, bytes returnData)[]",
      );
    let results: Aggregate3Result[];
    try {
      results = decode(await client.request<string>("eth_call", [transaction, tag]));
    } catch (error) {
      if (!(error instanceof RpcResponseError)) throw error;
      // DeploylessAggregate3's results past EIP-170's cap: revert data.
      if (deployless && error.kind === "revert" && error.revertData?.startsWith(resultsMarker))
        results = decode(`0x${error.revertData.slice(resultsMarker.length)}`);
      // Too much for one call: the node's gas cap, EIP-170 (an endpoint that drops revert data),
      // the size of its answer (an aggregate3 of calls that may fail does not revert otherwise);
      // or, refused otherwise, an endpoint that may not run creation code in eth_call at all.
      else if (!notRefusals.includes(error.kind)) return { refused: error.kind };
      else throw error;
    }
    if (results.length !== calls.length) {
      throw new TransientError(`aggregate3 returned ${results.length} results for ${calls.length} calls`);
    }
    return results;
  };

  const aggregate = async (calls: readonly ContractCall[], tag: string): Promise<CallResult[]> => {
    if (mode === "batch") return Promise.all(calls.map((call) => callOne(call, tag)));
    const answer = await aggregateOnce(calls, tag);
    if (!Array.isArray(answer)) {
      // Refused for no reason of size, before any deployless call worked here: one call tells
      // whether the endpoint runs creation code at all (else plain eth_calls from then on).
      if (answer.refused === "other" && mode === "deployless" && !deploylessWorked && calls.length > 1) {
        const first = await aggregate(calls.slice(0, 1), tag);
        return first.concat(await aggregate(calls.slice(1), tag));
      }
      if (calls.length === 1) {
        const single = await callOne(calls[0] as ContractCall, tag);
        // One call refused through the constructor yet answered direct: the endpoint does not
        // run creation code in eth_call. Plain eth_calls from now on.
        if (mode === "deployless") mode = "batch";
        return [single];
      }
      const half = Math.ceil(calls.length / 2);
      callCap = Math.min(callCap ?? half, half);
      const [left, right] = await Promise.all([
        aggregate(calls.slice(0, half), tag),
        aggregate(calls.slice(half), tag),
      ]);
      return left.concat(right);
    }
    if (mode === "deployless") deploylessWorked = true;
    const results: CallResult[] = answer.map((result) =>
      result.success ? { ok: true, data: result.returnData } : { ok: false, error: "execution reverted" },
    );
    // A failure without revert data among several calls may be a sub-call that ran out of the
    // aggregate's gas: asked again, the failed calls alone, before it counts.
    const unexplained = answer.flatMap((result, i) =>
      !result.success && result.returnData.length === 0 && calls.length > 1 ? [i] : [],
    );
    if (unexplained.length > 0 && unexplained.length < calls.length) {
      const again = await aggregate(
        unexplained.map((i) => calls[i] as ContractCall),
        tag,
      );
      unexplained.forEach((i, k) => {
        results[i] = again[k] as CallResult;
      });
    }
    return results;
  };

  return {
    get mode() {
      return mode;
    },
    get callCap() {
      return callCap;
    },
    assumeCallCap(cap) {
      if (Number.isSafeInteger(cap) && cap >= 1) callCap = Math.min(callCap ?? cap, cap);
    },
    async read(calls, block) {
      const tag = block === undefined ? "latest" : `0x${block.toString(16)}`;
      if (mode === "batch") return Promise.all(calls.map((call) => callOne(call, tag)));
      const size = perCall();
      const chunks: ContractCall[][] = [];
      for (let i = 0; i < calls.length; i += size) chunks.push(calls.slice(i, i + size));
      return (await Promise.all(chunks.map((chunk) => aggregate(chunk, tag)))).flat();
    },
  };
}

/** Whether the chain has code at the Multicall3 address. */
export async function hasCode(client: RpcClient, address: string): Promise<boolean> {
  const code = await client.request<string>("eth_getCode", [address, "latest"]);
  return typeof code === "string" && code.length > 2;
}
