/** What a JSON-RPC error object means for the caller. */
export type RpcErrorKind =
  /** eth_getLogs refused the range or the size of its result: split the range. */
  | "range"
  /** The endpoint pushes back: wait and retry, more slowly. */
  | "rate-limit"
  /** The endpoint refused the size of a JSON-RPC batch: send smaller batches. */
  | "batch-too-large"
  /**
   * The node refused one call as more than it runs (creation code returning more than EIP-170's
   * 24,576 bytes, out of gas under the node's gas cap, a result too large to send, a call past the
   * node's time limit): ask less of one call. Never a reason to ask the same again.
   */
  | "call-too-large"
  /** The call reverted: a fact about the chain, not the endpoint. */
  | "revert"
  /** The endpoint does not serve the method: a misconfiguration that no retry fixes. */
  | "unsupported"
  /**
   * The node lacks the block or state asked for: not yet (a backend behind the others, retried by
   * default) or no longer (a node without history: final for a call that asks so).
   */
  | "missing-state"
  /** Worth retrying as is (backend unhealthy, internal error, timeout). */
  | "transient"
  /** Anything else: not retried. */
  | "other";

export type RangeHint = {
  /** The provider's suggested last block for a range that starts where ours did. */
  suggestedTo?: number;
  /** The largest range, in blocks, the provider says it accepts. */
  maxBlocks?: number;
};

// The wordings of real clients and providers, matched lowercased. Each one's source, and what it
// must be read as, is in tooling/endpoints/knownRefusals.ts; classifyRpcError.test.ts reads them all.
const rangePatterns = [
  /query returned more than [\d,]+ results/,
  /log response size exceeded/,
  /block range (is )?(too large|too wide|exceeded|limit)/,
  /block range (greater than|exceeds)/,
  /range (is )?too (large|wide|big)/,
  /\brange [\d,]+ (exceeds limit|is bigger than range limit)/,
  /exceed(s|ed)? (the )?max(imum)? (block |rpc )?range/,
  /max(imum)? block range/,
  /max(imum)? range: \d/,
  /limited to (a )?[\d,]+ (blocks? )?range/,
  /up to a [\d,]+ block range/,
  /ranges? over [\d,]+ blocks/,
  /too many (results|logs|blocks)/,
  /logs matched by query exceeds limit/,
  /(response|result) (size|set) (is )?(too large|exceeded|larger than)/,
  /response too large/,
  /max(imum)? results/,
  /query timeout exceeded/,
  /please (limit|reduce) the (query|range)/,
  /requested too many blocks/,
  /maximum allowed number of requested blocks/,
];
const rateLimitPatterns = [
  /rate.?limit/,
  /rate exceeded/,
  /too many requests/,
  /exceeded .*capacity/,
  /over capacity/,
  /request limit/,
  /throughput/,
  /credits/,
];
const batchPatterns = [
  /batch (size )?(is )?(too large|too big|limit|exceeded)/,
  /batch (request|response) was too large/,
  /exceed(s|ed)? (the )?max(imum)? batch/,
  /too many (rpc )?(requests|calls) in (a |the )?batch/,
  /batch of more than/,
  /maxbatchresponsebodysize/,
  // A request too large to read: smaller batches (the indexer's single calls are small).
  /request body too large/,
  /request is too big/,
];
// JSON-RPC's -32601 and EIP-1474's -32004, and their wordings: geth's "the method eth_x does not
// exist/is not available", "Method not found", "Unsupported method: eth_x", ...
const unsupportedCodes = [-32601, -32004];
const unsupportedPatterns = [
  /the method \S+ does not exist/,
  /method \S+ (is not available|is not supported|not found|not supported)/,
  /method (does not exist|not found|not supported|is not supported|not available)/,
  /unsupported method/,
];
// One answer too large to send: for eth_getLogs a range to split, for a call a call to halve.
const responseTooLargePatterns = [
  /response (size )?(is )?too (large|big)/,
  /response size (limit |exceeded|exceeds)/,
  /returndata\.limit/,
  /return ?data (is )?(too large|limit|exceed)/,
];
// The node refused one call as more than it runs: EIP-170, its gas cap, its time limit.
const callTooLargePatterns = [
  ...responseTooLargePatterns,
  /createcontractsizelimit/,
  /max code size exceeded/,
  /code size (limit )?exceeded/,
  /out ?of ?gas/,
  // revm's other ways to run out of gas: "EVM error MemoryOOG", "MemoryLimitOOG", "PrecompileOOG", ...
  /(memory|memorylimit|precompile|invalidoperand|reentrancysentry)oog/,
  /gas required exceeds/,
  /execution aborted \(timeout/,
];
const revertPatterns = [/revert/, /vm execution error/, /invalid opcode/];
// geth's "missing trie node", "header not found", "state histories haven't been fully indexed
// yet", "historical state 0x… is not available"; reth's "state at block #… is pruned"; ...
const missingStatePatterns = [
  /missing trie node/,
  /header not found/,
  /unknown block/,
  /block not found/,
  /state histor(y|ies)/,
  /\bstate\b.*\b(not available|unavailable|pruned)\b/,
  /\bpruned\b/,
];
const transientPatterns = [
  /no backend is currently healthy/,
  /timed? ?out/,
  /internal error/,
  /temporarily unavailable/,
  /try again/,
  /bad gateway/,
  /service unavailable/,
];

/**
 * The words of an error's data, where it has some: a string that is not hex, or the strings of an
 * object (a gateway that answers "invalid params" and gives the reason in `data.payload`).
 */
function dataWords(data: unknown): string {
  const words = (value: unknown) => (typeof value === "string" && !/^0x[0-9a-f]*$/i.test(value) ? value : "");
  if (data && typeof data === "object") return Object.values(data).map(words).filter(Boolean).join(" ");
  return words(data);
}

export function classifyRpcError(
  method: string,
  error: { code?: unknown; message?: unknown; data?: unknown },
): RpcErrorKind {
  const message = String(error.message ?? "").toLowerCase();
  const text = `${message} ${dataWords(error.data).toLowerCase()}`.trim();
  const code = typeof error.code === "number" ? error.code : undefined;
  const matches = (patterns: RegExp[]) => patterns.some((pattern) => pattern.test(text));
  if (matches(batchPatterns)) return "batch-too-large";
  // geth gives the calls of a batch past its response size cap this error (and only those).
  if (code === -32003 && message === "response too large") return "batch-too-large";
  if (code !== undefined && unsupportedCodes.includes(code)) return "unsupported";
  if (code !== 3 && !matches(revertPatterns) && matches(unsupportedPatterns)) return "unsupported";
  // A revert's reason is the contract's text, whatever it says ("out of gas" included).
  if (code === 3 || message.startsWith("execution reverted")) return "revert";
  if (method === "eth_getLogs") {
    if (matches(rangePatterns) || matches(responseTooLargePatterns)) return "range";
    // A heavy query is the usual reason a log backend gives up: retry it smaller.
    if (/no backend is currently healthy|timed? ?out|timeout/.test(text)) return "range";
  }
  if (matches(callTooLargePatterns)) return "call-too-large";
  if (code === 429 || matches(rateLimitPatterns)) return "rate-limit";
  if (matches(revertPatterns)) return "revert";
  if (code === -32005 && method !== "eth_getLogs") return "rate-limit";
  if (matches(missingStatePatterns)) return "missing-state";
  if (matches(transientPatterns) || code === -32603) return "transient";
  return "other";
}

/** Reads the range a provider suggests in its refusal, when it names one. */
export function parseRangeHint(message: string): RangeHint {
  const hint: RangeHint = {};
  const suggested = /\[\s*(0x[0-9a-f]+|\d+)\s*,\s*(0x[0-9a-f]+|\d+)\s*\]/i.exec(message);
  if (suggested?.[2]) hint.suggestedTo = Number(suggested[2]);
  // reth: "..., retry with the range 23879634-23879696".
  const retryRange = /retry with the range (\d+)-(\d+)/i.exec(message);
  if (retryRange?.[2]) hint.suggestedTo = Number(retryRange[2]);
  const limit =
    /max(?:imum)? (?:block )?range(?: is|:)?\s*([\d,]+)/i.exec(message) ??
    /limited to (?:a )?([\d,]+)/i.exec(message) ??
    /up to a ([\d,]+) block/i.exec(message) ??
    /ranges? over ([\d,]+) blocks/i.exec(message) ??
    /max(?:imum)? allowed number of requested blocks is ([\d,]+)/i.exec(message) ??
    /\brange [\d,]+ exceeds limit of ([\d,]+)/i.exec(message) ??
    /block range greater than ([\d,]+) max/i.exec(message) ??
    /at most ([\d,]+) blocks/i.exec(message) ??
    /narrow your filter: ([\d,]+)/i.exec(message);
  if (limit?.[1]) {
    const blocks = Number(limit[1].replaceAll(",", ""));
    if (Number.isSafeInteger(blocks) && blocks > 0) hint.maxBlocks = blocks;
  }
  return hint;
}
