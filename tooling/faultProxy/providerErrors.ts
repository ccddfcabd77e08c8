import { hex } from "./rpcMessages.js";

/** Messages public providers answer rate-limited calls with. */
export const rateLimitErrors = [
  { code: 429, message: "Too Many Requests" },
  {
    code: 429,
    message:
      "Your app has exceeded its compute units per second capacity. If you have retries enabled, you can safely ignore this message.",
  },
  { code: -32005, message: "daily request count exceeded, request rate limited" },
  {
    code: -32007,
    message: "15/second request limit reached - reduce calls per second or upgrade your account",
  },
  { code: -32016, message: "over rate limit" },
];

/** eth_getLogs refusals of a range wider than `limit` blocks, as providers word them. */
export const blockLimitWordings: Array<
  (limit: number, from: number, to: number) => { code: number; message: string }
> = [
  (limit) => ({ code: -32000, message: `exceed maximum block range: ${limit}` }),
  () => ({ code: -32000, message: "block range is too large" }),
  (limit) => ({
    code: -32614,
    message: `eth_getLogs is limited to a ${limit.toLocaleString("en-US")} range`,
  }),
  (limit) => ({ code: -32000, message: `ranges over ${limit} blocks are not supported` }),
  () => ({ code: -32600, message: "Block range is too wide" }),
  (limit, from) => ({
    code: -32602,
    message: `Log response size exceeded. You can make eth_getLogs requests with up to a ${limit} block range and no limit on the response size, or you can request any block range with a cap of 10K logs in the response. Based on your parameters, this block range should work: [${hex(from)}, ${hex(from + limit - 1)}]`,
  }),
];

/** eth_getLogs refusals of a result larger than `limit` logs; `fits` is the last block that fits. */
export const countLimitWordings: Array<
  (limit: number, from: number, to: number, fits: number) => { code: number; message: string }
> = [
  (limit, from, _to, fits) => ({
    code: -32005,
    message: `query returned more than ${limit} results. Try with this block range [${hex(from)}, ${hex(fits)}].`,
  }),
  // Alchemy's suggestion is a guess: it may be refused again ("ranges that should work").
  (_limit, from, to) => ({
    code: -32602,
    message: `Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range and no limit on the response size, or you can request any block range with a cap of 10K logs in the response. Based on your parameters, this block range should work: [${hex(from)}, ${hex(from + Math.floor(((to - from) * 3) / 4))}]`,
  }),
  (limit, from, to) => ({
    code: -32602,
    message: `query exceeds max results ${limit}, retry with the range ${from}-${Math.floor((from + to) / 2)}`,
  }),
  () => ({ code: -32000, message: "backend response too large" }),
  () => ({ code: -32005, message: "too many logs in the response, please limit the query" }),
];

export const unhealthyError = { code: -32011, message: "no backend is currently healthy to serve traffic" };

export const html5xx: Array<{ status: number; text: string }> = [
  { status: 500, text: "Internal Server Error" },
  { status: 502, text: "Bad Gateway" },
  { status: 503, text: "Service Temporarily Unavailable" },
];

/** The page a load balancer sends with a 5xx status. */
export function htmlErrorPage(status: number, text: string): string {
  return `<html><head><title>${status} ${text}</title></head><body><center><h1>${status} ${text}</h1></center><hr><center>nginx</center></body></html>\n`;
}
