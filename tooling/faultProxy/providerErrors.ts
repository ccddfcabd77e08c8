import {
  type BatchAt,
  type KnownRefusal,
  knownRefusals,
  type RangeAt,
  type ResultAt,
  type ServedError,
} from "../endpoints/knownRefusals.js";

/**
 * The refusals the fault proxy answers with, in real clients' and providers' words: taken from
 * the catalog (tooling/endpoints/knownRefusals.ts), which says where each comes from. The proxy
 * speaks their words; where a source sends one with another HTTP status (QuickNode's 413, a
 * lone proxyd error's 4xx/5xx), it answers with 200 as inside a batch, but for the batch
 * refusal the catalog gives a status of its own (proxyd's 413).
 */
const templated = knownRefusals.flatMap((refusal) =>
  refusal.template ? [{ refusal, template: refusal.template }] : [],
);

/** eth_getLogs refusals of a range wider than `limit` blocks. */
export const blockLimitWordings: Array<(at: RangeAt) => ServedError> = templated.flatMap(({ template }) =>
  template.refuses === "blocks" ? [template.wording] : [],
);

/** eth_getLogs refusals of a result larger than `limit` logs; `fits` is the last block that fits. */
export const countLimitWordings: Array<(at: ResultAt) => ServedError> = templated.flatMap(({ template }) =>
  template.refuses === "logs" ? [template.wording] : [],
);

/** Refusals of a whole batch over `limit` calls, one error object for the batch (HTTP 200). */
export const batchWordings: Array<(at: BatchAt) => ServedError> = templated.flatMap(
  ({ refusal, template }) =>
    template.refuses === "batch" && refusal.httpStatus === undefined ? [template.wording] : [],
);

/** A batch refused with an HTTP status and an error object: proxyd's 413 for a body too large. */
export const batchStatusRefusal: { status: number; wording: (at: BatchAt) => ServedError } = only(
  templated.flatMap(({ refusal, template }) =>
    template.refuses === "batch" && refusal.httpStatus !== undefined
      ? [{ status: refusal.httpStatus, wording: template.wording }]
      : [],
  ),
  "a batch refused with an HTTP status",
);

/** Refusals of each call past a batch's cap. */
export const batchCallWordings: Array<(at: BatchAt) => ServedError> = templated.flatMap(({ template }) =>
  template.refuses === "batch-calls" ? [template.wording] : [],
);

/** Rate limits; the first, Infura's, its provider sends with HTTP 429. */
export const rateLimitErrors: ServedError[] = knownRefusals.flatMap((refusal) =>
  refusal.kind === "rate-limit" && refusal.error.code !== undefined ? [served(refusal)] : [],
);

/** proxyd's answer (the Base public endpoint's) when no backend serves a heavy eth_getLogs. */
export const unhealthyError: ServedError = served(
  only(
    knownRefusals.filter((refusal) => refusal.method === "eth_getLogs" && refusal.error.code === -32011),
    "proxyd's unhealthy backends for eth_getLogs",
  ),
);

function served(refusal: KnownRefusal): ServedError {
  const { code, message, data } = refusal.error;
  if (code === undefined) throw new Error(`${refusal.who}: ${refusal.refusal} has no code to serve`);
  return data === undefined ? { code, message } : { code, message, data };
}

function only<T>(found: T[], what: string): T {
  if (found.length !== 1)
    throw new Error(`the catalog holds ${found.length} entries for ${what}, expected 1`);
  return found[0] as T;
}

export const html5xx: Array<{ status: number; text: string }> = [
  { status: 500, text: "Internal Server Error" },
  { status: 502, text: "Bad Gateway" },
  { status: 503, text: "Service Temporarily Unavailable" },
];

/** The page a load balancer sends with a 5xx status. */
export function htmlErrorPage(status: number, text: string): string {
  return `<html><head><title>${status} ${text}</title></head><body><center><h1>${status} ${text}</h1></center><hr><center>nginx</center></body></html>\n`;
}
