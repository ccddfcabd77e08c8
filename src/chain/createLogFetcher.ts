import { TransientError } from "../errors/BaseError.js";
import { type Logger, silentLogger } from "../log/createLogger.js";
import { withRetry } from "../util/withRetry.js";
import { followedTopics } from "./abi.js";
import { type BlockHeader, parseBlockHeader, type RawBlock } from "./getBlockHeader.js";
import {
  initialSizing,
  rangeSizeDefaults,
  sizeAfterLogs,
  sizeAfterRefusal,
  splitRange,
} from "./nextRangeSize.js";
import { type RetryPolicy, retryPolicies } from "./retryPolicies.js";
import type { RpcClient } from "./rpc/createRpcClient.js";
import { RpcResponseError } from "./rpc/RpcResponseError.js";

/** A log as eth_getLogs returns it (hex quantities). */
export type RawLog = {
  address: string;
  topics: string[];
  data: string;
  blockNumber: string;
  blockHash: string;
  transactionHash: string;
  logIndex: string;
  removed?: boolean;
  /** The block's time: some endpoints add it (not part of the standard log object). */
  blockTimestamp?: string;
};

/**
 * The logs of a block range, with the headers of its last block and of the block before it
 * (undefined before block 0) from the same answer: what the range ends on and builds on.
 */
export type LogRange = { logs: RawLog[]; end: BlockHeader; parent: BlockHeader | undefined };

export type LogFetcher = {
  /** Every log of the contract in [from, to] with one of the fetcher's topic0s, splitting as needed. */
  fetch(from: number, to: number): Promise<LogRange>;
  /** The range size to ask for next: shrinks on refusals, grows when ranges come back light. */
  readonly rangeSize: number;
};

export type LogFetcherOptions = {
  client: RpcClient;
  contract: string;
  /** The events asked for (topic0s), in one filter: default abi.ts's followedTopics. */
  topics?: readonly string[];
  initialRangeSize?: number;
  maxRangeSize?: number;
  /** Fewer logs than this in a range: the next range may be twice as large. */
  lightResult?: number;
  /** More logs than this: the next range is halved, to keep responses small. */
  heavyResult?: number;
  /** Attempts for a single block whose logs the endpoint refuses to serve. Default: the client's retries + 1. */
  singleBlockAttempts?: number;
  /** Asking a lagging endpoint again for a range's end block: default retryPolicies.laggingRange. */
  lagRetry?: RetryPolicy;
  logger?: Logger;
};

export function createLogFetcher(options: LogFetcherOptions): LogFetcher {
  const { client } = options;
  const sizes = {
    ...rangeSizeDefaults,
    ...(options.maxRangeSize !== undefined ? { maxRangeSize: options.maxRangeSize } : {}),
    ...(options.lightResult !== undefined ? { lightResult: options.lightResult } : {}),
    ...(options.heavyResult !== undefined ? { heavyResult: options.heavyResult } : {}),
  };
  const singleBlockAttempts = options.singleBlockAttempts ?? client.retries + 1;
  const lagRetry = options.lagRetry ?? retryPolicies.laggingRange;
  const logger = options.logger ?? silentLogger;
  const topics = [...(options.topics ?? followedTopics)];
  // Start with one block and grow while ranges come back light (nextRangeSize.ts): a dense chain
  // never answers with one enormous response, and a sparse one reaches large ranges after a few
  // requests.
  let sizing = initialSizing(options.initialRangeSize ?? 1, sizes);

  /**
   * The logs of [from, to], block `to` and block `from - 1`, asked of one backend in one request.
   * A backend behind a load balancer that has not reached `to` yet answers null for the block and
   * may have cut the logs at its own head without a word (geth does): such an answer is asked for
   * again.
   */
  const request = async (from: number, to: number): Promise<LogRange> => {
    const toBlock = `0x${to.toString(16)}`;
    const parentCall = { method: "eth_getBlockByNumber", params: [`0x${(from - 1).toString(16)}`, false] };
    const ask = async (): Promise<LogRange | null> => {
      const [logs, block, parentBlock] = await client.requestTogether<[RawLog[], RawBlock, RawBlock?]>([
        {
          method: "eth_getLogs",
          params: [
            {
              address: options.contract,
              topics: [topics],
              fromBlock: `0x${from.toString(16)}`,
              toBlock,
            },
          ],
        },
        { method: "eth_getBlockByNumber", params: [toBlock, false] },
        ...(from > 0 ? [parentCall] : []),
      ]);
      if (!Array.isArray(logs))
        throw new TransientError(`eth_getLogs returned ${typeof logs}, expected an array`);
      const end = parseBlockHeader(block);
      const parent = from > 0 ? parseBlockHeader(parentBlock ?? null) : undefined;
      if (end && parent !== null) return { logs, end, parent };
      logger.debug("block range end not known to the endpoint yet", { from, to });
      return null;
    };
    const range = await withRetry(ask, { ...lagRetry, retryAnswer: (answer) => answer === null });
    if (range) return range;
    throw new TransientError(`The RPC endpoint ${client.safeUrl} does not return block ${to}`, {
      details:
        "It announced a head it cannot serve yet. Nothing past the last committed range was written; retry later.",
    });
  };

  /**
   * A range the endpoint refuses is fetched in pieces (nextRangeSize.ts: at the cap it names, else
   * split). `trail.split`: the range was refused and fetched in pieces (its span says nothing of
   * the cap).
   */
  const fetchRange = async (from: number, to: number, trail: { split: boolean }): Promise<LogRange> => {
    if (to === from) return fetchBlock(from);
    try {
      return await request(from, to);
    } catch (error) {
      if (!isRangeRefusal(error)) throw error;
      const split = splitPoint(from, to, error);
      const refusal = { from, to, split, message: error.shortMessage, hint: error.rangeHint };
      sizing = sizeAfterRefusal(sizing, refusal, sizes);
      logger.debug("log range refused, splitting", { from, to, split, reason: error.shortMessage });
      trail.split = true;
      const parts = await Promise.all(splitRange(refusal, sizing).map(([a, b]) => fetchRange(a, b, trail)));
      return {
        logs: parts.flatMap((part) => part.logs),
        end: (parts[parts.length - 1] as LogRange).end,
        parent: (parts[0] as LogRange).parent,
      };
    }
  };

  /** A single block cannot be split further: its refusals are retried, then the run gives up. */
  const fetchBlock = async (block: number): Promise<LogRange> => {
    try {
      return await withRetry(() => request(block, block), {
        attempts: singleBlockAttempts,
        delay: { baseMs: 500, growth: "exponential" },
        retryError: isRangeRefusal,
      });
    } catch (error) {
      if (!isRangeRefusal(error)) throw error;
      throw new TransientError(`The RPC endpoint ${client.safeUrl} refuses the logs of block ${block}`, {
        details: `Last error: ${error.shortMessage}. A single block cannot be split further. Retry later, or use another endpoint (--rpc-url).`,
        cause: error,
      });
    }
  };

  return {
    get rangeSize() {
      return sizing.size;
    },
    async fetch(from, to) {
      const trail = { split: false };
      const range = await fetchRange(from, to, trail);
      if (!trail.split) sizing = sizeAfterLogs(sizing, to - from + 1, range.logs.length, sizes);
      return range;
    },
  };
}

function isRangeRefusal(error: unknown): error is RpcResponseError {
  return error instanceof RpcResponseError && error.kind === "range";
}

/** Where to split a refused range: the provider's suggestion when it makes one, else the middle. */
function splitPoint(from: number, to: number, error: RpcResponseError): number {
  const hint = error.rangeHint;
  if (hint.suggestedTo !== undefined && hint.suggestedTo >= from && hint.suggestedTo < to)
    return hint.suggestedTo;
  if (hint.maxBlocks !== undefined && from + hint.maxBlocks - 1 < to) return from + hint.maxBlocks - 1;
  return from + Math.floor((to - from) / 2);
}
