/** What a run had to index, and the caps the endpoint imposed (absent: no cap). */
export type BoundInput = {
  /** Blocks the run had to cover: from its first block to its target (0: nothing new). */
  blocks: number;
  /** SessionOpened and SessionClosed logs in those blocks (each one calls for at least one read). */
  logs: number;
  limits: { rangeCap?: number | undefined; batchCap?: number | undefined };
};

/**
 * The fewest HTTP requests any indexer can send to bring a complete index of the marketplace up to
 * its target, from facts none escapes (requests refused or answered 429 only add to a count):
 *
 * 1. The sessions of a block range are known only from the contract's logs: every block of the
 *    range is covered by an eth_getLogs, and one covers at most `rangeCap` blocks, so there are
 *    at least ⌈blocks / rangeCap⌉ eth_getLogs calls (1 without a cap, 0 with no block to cover).
 * 2. Each log calls for a view call (getSession, getBid, getModel, getProviderModelStats), and the
 *    ids it needs come only from those logs. All the reads may travel in one eth_call (Multicall3,
 *    or a deployless aggregate), so logs call for at least one eth_call, no more; and that call
 *    travels in a request sent after the answer to one carrying an eth_getLogs: two requests at
 *    the least.
 * 3. A request carries at most `batchCap` calls (a larger batch is refused), so there are at least
 *    ⌈calls / batchCap⌉ requests, where calls are those of 1 and 2. Several ranges may travel in
 *    one request: that is how a run does with far fewer requests than one per range.
 * 4. A run learns even that nothing is new from the chain: one request at the least.
 *
 * So: max(1, ⌈(G + R) / batchCap⌉, 1 + R), with G from 1 and R = 1 when there are logs, else 0.
 * It leaves out what an indexer may also need (the head, the chain id, the creation block, block
 * timestamps) and the result cap (a single block's logs are never refused): a bound that counts
 * less is still a bound.
 */
export function lowerBoundRequests({ blocks, logs, limits }: BoundInput): number {
  const getLogs = blocks <= 0 ? 0 : limits.rangeCap === undefined ? 1 : Math.ceil(blocks / limits.rangeCap);
  const reads = logs > 0 ? 1 : 0;
  const calls = getLogs + reads;
  const batches = limits.batchCap === undefined ? Math.min(calls, 1) : Math.ceil(calls / limits.batchCap);
  return Math.max(1, batches, 1 + reads);
}

/**
 * Not a bound: one request per range of `rangeCap` blocks and one per `batchCap` view calls
 * (one each without a cap), as if no request carried two ranges, nor a range and reads, and
 * every view call were a call of its own. The figure the goal "≤ 1.5 × … of requests" was first
 * stated against (issue 30 item 5: runs that batch several ranges a request do with fewer).
 */
export function oneRequestPerRangeAndBatch(
  blocks: number,
  reads: number,
  limits: { rangeCap?: number | undefined; batchCap?: number | undefined },
): number {
  const per = (count: number, cap: number | undefined) =>
    count <= 0 ? 0 : cap === undefined ? 1 : Math.ceil(count / cap);
  return per(blocks, limits.rangeCap) + per(reads, limits.batchCap);
}
