/** What a provider imposes; every limit is off when absent. */
export type VirtualLimits = {
  /** eth_getLogs over more blocks than this is refused. */
  rangeCap?: number;
  /** eth_getLogs with more logs than this (over more than one block) is refused. */
  resultCap?: number;
  /** JSON-RPC calls per batch: a larger batch is refused as a whole. */
  batchCap?: number;
  /** Requests per second on average (a token bucket); past it, HTTP 429 with Retry-After. */
  requestsPerSecond?: number;
  /** The bucket's size: requests that may arrive at once. Default: one second's worth. */
  burst?: number;
  /** Count every call of a batch against the rate, as providers that meter calls do. Default: requests. */
  perCall?: boolean;
  /** Blocks of state kept below the head (a pruned, non-archive node): older eth_call and eth_getCode fail. */
  stateHistory?: number;
  /** Added to every answer. */
  latencyMs?: number;
  /** How refusals are worded: a provider's real messages. Default "quicknode". */
  wording?: "quicknode" | "alchemy" | "infura" | "geth" | "ankr";
};

/** A typical paid endpoint (the bench's limit set "paid"). */
export const paidEndpoint: VirtualLimits = {
  rangeCap: 10_000,
  resultCap: 10_000,
  batchCap: 100,
  requestsPerSecond: 25,
  latencyMs: 50,
  wording: "quicknode",
};

/**
 * A stand-in for a free public endpoint (the bench's limit set "public"): its limits are assumed,
 * stricter than most public endpoints document (2,000-block ranges, 10 calls a batch, 5 requests
 * a second, 200 ms), not measured: the machines this was built on reach no public endpoint.
 */
export const publicEndpoint: VirtualLimits = {
  rangeCap: 2_000,
  resultCap: 10_000,
  batchCap: 10,
  requestsPerSecond: 5,
  latencyMs: 200,
  wording: "infura",
};

const hex = (n: number) => `0x${n.toString(16)}`;

export type RpcErrorObject = { code: number; message: string; data?: string };

/** eth_getLogs refused for its block range, as the provider words it. */
export function rangeRefusal(limits: VirtualLimits, from: number, cap: number): RpcErrorObject {
  switch (limits.wording) {
    case "alchemy":
      return {
        code: -32602,
        message: `Log response size exceeded. You can make eth_getLogs requests with up to a ${cap} block range and no limit on the response size, or you can request any block range with a cap of 10K logs in the response. Based on your parameters, this block range should work: [${hex(from)}, ${hex(from + cap - 1)}]`,
      };
    case "infura":
    case "geth":
      return { code: -32000, message: `exceed maximum block range: ${cap}` };
    case "ankr":
      // No number: the client has to find the cap itself.
      return { code: -32600, message: "block range is too wide" };
    default:
      return { code: -32614, message: `eth_getLogs is limited to a ${cap.toLocaleString("en-US")} range` };
  }
}

/** eth_getLogs refused for the size of its result; `fits`: the last block whose logs fit the cap. */
export function resultRefusal(
  limits: VirtualLimits,
  from: number,
  fits: number,
  cap: number,
): RpcErrorObject {
  switch (limits.wording) {
    case "alchemy":
      return {
        code: -32602,
        message: `Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range and no limit on the response size, or you can request any block range with a cap of 10K logs in the response. Based on your parameters, this block range should work: [${hex(from)}, ${hex(fits)}]`,
      };
    case "geth":
    case "ankr":
      return { code: -32005, message: `query returned more than ${cap} results` };
    default:
      return {
        code: -32005,
        message: `query returned more than ${cap} results. Try with this block range [${hex(from)}, ${hex(fits)}].`,
      };
  }
}

/** A batch over the cap, refused as a whole. */
export function batchRefusal(cap: number): RpcErrorObject {
  return { code: -32600, message: `batch size too large, max ${cap}` };
}
