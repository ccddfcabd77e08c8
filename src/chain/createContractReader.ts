import { encodeFunctionData, type Hex } from "viem";
import { TransientError } from "../errors/BaseError.js";
import { multicall3Abi } from "./abi.js";
import { AbiDecodeError, hexToBuffer } from "./abiReader.js";
import { decodeAggregate3 } from "./decodeAggregate3.js";
import { deploylessAggregate3Code } from "./deploylessAggregate3Code.js";
import type { RpcClient } from "./rpc/createRpcClient.js";
import { RpcResponseError } from "./rpc/RpcError.js";

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
  /** Calls per aggregate3. */
  multicallSize?: number;
};

/**
 * Batches view calls: through Multicall3's aggregate3 where the chain has it (hundreds of calls
 * in one eth_call); else through the same aggregation in a constructor that an eth_call runs
 * without deploying it; else (or when the endpoint cannot run that) as plain eth_calls that the
 * RPC client sends in JSON-RPC batches.
 */
export function createContractReader(options: ContractReaderOptions): ContractReader {
  const { client, multicall } = options;
  let mode: ReaderMode = multicall ? "multicall" : options.deployless ? "deployless" : "batch";
  const multicallSize = options.multicallSize ?? 200;

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

  const aggregate = async (calls: readonly ContractCall[], tag: string): Promise<CallResult[]> => {
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
    let returned: string;
    try {
      returned = await client.request<string>("eth_call", [transaction, tag]);
    } catch (error) {
      // Too much for one call (gas, response size): halve; one call alone goes direct.
      if (!(error instanceof RpcResponseError) || error.kind === "rate-limit") throw error;
      if (calls.length === 1) {
        const single = await callOne(calls[0] as ContractCall, tag);
        // One call refused through the constructor yet answered direct: the endpoint does not
        // run creation code in eth_call. Plain eth_calls from now on.
        if (deployless && mode === "deployless") mode = "batch";
        return [single];
      }
      if (mode === "batch") return Promise.all(calls.map((call) => callOne(call, tag)));
      const half = Math.ceil(calls.length / 2);
      const [left, right] = await Promise.all([
        aggregate(calls.slice(0, half), tag),
        aggregate(calls.slice(half), tag),
      ]);
      return left.concat(right);
    }
    const results = decoded(
      () => decodeAggregate3(hexToBuffer(returned)),
      `${deployless ? "a deployless aggregate3" : "aggregate3"} of ${calls.length} calls`,
      "Multicall3's (bool success, bytes returnData)[]",
    );
    if (results.length !== calls.length) {
      throw new TransientError(`aggregate3 returned ${results.length} results for ${calls.length} calls`);
    }
    return results.map((result) =>
      result.success ? { ok: true, data: result.returnData } : { ok: false, error: "execution reverted" },
    );
  };

  return {
    get mode() {
      return mode;
    },
    async read(calls, block) {
      const tag = block === undefined ? "latest" : `0x${block.toString(16)}`;
      if (mode === "batch") return Promise.all(calls.map((call) => callOne(call, tag)));
      const chunks: ContractCall[][] = [];
      for (let i = 0; i < calls.length; i += multicallSize) chunks.push(calls.slice(i, i + multicallSize));
      return (await Promise.all(chunks.map((chunk) => aggregate(chunk, tag)))).flat();
    },
  };
}

/** Whether the chain has code at the Multicall3 address. */
export async function hasCode(client: RpcClient, address: string): Promise<boolean> {
  const code = await client.request<string>("eth_getCode", [address, "latest"]);
  return typeof code === "string" && code.length > 2;
}
